"""Pieces every game shares: the protocol (``game.py``), actions and their grammar, the notation
and its codecs, errors, the seeded RNG, card files, the rule catalog and rulings, hidden cards,
the working copy. Import them from their modules (``rulebook.common.errors``, ...)."""
