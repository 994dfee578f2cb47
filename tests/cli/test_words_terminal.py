"""The terminal speaks the player's language (issue 21): ``--lang fr`` / ``SOLOTABLE_LANG=fr``.

French output is checked against the French catalog's own sentences; the pseudo-locale run
(every catalog string wrapped in ⟦ ⟧) finds any frame text that did not come through the
catalog; results are stored language-neutral, and an older version's English outcome still
displays.
"""

from __future__ import annotations

import json
import os
import sqlite3

import pytest
from rich.console import Console
from typer.testing import CliRunner

import solotable
import tests.toy_game as toy
from solotable.cli import main as cli_main
from solotable.cli.chooser import options_table, presets_table
from solotable.cli.main import app, main
from solotable.cli.session import COMMANDS, TerminalPlay
from solotable.core.message import msg
from solotable.session.session import GameSession, Seat
from solotable.session.store import STORE_NAME, Store
from solotable.words import ENV, words
from tests.words.pseudo import stray_words

runner = CliRunner()


@pytest.fixture(autouse=True)
def wide(monkeypatch):
    """The CLI's consoles wide enough that no table cell wraps (a scan reads whole lines)."""
    monkeypatch.setattr(cli_main.console, "width", 240)
    monkeypatch.setattr(cli_main.err_console, "width", 240)


@pytest.fixture
def lang(monkeypatch):
    """Set the terminal's language for one test (restored after, even if ``--lang`` set it)."""

    def choose(value: str) -> None:
        monkeypatch.setenv(ENV, value)

    choose("en")
    return choose


def play(tmp_path, lines, *, options=None, seats=None, at_end="r", seed=3):
    """A toy-race session in the terminal: (front, choice, printed text, prompts read)."""
    store = Store(tmp_path / STORE_NAME)
    session = GameSession.start(
        "toy-race",
        options or {"target": 6, "skipping": True},
        seats or [Seat(), Seat("first")],
        seed=seed,
        store=store,
    )
    console = Console(record=True, width=200)
    prompts: list[str] = []
    todo = iter(lines)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if "(c)" in prompt:  # the end-of-game question
            return at_end
        try:
            return next(todo)
        except StopIteration:
            raise EOFError from None

    front = TerminalPlay(session, console, read)
    choice = front.run()
    return front, choice, console.export_text(), prompts


def test_a_french_session_reads_its_words_from_the_catalog(tmp_path, lang):
    lang("fr")
    script = ["aide", "coups", "fly", "carte", "journal", "annuler"] + ["take"] * 20
    front, choice, out, prompts = play(tmp_path, script)
    assert front.session.is_over() and choice == "again"  # « r » for « rejouer »
    assert "Commandes" in out and "coups [PRÉFIXE]" in out and "aide " in out
    assert "En français aussi" in out
    assert "coups permis" in out and "sens" in out
    assert "impossible de lire «\u00a0fly\u00a0»" in out and "(tapez coups ou aide)" in out
    assert "dites quelle carte\u00a0: carte CARTE" in out
    assert "annulation impossible\u00a0: vous n’avez joué aucun coup à reprendre" in out
    assert "scores finaux\u00a0: vous " in out
    assert any(p.endswith("votre coup> ") for p in prompts)
    assert any(p.startswith("rejouer (r)") for p in prompts)
    for english in ("legal moves", "Commands", "cannot read", "your move", "final scores"):
        assert english not in out + "".join(prompts)


def test_the_same_session_in_english_is_unchanged(tmp_path, lang):
    _, choice, out, prompts = play(tmp_path, ["help", "moves", "fly"] + ["take"] * 20, at_end="a")
    assert choice == "again" and "Commands" in out and "legal moves" in out
    assert "cannot read 'fly'" in out and "(type moves or help)" in out
    assert any(p.endswith("your move> ") for p in prompts)


def test_hint_and_resignation_lines_are_french(tmp_path, lang):
    lang("fr")
    _, _, out, _ = play(tmp_path, ["indice", "abandon"], options={"target": 30})
    assert "indice\u00a0: " in out  # the hint's first line
    assert "abandon de vous" not in out and "vous avez abandonné" in out


