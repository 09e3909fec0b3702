"""trogkit's command line (``trogkit ...`` or ``python -m trogkit ...``).

The rules live in ``rulebook``, the solvers in ``solvers``; this package only reads arguments,
asks them and prints answers. It imports nothing heavy until a command needs it, so
``trogkit --help`` starts at once.
"""
