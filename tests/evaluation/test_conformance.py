"""The conformance corpus (tests/fixtures/evaluation/conformance.jsonl): check type, reference, answer and the
expected verdict in each scoring mode, for every class of difference from the official harness
(docs/scoring.md) and the pitfalls of the format. Each case runs through the real evaluators (conformance.py
says what each check means). `"official_raises": true` marks a case where the official code raises a type error
(no official verdict): `official` is then what this project gives in official mode."""

from __future__ import annotations

import pytest

from devtools.openai_stub import OpenAIStub
from evaluation.rewards.judges import OpenAIJudge

from .conformance import STRING_CHECKS, corpus_cases, verdict

CASES = corpus_cases()


@pytest.fixture(scope="module")
def judge_stub():
    stub = OpenAIStub(default_reply="Verdict: incorrect")
    yield stub
    stub.close()


def test_corpus_is_big_and_covers_every_class():
    assert len(CASES) >= 300
    assert {c["class"] for c in CASES} >= {str(i) for i in range(1, 20)} | {"pitfalls", "self"}
    assert {c["check"] for c in CASES} >= set(STRING_CHECKS) | {"located_js", "located_lambda", "located_helper"}
    assert any(c.get("locator_error") for c in CASES) and any(c.get("official_raises") for c in CASES)
    assert sum(c["official"] != c["strict"] for c in CASES) >= 60


@pytest.mark.parametrize("mode", ["official", "strict"])
@pytest.mark.parametrize("case", CASES, ids=[f"{i}-c{c['class']}-{c['check']}" for i, c in enumerate(CASES)])
def test_conformance(case, mode, judge_stub):
    expected = case[mode]
    judge = OpenAIJudge(model="judge", base_url=judge_stub.base_url, api_key="k")
    calls = len(judge_stub.requests)
    got = verdict(case, mode, judge)
    called = len(judge_stub.requests) > calls
    if expected == "judge":
        assert called and got == 0, f"{mode}: expected a judge call for {case}"
    else:
        assert not called and got == expected, f"{mode}: got {got} for {case}"


def test_tokenizer_is_the_official_nltk_3_8_1():
    """The official harness pins nltk 3.8.1: a leading apostrophe and an em or en dash stay glued to the word
    (nltk 3.9+ splits them off, and `must_include ["21"]` would pass on `'21` or `21—`)."""
    import nltk

    from evaluation.scoring.wordtokens import word_tokens

    got = {text: word_tokens(text) for text in ("'21", "21\u2014", "21\u2013", "['30000']")}
    assert got == {
        "'21": ("'21",),
        "21\u2014": ("21\u2014",),
        "21\u2013": ("21\u2013",),
        "['30000']": ("[", "'30000", "'", "]"),
    }, f"nltk {nltk.__version__} tokenizes unlike the pinned 3.8.1 (pyproject.toml): {got}"
