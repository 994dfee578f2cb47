"""Divercité's ``observation(player)`` and its tensor: observations per second (issue 21).

Random full games are played once, each position kept; the loops then time
``state.observation(p)`` alone and with ``observation_tensor`` over those positions, so the
figure is the observation's own cost (the env's per-step share), not move generation's.
"""

from __future__ import annotations

from common import machine, parser, rate, report
from solotable import load_game
from solotable.core.rng import Rng


def positions(n_games: int = 50) -> list:  # type: ignore[type-arg]
    game = load_game("divercite")
    rng = Rng(7)
    out = []
    for seed in range(n_games):
        state = game.new_initial_state(seed)
        while True:
            out.append(state.clone())
            if state.is_terminal():
                break
            state.apply_legal_action(rng.choice(state.legal_actions()))
    return out


def main() -> None:
    args = parser(__doc__.splitlines()[0]).parse_args()
    states = positions()
    game = states[0].game
    n = len(states)

    def observe(i: int) -> int:
        states[i % n].observation(i & 1)
        return 1

    def observe_tensor(i: int) -> int:
        game.observation_tensor(states[i % n].observation(i & 1))
        return 1

    terminal = [s for s in states if s.is_terminal()]

    def observe_end(i: int) -> int:
        terminal[i % len(terminal)].observation(0)
        return 1

    figures = {
        "observations/s": rate(observe, args.seconds),
        "observation+tensor/s": rate(observe_tensor, args.seconds),
        "final observations/s": rate(observe_end, args.seconds),
    }
    if not args.json:
        print(machine())
    report(figures, args.json)


if __name__ == "__main__":
    main()
