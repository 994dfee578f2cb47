"""The solo 51st State position: phases, chance nodes and every card effect.

Decks are unordered multisets (count vectors over card types): a draw is a
chance node weighted by counts, and a reshuffle just moves the discard
counts back into the draw pile. Only the order of the draw pile and of the
virtual opponent's deck is unknown to the player, and the state holds none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solotable.core.game import State
from solotable.core.players import CHANCE, TERMINAL
from solotable.core.rng import Rng
from solotable.core.scorebook import settings_key
from solotable.games.fifty_first_state import actions as K
from solotable.games.fifty_first_state.cards import (
    E_ACTION,
    E_KEEP,
    E_PER_ICON,
    E_PRODUCE,
    PRODUCTION,
    CardSet,
)
from solotable.games.fifty_first_state.goods import (
    AMMO,
    BASIC,
    BLUE,
    BRICK,
    CARD,
    DEVELOPMENT,
    GREY,
    NUM_GOODS,
    RED,
    UNIVERSAL,
    VP,
    WORKER,
    Vector,
)

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.game import FiftyFirstStateGame

ROUNDS = 6
START_HAND = 4
OPPONENT_START = 3
LOOKOUT_EXTRA = 3

# Phases.
PICK, SETUP, FLIP, LK_DRAW, LK_DECIDE, LK_EXTRA, LK_REVEAL, ACTIONS, STORE, END = range(10)
PHASE_NAMES = (
    "faction",
    "setup",
    "lookout",
    "lookout",
    "lookout",
    "lookout",
    "lookout",
    "actions",
    "cleanup",
    "end",
)
_IS_CHANCE = (True, True, True, True, False, True, True, False, False, False)
_STORE_GOODS = (0, 1, 2, 3, WORKER)  # fuel gun iron brick worker


class FiftyFirstStateState(State):
    """One position of the solo game (player 0 against the virtual opponent deck)."""

    __slots__ = (
        "L",
        "aside",
        "conn_discard",
        "conn_pile",
        "cs",
        "deals",
        "discard",
        "extra_left",
        "fac_used",
        "face_up",
        "faction",
        "flip_idx",
        "game",
        "goods",
        "hand",
        "history",
        "lk_refused",
        "lk_step",
        "locs",
        "opp",
        "opp_deck",
        "opp_n",
        "pending_card",
        "pending_draws",
        "phase",
        "pile",
        "pile_n",
        "rerolls",
        "rng",
        "round",
        "st",
        "tally",
        "vp",
    )

    game: FiftyFirstStateGame

    def __init__(self, game: FiftyFirstStateGame, seed: int = 0, *, blank: bool = False) -> None:
        self.game = game
        self.cs: CardSet = game.cards
        self.L: K.Layout = game.layout
        self.rng = Rng(seed)
        self.history = []
        if blank:
            return
        cs = self.cs
        n = cs.n
        self.phase = PICK
        self.round = 0
        self.faction = game.fixed_faction
        self.pile = list(cs.copies)
        self.pile_n = sum(cs.copies)
        self.discard = [0] * n
        self.aside = [0] * n
        self.hand = [0] * self.L.h
        self.opp_deck = [0] * n
        self.opp_n = 0
        self.opp: list[list[int]] = []
        self.locs: list[list[Any]] = []
        self.deals = [0] * n
        self.goods = [0] * NUM_GOODS
        self.st = [0] * NUM_GOODS
        self.vp = 0
        self.fac_used = 0
        self.pending_draws = 0
        self.pending_card = -1
        self.lk_step = 0
        self.lk_refused = False
        self.rerolls = 0
        self.extra_left = 0
        self.flip_idx = 0
        self.conn_pile = list(cs.conn_copies)
        self.conn_discard = [0] * len(cs.conn_copies)
        self.face_up = [-1, -1]
        # built, deals made, razed, developed, reshuffles, location uses, opponent uses
        self.tally = [0] * 7
        if self.faction >= 0:
            self.phase = SETUP

    # ------------------------------------------------------------------ turn
    def current_player(self) -> int:
        ph = self.phase
        if ph == END:
            return TERMINAL
        if self.pending_draws > 0 or _IS_CHANCE[ph]:
            return CHANCE
        return 0

    # --------------------------------------------------------------- chance
    def chance_outcomes(self) -> list[tuple[int, float]]:
        ph = self.phase
        L = self.L
        if self.pending_draws > 0 or ph in (SETUP, LK_DRAW, LK_EXTRA):
            inv = 1.0 / self.pile_n
            base = L.DRAW
            return [(base + t, c * inv) for t, c in enumerate(self.pile) if c]
        if ph == LK_REVEAL:
            tot = self.opp_n
            return [(L.REVEAL + t, c / tot) for t, c in enumerate(self.opp_deck) if c]
        if ph == FLIP:
            col = self.flip_idx
            deck = self.cs.conn_deck
            items = [(i, c) for i, c in enumerate(self.conn_pile) if c and deck[i] == col]
            tot = sum(c for _, c in items)
            return [(L.FLIP + i, c / tot) for i, c in items]
        if ph == PICK:
            k = len(self.game.factions.factions)
            return [(L.PICK + i, 1.0 / k) for i in range(k)]
        raise ValueError("not a chance node")

    def sample_chance(self) -> int:
        """Deck draws pick straight from the counts (the hot path of playouts)."""
        if self.pending_draws > 0 or self.phase in (SETUP, LK_DRAW, LK_EXTRA):
            return self.L.DRAW + self.rng.weighted_choice(self.pile, self.pile_n)
        return super().sample_chance()

    # ---------------------------------------------------------------- legal
    def legal_actions(self) -> list[int]:
        ph = self.phase
        if ph == END:
            return []
        if self.pending_draws > 0 or _IS_CHANCE[ph]:
            return [a for a, _ in self.chance_outcomes()]
        if ph == LK_DECIDE:
            return [K_KEEP, K_REFUSE]
        if ph == STORE:
            return self._store_actions()
        return self._action_phase_moves()

    def _store_actions(self) -> list[int]:
        out = [K_DONE]
        gcap, wcap = self._keep_room()
        g = self.goods
        for i, good in enumerate(_STORE_GOODS):
            room = wcap if good == WORKER else gcap
            if room > 0 and g[good] > 0:
                out.append(self.L.STORE + i)
        return out

    def _keep_room(self) -> tuple[int, int]:
        """Free room on keep-through-Cleanup cards: (basic goods, workers)."""
        cs = self.cs
        gcap = wcap = 0
        for loc in self.locs:
            t = loc[0]
            if cs.effect[t] == E_KEEP:
                s = loc[2]
                gcap += cs.keep[t][0] - (s[0] + s[1] + s[2] + s[3])
                wcap += cs.keep[t][1] - s[WORKER]
        return gcap, wcap

    def _action_phase_moves(self) -> list[int]:
        cs = self.cs
        L = self.L
        n = L.n
        out = [0]
        hand = self.hand
        g = self.goods
        st = self.st
        workers = g[WORKER] + st[WORKER]
        have_dev = g[DEVELOPMENT] + st[DEVELOPMENT] > 0
        have_brick = g[BRICK] + st[BRICK] + g[AMMO] + st[AMMO] > 0
        loc_types = sorted({loc[0] for loc in self.locs}) if have_dev or have_brick else []
        compat = self.game.develop_compat
        grey = g[GREY] + st[GREY]
        blue = g[BLUE] + st[BLUE]
        red = g[RED] + st[RED]
        univ = g[UNIVERSAL] + st[UNIVERSAL]
        dist = cs.distance
        for t in [t for t in range(n) if hand[t]]:
            d = dist[t]
            if grey + univ >= d:
                out.append(L.BUILD + t)
            if blue + univ >= d:
                out.append(L.DEAL + t)
            if red + univ >= d:
                out.append(L.RAZE + t)
            if loc_types:
                ct = compat[t]
                dev0 = L.DEV + t * n
                dev1 = dev0 + n * n
                if have_brick:
                    out.extend([dev0 + u for u in loc_types if ct >> u & 1])
                if have_dev:
                    out.extend([dev1 + u for u in loc_types])
        seen = 0
        for loc in self.locs:
            t = loc[0]
            if loc[1] <= 0 or cs.effect[t] != E_ACTION or seen >> t & 1:
                continue
            seen |= 1 << t
            out.extend(self._use_moves(t))
        fac = self.game.factions.factions[self.faction]
        for k in range(3):
            if self.fac_used >> k & 1 or not self.can_pay(fac.action_cost[k]):
                continue
            if fac.action_card[k]:
                base = L.FAC_CARD + k * L.h
                out.extend(base + h for h in range(L.h) if hand[h])
            else:
                out.append(L.FAC + k)
        if workers >= 2:
            out.extend(range(L.WORK, L.WORK + 5))
            if self.face_up[0] >= 0:
                out.append(L.TAKE)
            if self.face_up[1] >= 0:
                out.append(L.TAKE + 1)
        for c in range(L.c):
            if hand[n + c] and self.can_pay(cs.conn_cost[c]):
                out.append(L.PLAY + c)
        if workers >= 1 and self.opp:
            used = 0
            for o in self.opp:
                if not o[1] and not used >> o[0] & 1:
                    used |= 1 << o[0]
                    out.append(L.OPP + o[0])
        out.sort()
        return out

    def _use_moves(self, t: int) -> list[int]:
        cs = self.cs
        L = self.L
        cost = cs.act_cost[t]
        if cs.act_any[t]:
            # Only goods actually held are offered: paying "gun" with ammo would
            # duplicate "use X ammo".
            g = self.goods
            st = self.st
            return [
                L.use(t, 1 + i)
                for i in range(5)
                if g[i] + st[i] > 0 and self.can_pay(_plus(cost, (i, 1)))
            ]
        if not self.can_pay(cost):
            return []
        if cs.act_deal[t]:
            return [L.use(t, 6 + d) for d, c in enumerate(self.deals) if c]
        if cs.act_choice[t]:
            return [L.use(t, 1 + i) for i in range(4)]
        return [L.use(t)]

    # -------------------------------------------------------------- payment
    def can_pay(self, cost: Vector) -> bool:
        g = self.goods
        st = self.st
        ammo_short = 0
        univ_short = 0
        for good, n in cost:
            have = g[good] + st[good]
            if have >= n:
                continue
            if good < AMMO:
                ammo_short += n - have
            elif GREY <= good <= RED:
                univ_short += n - have
            else:
                return False
        if ammo_short:
            need = ammo_short + sum(n for good, n in cost if good == AMMO)
            if g[AMMO] + st[AMMO] < need:
                return False
        if univ_short:
            need = univ_short + sum(n for good, n in cost if good == UNIVERSAL)
            if g[UNIVERSAL] + st[UNIVERSAL] < need:
                return False
        return True

    def pay(self, cost: Vector) -> None:
        """Spend a payable cost: supply first, then ammo/universal, then stored goods."""
        g = self.goods
        for good, n in cost:
            take = min(g[good], n)
            g[good] -= take
            n -= take
            if not n:
                continue
            sub = AMMO if good < AMMO else UNIVERSAL if GREY <= good <= RED else -1
            if sub >= 0:
                take = min(g[sub], n)
                g[sub] -= take
                n -= take
            if n:
                n = self._take_stored(good, n)
            if n and sub >= 0:
                n = self._take_stored(sub, n)
            if n:
                raise AssertionError("pay() called with an unaffordable cost")

    def _pay_exact(self, good: int, n: int) -> None:
        """Spend ``n`` of exactly ``good``: supply first, then goods stored on cards."""
        g = self.goods
        take = min(g[good], n)
        g[good] -= take
        if self._take_stored(good, n - take):
            raise AssertionError("_pay_exact() called with an unaffordable cost")

    def _take_stored(self, good: int, n: int) -> int:
        for loc in self.locs:
            s = loc[2]
            if n and s[good]:
                take = min(s[good], n)
                s[good] -= take
                self.st[good] -= take
                n -= take
        return n

    def gain(self, vec: Vector, times: int = 1) -> None:
        g = self.goods
        for good, n in vec:
            if good == VP:
                self.vp += n * times
            elif good == CARD:
                self.pending_draws += n * times
            else:
                g[good] += n * times

    # --------------------------------------------------------------- apply
    def _apply(self, a: int) -> None:
        L = self.L
        if self.pending_draws > 0:
            t = a - L.DRAW
            self._take_from_pile(t)
            self.hand[t] += 1
            self.pending_draws -= 1
        else:
            ph = self.phase
            if ph == ACTIONS:
                self._do_action(a)
            elif ph == LK_DRAW:
                self._lookout_draw(a - L.DRAW)
            elif ph == LK_DECIDE:
                self._lookout_decide(a == K_KEEP)
            elif ph == LK_EXTRA:
                t = a - L.DRAW
                self._take_from_pile(t)
                if self.cs.open[t]:
                    self.opp_deck[t] += 1
                    self.opp_n += 1
                else:
                    self.discard[t] += 1
                self.extra_left -= 1
            elif ph == LK_REVEAL:
                t = a - L.REVEAL
                self.opp_deck[t] -= 1
                self.opp_n -= 1
                self.opp.append([t, 0])
                self._production()
            elif ph == STORE:
                if a == K_DONE:
                    self._finish_cleanup()
                else:
                    self._store(_STORE_GOODS[a - L.STORE])
            elif ph == SETUP:
                t = a - L.DRAW
                self._take_from_pile(t)
                if self.cs.open[t]:
                    self.opp_deck[t] += 1
                    self.opp_n += 1
                    if self.opp_n == OPPONENT_START:
                        for i, c in enumerate(self.aside):
                            self.pile[i] += c
                            self.pile_n += c
                            self.aside[i] = 0
                        self.pending_draws = START_HAND
                        self._start_round()
                else:
                    self.aside[t] += 1
            elif ph == FLIP:
                c = a - L.FLIP
                self.conn_pile[c] -= 1
                self.face_up[self.flip_idx] = c
                self.flip_idx += 1
            elif ph == PICK:
                self.faction = a - L.PICK
                self.phase = SETUP
        self._settle()

    def _take_from_pile(self, t: int) -> None:
        self.pile[t] -= 1
        self.pile_n -= 1

    def _reshuffle(self) -> bool:
        """Discard → draw pile when a draw finds the pile empty (spec §9 A8)."""
        moved = sum(self.discard)
        if not moved:
            return False
        for i, c in enumerate(self.discard):
            self.pile[i] += c
            self.discard[i] = 0
        self.pile_n += moved
        self.tally[4] += 1
        return True

    def _settle(self) -> None:
        """Run the automatic steps until a decision or a real chance node."""
        while True:
            if self.pending_draws > 0:
                if self.pile_n or self._reshuffle():
                    return
                self.pending_draws = 0
            ph = self.phase
            if ph == FLIP:
                if self.flip_idx > 1:
                    self._begin_lookout()
                    continue
                col = self.flip_idx
                deck = self.cs.conn_deck
                if not any(c for i, c in enumerate(self.conn_pile) if deck[i] == col):
                    for i, c in enumerate(self.conn_discard):
                        if deck[i] == col and c:
                            self.conn_pile[i] += c
                            self.conn_discard[i] = 0
                    if not any(c for i, c in enumerate(self.conn_pile) if deck[i] == col):
                        self.flip_idx += 1
                        continue
                return
            if ph == LK_DRAW:
                if self.pile_n or self._reshuffle():
                    return
                self._next_lookout_step()
                continue
            if ph == LK_EXTRA:
                if self.extra_left <= 0:
                    self.phase = LK_REVEAL
                    continue
                if self.pile_n or self._reshuffle():
                    return
                self.extra_left = 0
                continue
            if ph == LK_REVEAL:
                if self.opp_n:
                    return
                self._production()
                continue
            return

    # -------------------------------------------------------------- rounds
    def _start_round(self) -> None:
        self.round += 1
        self.phase = FLIP
        self.flip_idx = 0

    def _begin_lookout(self) -> None:
        cs = self.cs
        self.rerolls = sum(c for t, c in enumerate(self.deals) if c and cs.deal_reroll[t]) + sum(
            1 for loc in self.locs if cs.built_reroll[loc[0]]
        )
        self.lk_step = 0
        self.lk_refused = False
        self.phase = LK_DRAW

    def _lookout_draw(self, t: int) -> None:
        self._take_from_pile(t)
        forced = self.lk_refused if self.lk_step < 2 else self.rerolls <= 0
        if forced:
            self.hand[t] += 1
            self._next_lookout_step()
        else:
            self.pending_card = t
            self.phase = LK_DECIDE

    def _lookout_decide(self, keep: bool) -> None:
        t = self.pending_card
        self.pending_card = -1
        if keep:
            self.hand[t] += 1
            self._next_lookout_step()
            return
        self.discard[t] += 1
        if self.lk_step < 2:
            self.lk_refused = True
        else:
            self.rerolls -= 1
        self.phase = LK_DRAW

    def _next_lookout_step(self) -> None:
        self.lk_step += 1
        self.lk_refused = False
        if self.lk_step >= 3:
            self.extra_left = LOOKOUT_EXTRA
            self.phase = LK_EXTRA
        else:
            self.phase = LK_DRAW

    def _production(self) -> None:
        cs = self.cs
        fac = self.game.factions
        self.gain(fac.income)
        self.goods[fac.factions[self.faction].good] += 1
        for t, c in enumerate(self.deals):
            if c:
                self.gain(cs.deal[t], c)
        for loc in self.locs:
            t = loc[0]
            if cs.kind[t] == PRODUCTION:
                self._produce(t, self.locs)
            elif cs.effect[t] == E_KEEP:
                s = loc[2]
                for i in range(NUM_GOODS):
                    if s[i]:
                        self.goods[i] += s[i]
                        self.st[i] -= s[i]
                        s[i] = 0
        self.phase = ACTIONS

    def _produce(self, t: int, where: list[list[Any]]) -> None:
        cs = self.cs
        e = cs.effect[t]
        if e == E_PRODUCE:
            self.gain(cs.prod_gain[t])
        elif e == E_PER_ICON:
            good, m, mx = cs.per_icon[t]
            mask = cs.icon_mask
            k = sum(1 for loc in where if mask[loc[0]] & m)
            self.goods[good] += min(k, mx)

    def _store(self, good: int) -> None:
        cs = self.cs
        for loc in self.locs:
            t = loc[0]
            if cs.effect[t] != E_KEEP:
                continue
            s = loc[2]
            if good == WORKER:
                if s[WORKER] < cs.keep[t][1]:
                    break
            elif s[0] + s[1] + s[2] + s[3] < cs.keep[t][0]:
                break
        else:
            raise AssertionError("no room to store")
        loc[2][good] += 1
        self.st[good] += 1
        self.goods[good] -= 1

    def _pass(self) -> None:
        if self.round >= ROUNDS:
            self.phase = END
            return
        gcap, wcap = self._keep_room()
        g = self.goods
        if (gcap > 0 and any(g[i] for i in BASIC)) or (wcap > 0 and g[WORKER]):
            self.phase = STORE
            return
        self._finish_cleanup()

    def _finish_cleanup(self) -> None:
        self.goods = [0] * NUM_GOODS
        cs = self.cs
        for loc in self.locs:
            loc[1] = cs.act_uses[loc[0]]
        for o in self.opp:
            o[1] = 0
        self.fac_used = 0
        for i in (0, 1):
            c = self.face_up[i]
            if c >= 0:
                self.conn_discard[c] += 1
                self.face_up[i] = -1
        self._start_round()

    # -------------------------------------------------------------- actions
    def _do_action(self, a: int) -> None:
        L = self.L
        cs = self.cs
        if a == 0:
            self._pass()
            return
        kind, x, y, z = L.decode(a)
        if kind == K.BUILD:
            self.pay(((GREY, cs.distance[x]),))
            self.hand[x] -= 1
            self._place(x)
            self.tally[0] += 1
        elif kind == K.DEAL:
            self.pay(((BLUE, cs.distance[x]),))
            self.hand[x] -= 1
            self.deals[x] += 1
            self.gain(cs.deal[x])
            self.tally[1] += 1
        elif kind == K.RAZE:
            self.pay(((RED, cs.distance[x]),))
            self.hand[x] -= 1
            self.discard[x] += 1
            self.gain(cs.raze[x])
            self.tally[2] += 1
        elif kind == K.DEVELOP:
            self._develop(x, y, bool(z))
        elif kind == K.USE:
            self._use(x, y)
        elif kind == K.FACTION:
            fac = self.game.factions.factions[self.faction]
            self.pay(fac.action_cost[x])
            if y >= 0:
                self._discard_hand(y)
            self.gain(fac.action_gain[x])
            self.fac_used |= 1 << x
        elif kind == K.WORK:
            self.pay(((WORKER, 2),))
            if x == 4:
                self.pending_draws += 1
            else:
                self.goods[x] += 1
        elif kind == K.TAKE:
            self.pay(((WORKER, 2),))
            self.hand[L.n + self.face_up[x]] += 1
            self.face_up[x] = -1
        elif kind == K.PLAY:
            self.pay(cs.conn_cost[x])
            self.hand[L.n + x] -= 1
            self.conn_discard[x] += 1
            self.gain(cs.conn_gain[x])
        elif kind == K.OPP:
            self.pay(((WORKER, 1),))
            for o in self.opp:
                if o[0] == x and not o[1]:
                    o[1] = 1
                    break
            self._produce(x, [[o[0]] for o in self.opp])
            self.tally[6] += 1

    def _discard_hand(self, h: int) -> None:
        self.hand[h] -= 1
        n = self.L.n
        if h < n:
            self.discard[h] += 1
        else:
            self.conn_discard[h - n] += 1

    def _place(self, t: int, at: int = -1) -> None:
        """Put a card into the state as built: bonus, storage, immediate production."""
        cs = self.cs
        loc: list[Any] = [t, cs.act_uses[t], [0] * NUM_GOODS]
        if at < 0:
            self.locs.append(loc)
        else:
            self.locs[at] = loc
        if cs.kind[t] == PRODUCTION:
            self._produce(t, self.locs)
        self.gain(cs.bonus_gain[t])
        for good, n in cs.bonus_store[t]:
            loc[2][good] += n
            self.st[good] += n
        vpi = cs.bonus_vpi[t]
        if vpi is not None:
            m, mx = vpi
            mask = cs.icon_mask
            self.vp += min(mx, sum(1 for lo in self.locs if mask[lo[0]] & m))

    def _develop(self, t: int, u: int, token: bool) -> None:
        self.pay(((DEVELOPMENT, 1),) if token else ((BRICK, 1),))
        # Replace the copy with the fewest uses left: copies differ in nothing else
        # that survives the replacement (stored goods come back to the supply).
        best = -1
        for i, loc in enumerate(self.locs):
            if loc[0] == u and (best < 0 or loc[1] < self.locs[best][1]):
                best = i
        old = self.locs[best]
        s = old[2]
        for i in range(NUM_GOODS):
            if s[i]:
                self.goods[i] += s[i]
                self.st[i] -= s[i]
        self.discard[u] += 1
        self.hand[t] -= 1
        self.vp += 1
        self._place(t, best)
        self.tally[3] += 1

    def _use(self, t: int, p: int) -> None:
        cs = self.cs
        for loc in self.locs:
            if loc[0] == t and loc[1] > 0:
                loc[1] -= 1
                break
        if cs.act_any[t]:
            # The named good itself pays: "use X fuel" must not spend ammo instead
            # (that is "use X ammo"), even when the fuel sits on a storage card.
            self._pay_exact(p - 1, 1)
        self.pay(cs.act_cost[t])
        if cs.act_deal[t]:
            d = p - 6
            self.deals[d] -= 1
            self.discard[d] += 1
        self.gain(cs.act_gain[t])
        if cs.act_choice[t]:
            self.goods[p - 1] += cs.act_choice[t]
        self.tally[5] += 1

    # ------------------------------------------------------------- scoring
    def final_score(self) -> int:
        return self.vp + len(self.locs)

    def returns(self) -> list[float]:
        return [float(self.final_score())]

    def scores(self) -> list[float]:
        return [float(self.final_score())]

    def best_score_key(self) -> str | None:
        """Scores compare per faction played, even when the faction was drawn at random."""
        return settings_key(
            self.game.name, {"faction": self.faction_id(), "cards": self.game.options["cards"]}
        )

    def faction_id(self) -> str:
        return self.game.factions.factions[self.faction].id if self.faction >= 0 else "random"

    def outcome(self) -> str:
        if self.phase != END:
            return f"round {self.round} of {ROUNDS}, {PHASE_NAMES[self.phase]} phase"
        return (
            f"after {ROUNDS} rounds the {self.game.factions.factions[self.faction].name} "
            f"scored {self.final_score()}: {self.vp} VP + {len(self.locs)} for locations"
        )

    def stats(self) -> dict[str, str | float]:
        return {
            "faction": self.faction_id(),
            "score": float(self.final_score()),
            "vp": float(self.vp),
            "locations": float(len(self.locs)),
            "deals": float(sum(self.deals)),
            "built": float(self.tally[0]),
            "deals_made": float(self.tally[1]),
            "razed": float(self.tally[2]),
            "developed": float(self.tally[3]),
            "reshuffles": float(self.tally[4]),
            "location_uses": float(self.tally[5]),
            "opponent_uses": float(self.tally[6]),
            "opponent_cards": float(len(self.opp)),
        }

    # -------------------------------------------------------------- copies
    def clone(self) -> FiftyFirstStateState:
        o = FiftyFirstStateState(self.game, blank=True)
        o.rng = self.rng.clone()
        o.history = list(self.history)
        o.phase = self.phase
        o.round = self.round
        o.faction = self.faction
        o.pile = list(self.pile)
        o.pile_n = self.pile_n
        o.discard = list(self.discard)
        o.aside = list(self.aside)
        o.hand = list(self.hand)
        o.opp_deck = list(self.opp_deck)
        o.opp_n = self.opp_n
        o.opp = [list(x) for x in self.opp]
        o.locs = [[x[0], x[1], list(x[2])] for x in self.locs]
        o.deals = list(self.deals)
        o.goods = list(self.goods)
        o.st = list(self.st)
        o.vp = self.vp
        o.fac_used = self.fac_used
        o.pending_draws = self.pending_draws
        o.pending_card = self.pending_card
        o.lk_step = self.lk_step
        o.lk_refused = self.lk_refused
        o.rerolls = self.rerolls
        o.extra_left = self.extra_left
        o.flip_idx = self.flip_idx
        o.conn_pile = list(self.conn_pile)
        o.conn_discard = list(self.conn_discard)
        o.face_up = list(self.face_up)
        o.tally = list(self.tally)
        return o

    _FIELDS = (
        "phase",
        "round",
        "faction",
        "pile",
        "pile_n",
        "discard",
        "aside",
        "hand",
        "opp_deck",
        "opp_n",
        "opp",
        "locs",
        "deals",
        "goods",
        "st",
        "vp",
        "fac_used",
        "pending_draws",
        "pending_card",
        "lk_step",
        "lk_refused",
        "rerolls",
        "extra_left",
        "flip_idx",
        "conn_pile",
        "conn_discard",
        "face_up",
        "tally",
    )

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"game": self.game.name, "options": dict(self.game.options)}
        for f in self._FIELDS:
            v = getattr(self, f)
            d[f] = [[x[0], x[1], list(x[2])] for x in v] if f == "locs" else _plain(v)
        d["history"] = list(self.history)
        state = self.rng._r.getstate()
        d["rng"] = [state[0], list(state[1]), state[2]]
        return d

    @classmethod
    def from_dict(cls, game: FiftyFirstStateGame, d: dict[str, Any]) -> FiftyFirstStateState:
        """Rebuild a position from ``to_dict`` output (tests edit it to stage situations).

        ``st`` (the stored-goods totals) is recomputed from the locations, so a
        test may edit a card's stored goods alone.
        """
        s = cls(game, blank=True)
        for f in cls._FIELDS:
            v = d[f]
            if f == "locs":
                v = [[x[0], x[1], list(x[2])] for x in v]
            elif f == "opp":
                v = [list(x) for x in v]
            elif isinstance(v, list):
                v = list(v)
            setattr(s, f, v)
        s.st = [sum(loc[2][i] for loc in s.locs) for i in range(NUM_GOODS)]
        s.pile_n = sum(s.pile)
        s.opp_n = sum(s.opp_deck)
        s.history = list(d.get("history", []))
        if "rng" in d:
            r = d["rng"]
            s.rng._r.setstate((r[0], tuple(r[1]), r[2]))
        return s

    # ------------------------------------------------------------ notation
    def action_to_string(self, action: int) -> str:
        return self.L.to_string(action)

    def string_to_action(self, text: str) -> int:
        return self.L.from_string(text)

    def describe_action(self, action: int) -> str:
        from solotable.games.fifty_first_state.describe import describe

        return describe(self, action)

    def illegal_reason(self, action: int) -> str | None:
        from solotable.games.fifty_first_state.describe import why_illegal

        if self.phase == END:
            return "the game is over"
        if action in self.legal_actions():
            return None
        return why_illegal(self, action)

    def observation(self, player: int) -> dict[str, Any]:
        from solotable.games.fifty_first_state.view import observe

        return observe(self)


K_KEEP = 1
K_REFUSE = 2
K_DONE = 3


def _plus(cost: Vector, extra: tuple[int, int]) -> Vector:
    good, n = extra
    out = dict(cost)
    out[good] = out.get(good, 0) + n
    return tuple(sorted(out.items()))


def _plain(v: Any) -> Any:
    if isinstance(v, list):
        return [_plain(x) for x in v]
    return v
