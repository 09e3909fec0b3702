"""``--option KEY=VALUE`` of ``trogkit <game> sweep``: each game's new-game options, their values
read and checked here, so a bad one is exit 2 with one line naming it (``--option seed=3`` was a
``TypeError`` traceback, ``variants=keys`` became the variants 'k', 'e', 'y', 's', and
``cards=FILE`` reached the game as a path)."""

from __future__ import annotations

from rulebook.common.errors import TrogkitInputError

# keys that have an option of their own
RESERVED = {"seed": "--seed", "players": "--players", "rulings": "--ruling", "ruling": "--ruling"}


class OptionError(TrogkitInputError):
    """A bad ``--option`` (exit 2)."""


def _ids(text: str) -> tuple[str, ...]:
    ids = tuple(x for x in text.replace("+", ",").split(",") if x)
    if not ids:
        raise ValueError("give one or more comma-separated names")
    return ids


def _flag(text: str) -> bool:
    words = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}
    if text.lower() not in words:
        raise ValueError("give true or false")
    return words[text.lower()]


def _index(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 3:
        raise ValueError("give a whole number 0..999")
    return int(text)


def _card_file(game: str):
    """A reader of ``cards=FILE`` for ``game``: the game's own ``load_cards`` (a missing, too big
    or malformed file is a CardDataError naming it)."""

    def read(text: str):
        import rulebook

        return rulebook.game(game).load_cards(text)

    return read


def schema(game: str) -> dict:
    """``key -> (reader of the text, what it takes)`` for ``game``'s new-game options."""
    cards = (_card_file(game), "a card data file")
    return {
        "trogdor": {
            "preset": (str, "a preset name, e.g. easy"),
            "keepers": (_ids, "keeper ids, comma-separated"),
            "items": (_ids, "item ids, comma-separated"),
            "knights": (_ids, "the knights' squares, e.g. A1,E5"),
            "archer": (str, "the archer's square"),
            "cards": cards,
        },
        "trollland": {"cards": (cards[0], "a card file (people, vehicles, bonus)")},
        "encounter": {
            "variants": (_ids, "variants, comma-separated: keys, market, sin"),
            "first": (_index, "the first player, 0-based"),
            "cards": cards,
        },
        "encounter-solo": {"sin": (_flag, "true or false"), "cards": cards},
    }.get(game, {})


def parse_options(game: str, texts: list[str]) -> dict:
    """``["KEY=VALUE", ...]`` as new-game keyword arguments; OptionError naming the option."""
    known = schema(game)
    out: dict = {}
    for text in texts:
        key, eq, value = text.partition("=")
        where = f"--option {text[:60]}"
        if not eq or not key or not value:
            raise OptionError(f"{where}: expected KEY=VALUE")
        if key in RESERVED:
            raise OptionError(f"{where}: give the {key} with {RESERVED[key]}, not --option")
        if key not in known:
            keys = ", ".join(known) or "none"
            raise OptionError(f"{where}: {game} has no new-game option {key!r}; options: {keys}")
        if key in out:
            raise OptionError(f"{where}: option {key!r} given twice")
        read, what = known[key]
        try:
            out[key] = read(value)
        except (ValueError, TrogkitInputError) as e:
            raise OptionError(f"{where}: {key} takes {what} ({e})") from None
    return out


__all__ = ["OptionError", "parse_options", "schema"]
