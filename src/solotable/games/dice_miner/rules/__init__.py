"""Dice Miner solo rules, one module per section of the seed (French solo rules).

- ``setup``: Mise en place (the starting Magic dice and a beer among them);
- ``mountain``: the pyramid, which dice are on top, pouring dice from the bag;
- ``selection``: Jeu (CHOISIR), Règles de Sélection, Neutraliser les Dangers;
- ``beer_and_hiding``: Bière (the joker face) and Cacher les Gemmes;
- ``magic_and_refill``: Jeu (spend Magic, RECYCLEZ) and Remplissage de la Montagne;
- ``scoring``: Marquer les points (the end, the score table and the rating bands).

Each function is named after the rule it implements and takes the state as
its first argument; ``state.py`` dispatches to them and sequences the phases.
"""
