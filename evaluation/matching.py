"""String primitives of string_match and program_html, each returning (passed, reason).

Cleaning: strip, remove one pair of surrounding quotes, lower-case. A reference item that is a single
token must match a whole token of the answer, so `0` matches "0 items" and "it is 0." but neither "10"
nor "$0.00" (the number token there is `0.00`); longer references match as substrings.
Tokens: runs of letters/digits with their inner separators (`1,000`, `0.00`, `it's`), and single
punctuation marks.
"""
from __future__ import annotations

import re
from typing import Sequence

from .tasks import OR_SEP, Inequality

_TOKEN = re.compile(r"\w+(?:[.,:'’]\w+)*|[^\w\s]")
_NUMBER = re.compile(r"-?\d[\d,]*(?:\.\d+)?|-?\.\d+")


def clean(text: str) -> str:
    text = str(text).strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        text = text[1:-1].strip()
    return text.lower()


def tokens(text: str) -> list[str]:
    return _TOKEN.findall(clean(text))


def contains(reference: str, answer: str) -> bool:
    """`reference` occurs in `answer` (whole-token match when the reference is one token)."""
    ref, ans = clean(reference), clean(answer)
    if not ref:
        return True
    ref_tokens = tokens(ref)
    if len(ref_tokens) == 1 and ref_tokens[0] == ref:
        return ref in tokens(ans)
    return ref in ans


def exact_match(reference: str, answer: str, label: str = "answer") -> tuple[bool, str]:
    ok = clean(reference) == clean(answer)
    return ok, (f"{label} equals {reference!r}" if ok else f"{label} {_short(answer)!r} is not exactly {reference!r}")


def must_include(references: Sequence[str], answer: str, label: str = "answer") -> tuple[bool, str]:
    missing = []
    for item in references:
        alternatives = item.split(OR_SEP)
        if not any(contains(alt, answer) for alt in alternatives):
            missing.append(item)
    if missing:
        return False, f"{label} {_short(answer)!r} lacks {', '.join(repr(m) for m in missing)}"
    return True, f"{label} includes {', '.join(repr(r) for r in references)}"


def must_exclude(references: Sequence[str], answer: str, label: str = "answer") -> tuple[bool, str]:
    present = [r for r in references if contains(r, answer)]
    if present:
        return False, f"{label} {_short(answer)!r} includes excluded {', '.join(repr(p) for p in present)}"
    return True, f"{label} includes none of {', '.join(repr(r) for r in references)}"


def one_of(references: Sequence[str], answer: str, label: str = "answer") -> tuple[bool, str]:
    hits = [r for r in references if contains(r, answer)]
    if hits:
        return True, f"{label} includes {hits[0]!r}"
    return False, f"{label} {_short(answer)!r} includes none of {', '.join(repr(r) for r in references)}"


def read_number(text: str) -> float | None:
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


def required_values(requirements: Sequence[Sequence[Inequality]], answer: str, label: str = "answer") -> tuple[bool, str]:
    value = read_number(answer)
    if value is None:
        return False, f"{label} {_short(answer)!r} is not a number"
    failed = [OR_SEP.join(i.source for i in alts) for alts in requirements
              if not any(i.holds(value) for i in alts)]
    if failed:
        return False, f"value {value:g} does not satisfy {', '.join(failed)}"
    return True, f"value {value:g} satisfies {', '.join(OR_SEP.join(i.source for i in a) for a in requirements)}"


def _short(text: str, limit: int = 160) -> str:
    text = str(text)
    return text if len(text) <= limit else text[:limit] + "..."
