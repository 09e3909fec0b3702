"""The Trogdor rule catalog (rules.toml), read when this module is first imported: the package
names it ``rulebook.trogdor.CATALOG`` and imports it on first use (a puzzle never reads it)."""

from pathlib import Path

from rulebook.common.catalog import load_catalog

CATALOG = load_catalog(Path(__file__).with_name("rules.toml"))
