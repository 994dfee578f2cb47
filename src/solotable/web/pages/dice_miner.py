"""Dice Miner drawn as SVG dice: the mountain as a pyramid, the collection by type.

The observation gives each die as a face code; the game's ``card_catalog()`` says what a code
shows (its type and symbols), and the moves come as data (``Move.info``: kind, arguments,
``targets`` such as ``slot:c2``), so nothing here reads notation or a face's label. Each type
has its own colour *and* its own letter and icon shapes, so nothing is told by colour alone.
Moves are grouped per slot: clicking a die with one move plays it, a die with several (a beer
face to choose, hide or not) opens a chooser with one button per move. Every word comes from
the ``dice_miner`` catalog (``w``, and ``_()`` in the template).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from solotable.core.game import Game, Observation
from solotable.core.message import msg
from solotable.web.pages.base import GamePage, Move
from solotable.words import Tr, Words

DIE = 64
GAP = 8
TYPES = ("tunnel", "treasure", "magic", "hazard", "tool")


class Dice:
    """The faces of this game's dice table, said in the player's language."""

    def __init__(self, game: Game, w: Words) -> None:
        self.w = w
        catalog = game.card_catalog()
        self.faces = {int(e["code"]): e for e in catalog if e.get("kind") == "face"}
        self.bands = {str(e["name"]): e for e in catalog if e.get("kind") == "band"}
        self._seen: dict[int, dict[str, Any]] = {}

    def face(self, code: int) -> dict[str, Any]:
        """What a die showing ``code`` looks like: type, letter, symbol, count, words."""
        found = self._seen.get(code)
        if found is not None:
            return found
        e = self.faces[code]
        die = {"type": e["type"], "symbols": e["symbols"]}
        symbol, count = e["symbols"][0] if e["symbols"] else ("beer", 1)
        found = {
            "code": code,
            "type": e["type"],
            "letter": self.w.say(msg("dice-miner.type-letter", type=e["type"])),
            "symbol": symbol,
            "count": count,
            "number": symbol == "n",
            "words": self.w.say(msg("dice-miner.die", **die)),
        }
        self._seen[code] = found
        return found


def _move(m: Move) -> dict[str, Any]:
    return {"n": m.notation, "w": m.words}


def _mountain(
    obs: Observation, moves: Sequence[Move], dice: Dice
) -> tuple[list[dict[str, Any]], int, int]:
    rows: list[int] = obs["rows"]
    names: list[str] = obs["slots"]
    codes: list[int | None] = obs["position"]["mountain"]
    exposed = set(obs["exposed"])
    per_target: dict[str, list[Move]] = {}
    for m in moves:
        for target in m.info.targets:
            per_target.setdefault(target, []).append(m)
    width = rows[0] * (DIE + GAP) + GAP
    height = len(rows) * (DIE + GAP) + GAP
    out = []
    first = 0
    for r, n in enumerate(rows):
        y = height - (r + 1) * (DIE + GAP)
        x0 = GAP + (rows[0] - n) * (DIE + GAP) / 2
        for i in range(n):
            slot = names[first + i]
            code = codes[first + i]
            slot_moves = per_target.get(f"slot:{slot}", [])
            out.append(
                {
                    "slot": slot,
                    "x": x0 + i * (DIE + GAP),
                    "y": y,
                    "die": dice.face(code) if code is not None else None,
                    "exposed": slot in exposed,
                    "moves": [_move(m) for m in slot_moves],
                    "recycle": any(m.info.kind == "recycle" for m in slot_moves),
                }
            )
        first += n
    return out, width, height


def _collection(obs: Observation, dice: Dice) -> dict[str, list[dict[str, Any]]]:
    pos = obs["position"]
    hidden: list[int] = pos["hidden"]
    groups: dict[str, list[dict[str, Any]]] = {t: [] for t in TYPES}
    groups["hidden"] = []
    for code, n in enumerate(pos["collection"]):
        shown = n - hidden[code]
        if shown > 0:
            face = dice.face(code)
            groups.setdefault(face["type"], []).append({**face, "times": shown})
    for code, n in enumerate(hidden):
        if n:
            groups["hidden"].append({**dice.face(code), "times": n})
    return groups


def context(
    game: Game, obs: Observation, moves: Sequence[Move], seat: int, w: Words
) -> dict[str, Any]:
    """The pyramid, the collection, the counters and the non-die moves as buttons."""
    t = w.game(game.name)
    dice = Dice(game, w)
    mountain, width, height = _mountain(obs, moves, dice)
    spend = {m.info.args.get("code"): m for m in moves if m.info.kind == "spend"}
    collection = _collection(obs, dice)
    magic = [
        {"face": f, "times": f["times"], "spend": spend.get(f["code"])} for f in collection["magic"]
    ]
    choices = [
        {"notation": m.notation, "words": m.words, "kind": m.info.kind}
        for m in moves
        if m.info.kind in ("face", "refill")
    ]
    stop = next((m for m in moves if m.info.kind == "stop"), None)
    runs: Mapping[str, int] = obs["open_runs"]
    band = str(obs["band"])
    band_text = str(dice.bands[band]["text"]) if band in dice.bands else ""
    return {
        "phase": obs["phase"],
        "mountain": mountain,
        "width": width,
        "height": height,
        "die": DIE,
        "collection": collection,
        "runs": sorted((int(top), n) for top, n in runs.items()),
        "full_runs": obs["full_runs"],
        "tools": obs["tools"],
        "magic": magic,
        "magic_symbols": obs["magic_symbols"],
        "refills_left": obs["refills_left"],
        "recycles_left": obs["recycles_left"],
        "bag_total": obs["bag_total"],
        "score": obs["score"],
        "band": t.term(band),
        "band_text": t.term(band_text) if band_text else "",
        "over": bool(obs["over"]),
        "choices": choices,
        "stop": {"notation": stop.notation, "words": stop.words} if stop else None,
        "costly": _stop_cost(t, stop, moves, int(obs["score"]["total"])),
    }


def _stop_cost(t: Tr, stop: Move | None, moves: Sequence[Move], score: int) -> dict[str, str]:
    """Stopping asks first while other moves remain (issue 35: one click among the ordinary
    choices ended a game after 4 moves at 0 points, then its best score): the table's
    confirmation (``view.confirm_moves``, asked every time) says what it gives up."""
    if stop is None or len(moves) < 2:
        return {}
    return {
        stop.notation: t.ngettext(
            "the game ends here at %(n)s point, though other moves remain",
            "the game ends here at %(n)s points, though other moves remain",
            score,
        )
    }


PAGE = GamePage("dice-miner", "games/dice_miner.html", context)
