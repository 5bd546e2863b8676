"""Word tokens of the one-word rule (must_include / must_exclude with a one-token reference).

The official harness tokenizes with nltk's `word_tokenize`: sentences first (Punkt), then the Treebank-style
`NLTKWordTokenizer` on each, which splits a period off only at the end of a sentence, so `it is 21. thanks`
keeps `21.` as one token. `word_tokenize` loads Punkt's English model, a downloaded data file; here Punkt
runs untrained (no data, nothing fetched): on the lower-cased text the harness tokenizes it splits after a
period that ends a word, and not after a number or initial followed by a lower-case word, as the trained
model does. They can differ on abbreviations the trained model knows (`dr. smith`); no official reference
is one of those.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any


@lru_cache(maxsize=1)
def _tokenizers() -> tuple[Any, Any]:  # nltk has no types
    """nltk, imported on the first tokenization: importing the package loads all of it (scipy.stats
    included, 1-4 s), which every pytest process paid at start-up through the plugin."""
    from nltk.tokenize import NLTKWordTokenizer
    from nltk.tokenize.punkt import PunktSentenceTokenizer

    return PunktSentenceTokenizer(), NLTKWordTokenizer()


@lru_cache(maxsize=4096)
def word_tokens(text: str) -> tuple[str, ...]:
    """The official harness's tokens of `text` (sentences, then words)."""
    sentences, words = _tokenizers()
    return tuple(w for sentence in sentences.tokenize(text) for w in words.tokenize(sentence))


@lru_cache(maxsize=4096)
def strict_word_tokens(text: str) -> tuple[str, ...]:
    """Like `word_tokens`, and a period glued to the end of a word or number inside a sentence is a token
    of its own (`21.` -> `21`, `.`), as it is at the end of the text; `u.s.` and `0.00` stay whole."""
    out: list[str] = []
    for tok in word_tokens(text):
        if len(tok) > 1 and tok.endswith(".") and "." not in tok[:-1]:
            out.extend((tok[:-1], "."))
        else:
            out.append(tok)
    return tuple(out)
