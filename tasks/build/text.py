"""Wording helpers shared by the task templates of every site, and the whole-word test of the grounding lint."""

from __future__ import annotations

import functools
import re

NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}


def mentions(text: str, term: str) -> bool:
    """Whether `term` occurs in `text` as whole word(s), case-insensitive."""
    return _whole_word(term.lower()).search(text.lower()) is not None


@functools.lru_cache(maxsize=4096)  # the builders and the grounding lint ask for a few thousand terms, many times
def _whole_word(term: str) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)" + re.escape(term) + r"(?!\w)")


def price_text(price: float) -> str:
    return f"{price:.2f}".rstrip("0").rstrip(".")


def plural(noun: str) -> str:
    if noun.endswith(("s", "sh", "ch", "x")):
        return noun + "es"
    if noun.endswith("y") and noun[-2] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


def article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"
