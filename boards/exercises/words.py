"""The plain words of what an action changed: ``rulebook.common.words`` (the CLI's witnesses and
ruling differences use them too, and the CLI does not import the widgets)."""

from rulebook.common.words import WORDS, change_words, items, phrases

__all__ = ["WORDS", "change_words", "items", "phrases"]
