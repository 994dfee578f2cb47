"""Statistics: intervals that stay honest at small n, exact moments and streaming summaries,
game metrics, Bradley–Terry ratings and skill versus luck.

Why a package of its own: the numbers are pure functions of result rows, shared by the
simulator (``sim``), the reports (``lab``) and the play statistics (``session``); keeping them
apart (they import only ``core``) keeps them testable against published values and reusable
without starting a game.
"""
