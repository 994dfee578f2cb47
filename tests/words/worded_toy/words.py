"""The worded toy's words (test only; the shared catalog domain, so the pseudo-locale brackets
them like any catalog string)."""

from __future__ import annotations

from solotable.words.registry import N_, Formatter

WORDS = Formatter("worded-toy", "solotable")
WORDS.title = N_("Worded toy")
WORDS.summary = N_("A dice race whose every word comes from the catalog.")
WORDS.seats = (N_("North"), N_("South"))
WORDS.text("action.roll", N_("roll a %(n)s"))
WORDS.text("action.take", N_("take the %(roll)s"))
WORDS.text("action.double", N_("double the %(roll)s"))
WORDS.text("action.skip", N_("skip the %(roll)s"))
WORDS.text("outcome", N_("final points %(points)s"))
WORDS.option("target", N_("Points to win"), N_("The first to reach it wins."))
WORDS.option("doubling", N_("Doubling"), N_("A roll of 1 may be doubled."))
WORDS.option("mode", N_("Pace"), N_("How fast the race goes."))
WORDS.option("skipping", N_("Skipping"), N_("A roll may be passed."))
WORDS.option("tie_rule", N_("Tie rule"), N_("Who wins a tie (a designer's convention)."))
WORDS.choice("mode", "normal", N_("Normal pace"))
WORDS.choice("mode", "fast", N_("Fast pace"))
WORDS.choice("tie_rule", "shared", N_("Shared"))
WORDS.choice("tie_rule", "first", N_("First player"))
WORDS.preset("standard", N_("Standard race"), N_("Seven points to win."))
WORDS.preset("short", N_("Short race"), N_("Three points to win."))
WORDS.preset("quick", N_("Quick race"), N_("Three points to win."))
WORDS.preset("long", N_("Long race"), N_("Twelve points to win."))
