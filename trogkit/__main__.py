"""``python -m trogkit`` runs the same CLI as the ``trogkit`` console script."""

import sys

from trogkit.cli import main

sys.exit(main())
