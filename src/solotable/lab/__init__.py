"""The balance lab's reading side: results files in, statistics and an HTML report out.

It works from the rows of a results file only (docs/balance.md, Report): it imports ``core`` and
nothing of any game, so a report can be built for a game this install does not have.
"""
