"""String primitives of string_match and program_html, each returning (passed, reason), in two modes.

`official` reproduces the public harness's verdicts; `strict` follows the format's stated semantics where
the official code departs from them (see docs/scoring.md for the table of differences).

Official cleaning: remove one pair of surrounding quotes, lower-case (no whitespace trimming).
Strict cleaning: trim, remove one pair of surrounding quotes, trim, lower-case.
A reference item that is one word token (nltk's tokenizer, `wordtokens`) must equal a token of the answer,
so `0` matches "0 items" but neither "10" nor "$0.00"; longer references match as substrings.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal, get_args

from evaluation.vocabulary.spec import OR_SEP, Inequality

from .wordtokens import strict_word_tokens, word_tokens

ScoringMode = Literal["official", "strict"]  # the scoring modes (the README's "Scoring modes")
MODES: tuple[ScoringMode, ...] = get_args(ScoringMode)
DEFAULT_MODE: ScoringMode = "official"
TOLERANCE = 1e-8  # the official harness's slack on every inequality

_NUMBER = re.compile(r"-?\d[\d,]*(?:\.\d+)?|-?\.\d+")


def check_mode(mode: str) -> ScoringMode:
    """`mode` as a scoring mode; ValueError naming the known ones otherwise."""
    for known in MODES:
        if mode == known:
            return known
    raise ValueError(f"unknown scoring mode {mode!r}; known: {', '.join(MODES)}")


def official_clean(text: str) -> str:
    text = str(text)
    if len(text) >= 1 and text[0] == text[-1] and text[0] in "'\"":
        text = text[1:-1]
    return text.lower()


def clean(text: str, mode: str = "strict") -> str:
    if mode == "official":
        return official_clean(text)
    text = str(text).strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        text = text[1:-1].strip()
    return text.lower()


def tokens(text: str, mode: str = "strict") -> tuple[str, ...]:
    return (word_tokens if mode == "official" else strict_word_tokens)(clean(text, mode))


def contains(reference: str, answer: str, mode: str = "strict") -> bool:
    """`reference` occurs in `answer` (whole-token match when the reference is one token)."""
    ref, ans = clean(reference, mode), clean(answer, mode)
    split = word_tokens if mode == "official" else strict_word_tokens
    if mode == "strict" and not ref:
        return True
    if len(split(ref)) == 1:
        return ref in split(ans)
    return ref in ans


def exact_match(reference: str, answer: str, label: str = "answer", mode: str = "strict") -> tuple[bool, str]:
    ok = clean(reference, mode) == clean(answer, mode)
    return ok, (f"{label} equals {reference!r}" if ok else f"{label} {_short(answer)!r} is not exactly {reference!r}")


def must_include(
    references: Sequence[str], answer: str, label: str = "answer", mode: str = "strict"
) -> tuple[bool, str]:
    missing = []
    for item in references:
        alternatives = item.split(OR_SEP)
        if not any(contains(alt, answer, mode) for alt in alternatives):
            missing.append(item)
    if missing:
        return False, f"{label} {_short(answer)!r} lacks {', '.join(repr(m) for m in missing)}"
    return True, f"{label} includes {', '.join(repr(r) for r in references)}"


def must_exclude(
    references: Sequence[str], answer: str, label: str = "answer", mode: str = "strict"
) -> tuple[bool, str]:
    present = [r for r in references if contains(r, answer, mode)]
    if present:
        return False, f"{label} {_short(answer)!r} includes excluded {', '.join(repr(p) for p in present)}"
    return True, f"{label} includes none of {', '.join(repr(r) for r in references)}"


def one_of(references: Sequence[str], answer: str, label: str = "answer", mode: str = "strict") -> tuple[bool, str]:
    if mode == "official":  # a plain substring test
        hits = [r for r in references if official_clean(r) in official_clean(answer)]
    else:
        hits = [r for r in references if contains(r, answer, mode)]
    if hits:
        return True, f"{label} includes {hits[0]!r}"
    return False, f"{label} {_short(answer)!r} includes none of {', '.join(repr(r) for r in references)}"


def is_na(answer: str, mode: str = "strict") -> bool:
    """The answer is N/A (official: no trimming; strict: trimmed, one pair of quotes removed)."""
    if mode == "official":  # string_match has already cleaned the answer once, as the official harness does
        return official_clean(answer) == "n/a"
    return clean(answer, mode) == "n/a"


def read_number(text: object) -> float | None:
    """The answer as a number: the whole text (commas, one currency sign, a % allowed), else its only number."""
    raw = str(text).strip().strip("'\"").strip()
    compact = raw.replace(",", "").replace(" ", "")
    compact = re.sub(r"^[$€£¥]|^-[$€£¥]", lambda m: "-" if m.group(0).startswith("-") else "", compact)
    compact = compact.rstrip("%")
    try:
        return float(compact)
    except ValueError:
        pass
    found = _NUMBER.findall(raw)
    if len(found) == 1:
        return float(found[0].replace(",", ""))
    return None


def official_int(value: object) -> int | float | None:
    """The official reading of a value: a number as is (a bool is 1 or 0), text through int() after
    removing commas."""
    if isinstance(value, (int, float)):
        return int(value) if isinstance(value, bool) else value
    try:
        return int(str(value).strip().replace(",", ""))
    except ValueError:
        return None


def holds(inequality: Inequality, value: float, mode: str = "strict") -> bool:
    if mode == "strict":
        return inequality.holds(value)
    y, op = inequality.value, inequality.op
    return {
        "<": value < y + TOLERANCE,
        "<=": value <= y + TOLERANCE,
        ">": value > y - TOLERANCE,
        ">=": value >= y - TOLERANCE,
        "==": abs(value - y) <= TOLERANCE,
        "!=": abs(value - y) > TOLERANCE,
    }[op]


def required_values(
    requirements: Sequence[Sequence[Inequality]], answer: object, label: str = "answer", mode: str = "strict"
) -> tuple[bool, str]:
    value = official_int(answer) if mode == "official" else read_number(answer)
    if value is None:
        how = "an integer" if mode == "official" else "a number"
        return False, f"{label} {_short(answer)!r} is not {how}"
    failed = [
        OR_SEP.join(i.source for i in alts) for alts in requirements if not any(holds(i, value, mode) for i in alts)
    ]
    if failed:
        return False, f"value {value:g} does not satisfy {', '.join(failed)}"
    return True, f"value {value:g} satisfies {', '.join(OR_SEP.join(i.source for i in a) for a in requirements)}"


def _short(value: object, limit: int = 160) -> str:
    text = str(value)
    return text if len(text) <= limit else text[:limit] + "..."
