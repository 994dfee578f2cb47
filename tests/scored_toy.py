"""The toy race with a best score, and a command-line entry that knows it.

Subprocess tests run ``python -m tests.scored_toy ARGS`` to drive the real
CLI (and its store) on a fast game; ``--worker N`` instead plays N games
through the public session API (the concurrent-writers test).
"""

from __future__ import annotations

import dataclasses
import json
import sys

from solotable.core.registry import register_game
from solotable.core.scorebook import settings_key
from tests.toy_game import ToyGame


@register_game
class ScoredToy(ToyGame):
    info = dataclasses.replace(ToyGame.info, name="toy-scored", title="Scored toy race")

    def best_score_key(self) -> str | None:
        return settings_key(self.name, {"target": self.options["target"]})


def worker(games: int) -> list[float]:
    from solotable.session.session import GameSession, Seat
    from solotable.session.store import Store

    store = Store()
    scores = []
    for i in range(games):
        s = GameSession.start(
            "toy-scored", {"target": 9, "skipping": True}, [Seat(), Seat("random")], store=store
        )
        k = 0
        while not s.is_over():
            if s.agent_to_move() is not None:
                s.step_agent()
            else:
                moves = s.legal_moves(s.human_to_move())
                s.play(0, moves[(i + k) % len(moves)][0])
                k += 1
        scores.append(s.result().scores[0])
    return scores


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        print(json.dumps(worker(int(sys.argv[2]))))
    else:
        from solotable.cli.main import main

        main(sys.argv[1:])
