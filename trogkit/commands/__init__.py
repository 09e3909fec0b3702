"""The solver commands of each game (``trogkit <game> <solver command>``), one module per game.

They live here, beside the options and output they share with the protocol's commands, so the
solvers never import the command line: ``solvers`` depends on ``rulebook`` only, and ``trogkit``
on both (tests/test_import_cycles.py).
"""
