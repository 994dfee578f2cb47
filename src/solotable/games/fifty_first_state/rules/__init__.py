"""The rules of solo 51st State, one module per rule area.

Each function is named after the rule it carries out and cites its source:
the French solo text ("Seed: <section>", authoritative for the overlay) or
the spec (``shared/rules/51st-state.md``, "spec §n"). ``state.py`` calls
them; they change the State passed in and import it for typing only.

- ``setup``: faction and the virtual opponent's starting deck;
- ``lookout``: connection cards, the three Lookout cards and the three extra;
- ``opponent``: the opponent deck's reveal and its cards used with a worker;
- ``production``: income, deals, locations and stored goods;
- ``actions``: the Actions phase (build, deal, raze, develop, locations, faction,
  workers, connections); ``action_moves``: what it allows now (the move list);
- ``cleanup``: passing, storage through Cleanup, the next round;
- ``payment``: costs and rewards (ammo and universal contacts);
- ``deck``: draws and reshuffles;
- ``chance``: the chance nodes' outcomes and their probabilities.
"""
