"""The web table: a local FastAPI server that draws observations as HTML and SVG.

The server holds every true state (inside :class:`~solotable.session.session.GameSession`);
pages are built from the human seat's observation, its legal moves and the
session's structured events only, so a browser can never be sent a hidden card,
the seed or the RNG. ``solotable serve`` starts it; ``create_app`` builds it for tests.
"""
