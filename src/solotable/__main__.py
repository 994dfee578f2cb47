"""``python -m solotable``: the same command as the ``solotable`` script.

Useful where the script's folder is not on PATH (a venv not activated, ``pipx run``).
"""

from solotable.cli.main import main

if __name__ == "__main__":
    main(prog_name="solotable")
