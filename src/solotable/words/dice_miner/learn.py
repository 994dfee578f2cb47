"""Dice Miner's guided first game: one sentence per step of ``web/tutorials/dice-miner.json``.

Each says the rule in play at that step, in the words of the rules page and, in French, of
the French rule text's terms (montagne, sommet, suite, Bière, pioche, effondrement).
"""

from __future__ import annotations

from solotable.words.registry import N_, Formatter


def register(words: Formatter) -> None:
    """Add the guided game's sentences (``dice-miner.learn.<step>``)."""
    words.text(
        "learn.intro",
        N_(
            "Dig dice out of the mountain, one at a time, from its top. "
            "Dangers neutralised, gems and complete tunnel runs score."
        ),
    )
    words.text(
        "learn.tunnel-one",
        N_(
            "Only a die with nothing resting on it is on top and can be taken. "
            "Take the Tunnel die showing 1 on e1: a 1 always starts a new run."
        ),
    )
    words.text(
        "learn.tool",
        N_(
            "Tool dice can always be taken. Take the pickaxe on e2: "
            "later it will neutralise one cave-in."
        ),
    )
    words.text(
        "learn.beer-run",
        N_(
            "Beer is a joker: you choose which face the die shows. Click d2 and choose "
            "the Tunnel 2: a 2 extends your run, which ends at 1."
        ),
    )
    words.text(
        "learn.magic",
        N_("Magic dice can always be taken. Take the Magic die on d1."),
    )
    words.text(
        "learn.spend",
        N_(
            "Spend a Magic die: it leaves the game, and for each magic symbol it shows one "
            "die on top of the mountain goes back into the bag. Spend the one with 1 symbol."
        ),
    )
    words.text(
        "learn.recycle",
        N_("Now choose the die to send back into the bag: the Tool die on d3."),
    )
    words.text(
        "learn.danger",
        N_(
            "A Danger die needs a free Tool: a cave-in needs an unused pickaxe. Take the "
            "cave-in on c3: your pickaxe neutralises it, and it scores 1 point."
        ),
    )
    words.text(
        "learn.end",
        N_(
            "You know the moves now. Refill the mountain (twice at most) when it runs low, "
            "complete runs up to 5 for 5 points each, and Stop when you are done. Play on!"
        ),
    )
