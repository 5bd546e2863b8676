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

from nltk.tokenize import NLTKWordTokenizer
from nltk.tokenize.punkt import PunktSentenceTokenizer

_WORDS = NLTKWordTokenizer()
_SENTENCES = PunktSentenceTokenizer()


@lru_cache(maxsize=4096)
def word_tokens(text: str) -> tuple[str, ...]:
    """The official harness's tokens of `text` (sentences, then words)."""
    return tuple(w for sentence in _SENTENCES.tokenize(text) for w in _WORDS.tokenize(sentence))


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
