"""The ``solotable`` command line (Typer + Rich)."""
