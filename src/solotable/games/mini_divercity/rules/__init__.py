"""The rules of the Mini DiverCity solo mode, one module per rule area.

Each function takes the position and applies one rule; its docstring names the
seed section it implements ("Seed: …" refers to the French solo text, the
original, and its English version). ``state.py`` dispatches to them.
"""