def test_lang_option_and_environment_choose_french_for_history_stats_and_errors(
    tmp_path, monkeypatch, lang, capsys
):
    monkeypatch.setenv("SOLOTABLE_HOME", str(tmp_path))
    play(tmp_path, ["take"] * 20, at_end="")  # the store the CLI opens (SOLOTABLE_HOME)
    r = runner.invoke(app, ["--lang", "fr", "history"])
    assert r.exit_code == 0, r.output
    assert "vos parties, les plus récentes d’abord" in r.output and "résultat" in r.output
    lang("fr")
    s = runner.invoke(app, ["stats", "toy-race"])
    assert s.exit_code == 0, s.output
    assert "1 partie" in s.output and "par réglages et par catégorie" in s.output
    with pytest.raises(SystemExit) as stop:
        main(["play", "no-such-game"])
    assert stop.value.code == 2
    assert "erreur\u00a0: jeu 'no-such-game' inconnu" in capsys.readouterr().err
    lang("en")
    e = runner.invoke(app, ["history"])
    assert "your games, newest first" in e.output


def test_lang_option_is_for_its_own_command_only(tmp_path, monkeypatch, lang):
    """``--lang fr`` must not stick to the process: the next command run in it (a test
    runner, a shell embedding the CLI) speaks its own language again."""
    monkeypatch.setenv("SOLOTABLE_HOME", str(tmp_path))
    play(tmp_path, ["take"] * 20, at_end="")
    fr = runner.invoke(app, ["--lang", "fr", "history"])
    assert "vos parties, les plus récentes d’abord" in fr.output
    en = runner.invoke(app, ["history"])
    assert en.exit_code == 0, en.output
    assert "your games, newest first" in en.output and "vos parties" not in en.output
    assert os.environ[ENV] == "en"


def test_results_are_stored_language_neutral_and_old_english_outcomes_still_show(
    tmp_path, monkeypatch, lang
):
    monkeypatch.setenv("SOLOTABLE_HOME", str(tmp_path))
    lang("fr")
    play(tmp_path, ["abandon"], options={"target": 30}, at_end="")
    db = sqlite3.connect(tmp_path / STORE_NAME)
    (stored,) = db.execute("SELECT result FROM games").fetchone()
    outcome = json.loads(stored)["outcome"]
    assert outcome["key"] == "core.outcome.forfeit"  # data, no French in the store
    assert "abandon" not in stored
    lang("en")
    assert "player 1 resigned" in runner.invoke(app, ["history"]).output
    # A game an older version stored: its outcome is an English sentence, shown as it is.
    old = json.dumps({"outcome": "you won by 3 points", "scores": [6, 3]})
    db.execute("UPDATE games SET result = ?", (old,))
    db.commit()
    db.close()
    r = runner.invoke(app, ["--lang", "fr", "history"])
    assert r.exit_code == 0, r.output
    assert "you won by 3 points" in r.output and "vos parties" in r.output


# -- the pseudo-locale: nothing of the frame escapes the catalog -------------------------


def _toy_words_through_the_catalog(monkeypatch):
    """The toy game's own words (its board, outcome and refusals) said through a catalog,
    as a real game's formatter does, so that what remains outside ⟦ ⟧ is the frame's."""

    def draw(self, observation, words):
        return words._("points %(points)s", points=str(observation["points"]))

    monkeypatch.setattr(toy.ToyGame, "draw", draw)
    monkeypatch.setattr(toy.ToyState, "outcome", lambda self: msg("core.illegal.game-over"))
    real = toy.ToyState.illegal_reason
    monkeypatch.setattr(
        toy.ToyState,
        "illegal_reason",
        lambda self, a: None if real(self, a) is None else msg("core.illegal.not-now"),
    )


ALLOWED = frozenset(
    {
        *COMMANDS,
        *toy.NAMES.values(),  # notation
        "roll",  # roll1 (notation) is read as the word "roll"
        "first",  # the agent named on the command line
        "fly",  # what the player typed
        "solotable",  # the program's name in commands to type
        "play",
        "continue",
        "load",
        "save",
        "export",
        "FILE",
        "json",
    }
)
"""What may stand outside the brackets: commands, notation, the player's own text."""


def test_pseudo_locale_finds_no_frame_text_outside_the_catalog(tmp_path, monkeypatch, lang):
    _toy_words_through_the_catalog(monkeypatch)
    lang("qps")
    script = ["help", "moves", "fly", "double", "info", "info crab", "log", "hint", "undo"]
    script += ["take"] * 3 + ["save", "board", "moves zz", "resign"]
    front, _, out, prompts = play(tmp_path, script, options={"target": 30})
    assert front.session.is_over()
    ids = set(stray_words(front.session.id[:8]))
    lines = [*out.splitlines(), *prompts]
    stray = [(line, w) for line in lines for w in stray_words(line, ALLOWED | ids)]
    # the save file is named for the game: toy-race-<id>.json
    stray = [(line, w) for line, w in stray if not (w in ("toy", "race") and ".json" in line)]
    assert stray == [], sorted({f"{w} in {line!r}" for line, w in stray})
    assert "⟦" in out  # the scan saw bracketed words, so it is looking at the real output


