"""This project's verdict on one case of the conformance corpus (tests/fixtures/evaluation/conformance.jsonl): the
case's check, reference and answer run through the real evaluators in one scoring mode. The corpus test
(test_conformance.py) and the differential against the official code (scripts/official_differential.py) share it.

Checks: a string_match key (`exact_match`, ..., `fuzzy_match`; `unachievable` is fuzzy_match "N/A"),
`url_exact` / `url_gold`, `required_contents` (a document. locator's value) and `located_js`,
`located_lambda`, `located_helper` (the value a locator of that kind returned; `"locator_error": true`:
the locator raised in the page)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from evaluation.rewards.evaluators import _NOTHING, EvalContext, _located_value, check_expectation, evaluate_task
from evaluation.taskfiles.loader import _Where, parse_expectation, parse_task
from evaluation.vocabulary.outcome import Reward

from .taskdata import with_eval

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "evaluation" / "conformance.jsonl"
STRING_CHECKS = ("exact_match", "must_include", "must_exclude", "one_of", "required_values", "fuzzy_match")


def corpus_cases() -> list[dict]:
    return [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]


def _string_task(check: str, reference, string_note: str):
    if check in STRING_CHECKS[1:] and isinstance(reference, str):
        reference = [reference]
    answers = {"fuzzy_match": "N/A"} if check == "unachievable" else {check: reference}
    return parse_task(
        with_eval(1, eval_types=["string_match"], reference_answers=answers, string_note=string_note), "corpus.json"
    )


def verdict(case: dict, mode: str, judge: Any, string_note: str | None = None) -> int:
    """The score of `case` in scoring `mode` (`judge` answers any judge call). A string check's task has the
    string_note `string_note`, or by default "the listing does not exist" for `unachievable` and `fuzzy_match`
    and none for the others."""
    check, ref, answer = case["check"], case["reference"], case["answer"]
    if check in STRING_CHECKS or check == "unachievable":
        if string_note is None:
            string_note = "the listing does not exist" if check in ("unachievable", "fuzzy_match") else ""
        task = _string_task(check, ref, string_note)
        return evaluate_task(
            task, EvalContext(answer=answer, final_url="http://127.0.0.1:1/", judge=judge, scoring=mode)
        ).score
    if check in ("url_exact", "url_gold"):
        task = parse_task(
            with_eval(
                1,
                eval_types=["url_match"],
                reference_url=ref,
                url_note="EXACT" if check == "url_exact" else "GOLD in PRED",
            ),
            "corpus.json",
        )
        return evaluate_task(task, EvalContext(answer=None, final_url=answer, scoring=mode)).score
    # program_html: the required_contents of one target against a located value
    exp = parse_expectation(ref, _Where(Path("corpus.json"), 1), "eval.program_html[0].required_contents")
    kind = check.split("_", 1)[1] if check.startswith("located_") else "js"
    value = _located_value(_NOTHING if case.get("locator_error") else answer, kind, mode)
    if value is None:
        return 0
    reward = Reward()
    check_expectation(
        exp,
        value,
        reward,
        "program_html[0]",
        "intent",
        EvalContext(answer=None, final_url="", judge=judge, scoring=mode),
        label="located text",
        first_only=True,
    )
    return reward.score
