"""``python -m trogkit`` runs the same CLI as the ``trogkit`` console script."""

from trogkit.cli import run

run()
