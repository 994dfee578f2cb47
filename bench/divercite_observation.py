"""Divercité's ``observation(player)`` and its tensor: observations per second (issue 21).

Random full games are played once, each position kept; the loops then time
``state.observation(p)`` alone and with ``observation_tensor`` over those positions, so the
figure is the observation's own cost (the env's per-step share), not move generation's.
Rates are per CPU-second of this process (``time.process_time``), so a loaded machine
(other processes on the same cores) disturbs them less than wall-clock rates.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from common import machine, parser, report
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


def rate(run_once: Callable[[int], int], seconds: float) -> float:
    """Units per CPU-second of ``run_once(i)`` over ``seconds`` of this process's CPU time."""
    done = i = 0
    start = time.process_time()
    while True:
        for _ in range(200):
            done += run_once(i)
            i += 1
        used = time.process_time() - start
        if used >= seconds:
            return done / used


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