def test_pseudo_locale_history_stats_and_chooser_tables(tmp_path, monkeypatch, lang):
    _toy_words_through_the_catalog(monkeypatch)
    monkeypatch.setenv("SOLOTABLE_HOME", str(tmp_path))
    play(tmp_path, ["take"] * 20, at_end="")
    lang("qps")
    # The toy game has no words of its own: its option keys, help notes and values are the
    # game's (a real game's formatter says them), not the frame's.
    info = toy.ToyGame.info
    game_words = {*info.presets}
    for spec in info.options:
        game_words |= {*stray_words(spec.name), *stray_words(spec.help)}
        game_words |= {*stray_words(" ".join(map(str, spec.choices or ())))}
    allowed = ALLOWED | game_words | {"toy", "race", "Toy"}
    for row in Store(tmp_path / STORE_NAME).history(None, 10):  # game ids are not words
        allowed |= set(stray_words(row["id"][:8]))
    for args in (["history"], ["stats", "toy-race"]):
        r = runner.invoke(app, args)
        assert r.exit_code == 0, r.output
        found = [w for line in r.output.splitlines() for w in stray_words(line, allowed)]
        assert found == [], (args, found, r.output)
    # The chooser's tables (the frame: headings, yes/no, "Values" must be bracketed).
    console = Console(record=True, width=240)
    console.print(options_table(words(), info))
    console.print(presets_table(words(), info))
    text = console.export_text()
    found = [w for line in text.splitlines() for w in stray_words(line, allowed)]
    assert found == [], (found, text)
    assert "⟦options⟧" in text and "⟦presets⟧" in text


def test_a_malformed_record_is_one_french_line(tmp_path, lang, capsys):
    lang("fr")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "solotable-record", "version": 1, "game": "toy-race"}))
    with pytest.raises(SystemExit) as stop:
        main(["replay", "--check", str(bad)])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert f"{bad}\u00a0: champ 'options' manquant" in err and "Traceback" not in err
    lang("en")
    with pytest.raises(SystemExit):
        main(["replay", "--check", str(bad)])
    assert f"{bad}: missing field 'options'" in capsys.readouterr().err


@pytest.mark.parametrize("game", ["dice-miner", "divercite", "mini-divercity", "51st-state"])
def test_pseudo_locale_frame_of_every_game(game, tmp_path, lang):
    """Each real game in the terminal: its prompts, the help, a refused undo and the end of a
    resigned game are all catalog words (the board and the game's own sentences are the
    game's formatter's, checked by each game's words tests)."""
    lang("qps")
    store = Store(tmp_path / STORE_NAME)
    players = solotable.load_game(game).num_players()
    seats = [Seat()] + [Seat("random") for _ in range(players - 1)]
    session = GameSession.start(game, {}, seats, seed=5, store=store)
    console = Console(record=True, width=240)
    chunks: dict[str, str] = {}
    prompts: list[str] = []
    script = iter(["help", "undo", "resign"])
    last = ["start"]

    def read(prompt: str) -> str:
        chunks[last[0]] = chunks.get(last[0], "") + console.export_text(clear=True)
        prompts.append(prompt)
        try:
            last[0] = next(script)
        except StopIteration:
            raise EOFError from None
        return last[0]

    front = TerminalPlay(session, console, read)
    front.run()
    assert session.is_over()
    ids = set(stray_words(session.id[:8]))
    checked = [*prompts, chunks["help"], chunks["undo"], chunks["resign"]]
    stray = [w for text in checked for w in stray_words(text, ALLOWED | ids | {"random"})]
    assert stray == [], (stray, checked)
    # "you resigned", or the seat as a two-player game names it ("White resigned")
    assert "⟦Commands⟧" in chunks["help"] and "resigned⟧" in chunks["resign"]
    if session.result().score_key is not None:  # a given-up game does not claim hints
        assert "⟦not counted for best scores (the game was given up)⟧" in chunks["resign"]
