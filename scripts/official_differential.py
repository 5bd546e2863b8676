"""Differential check of `--scoring official` against the public evaluator's own code.

    python scripts/official_differential.py --official PATH [--corpus] [--generated]

PATH is a checkout of github.com/web-arena-x/visualwebarena. Its `evaluation_harness/evaluators.py` is
loaded as it is (read at run time, nothing copied here) with stand-ins for what it imports to drive a
browser or a judge model: a page object that returns a given located value (or raises), helpers that
return it, and judge functions that record the call and answer "incorrect". `word_tokenize` is replaced by
this project's `word_tokens` (nltk's tokenizer; Punkt untrained, as docs/scoring.md says), so run it with
the official pins: nltk 3.8.1 (the project's pin) and beartype 0.12.0 (not a project dependency:
`pip install --target DIR --no-deps beartype==0.12.0` and put DIR on PYTHONPATH).

--corpus: every case of tests/fixtures/evaluation/conformance.jsonl; its `official` column must be the
official code's verdict, and `official_raises` must mark exactly the cases where that code raises.
--generated: references from the official task files (PATH/config_files/vwa/test_*.raw.json) against
answer spellings and located values of every kind (strings, arrays, objects, numbers, bools, null, a
locator error), each through both evaluators. Prints the counts and the first differences; exit 1 on any.
This is a tool for people changing the scoring, not a test: it needs the official checkout.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import itertools
import json
import random
import sys
import tempfile
import types
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from evaluation.rewards.judges import Usage  # noqa: E402
from evaluation.scoring.wordtokens import word_tokens  # noqa: E402
from tests.evaluation.conformance import corpus_cases, verdict  # noqa: E402

LOCATORS = {"js": "document.x", "lambda": "lambda:(() => 1)()", "helper": "func:get_query_text(__page__, 'x')"}


# ---- the official evaluators, loaded with stand-ins for the browser and the judge ---------------------


class _Stand:
    judge_calls: ClassVar[list] = []
    helper_value = None


class _Page:
    """Stands for playwright's Page: `url`, and `evaluate` returning the located value or raising."""

    def __init__(self, url: str = "", value=None, error: bool = False):
        self.url, self.value, self.error = url, value, error

    def evaluate(self, code):
        if self.error:
            raise RuntimeError("the locator raised in the page")
        return self.value

    def content(self):
        return self.value

    def goto(self, url):
        raise AssertionError("targets here are 'last': no navigation")


def load_official(checkout: Path) -> types.ModuleType:
    try:
        import beartype
    except ImportError:
        sys.exit("beartype is missing: pip install --target DIR --no-deps beartype==0.12.0, then put DIR on PYTHONPATH")
    import nltk

    if beartype.__version__ != "0.12.0" or nltk.__version__ != "3.8.1":
        sys.exit(
            f"run with the official pins: beartype 0.12.0 (got {beartype.__version__}), "
            f"nltk 3.8.1 (got {nltk.__version__})"
        )

    def module(name: str, **attrs) -> types.ModuleType:
        m = types.ModuleType(name)
        m.__dict__.update(attrs)
        sys.modules[name] = m
        return m

    def judge(kind):
        def call(pred, reference, question):
            _Stand.judge_calls.append((kind, pred, reference))
            return 0.0

        return call

    def helper(*args, **kwargs):
        return _Stand.helper_value

    module("evaluate", load=None)
    module("playwright")
    module("playwright.sync_api", Page=_Page, CDPSession=type("CDPSession", (), {}))
    module("browser_env")
    module("browser_env.actions", Action=dict)
    module("browser_env.utils", StateInfo=dict)
    module("evaluation_harness").__path__ = []
    module("evaluation_harness.image_utils")
    source = (checkout / "evaluation_harness" / "evaluators.py").read_text(encoding="utf-8")
    names = {n.strip().rstrip(",") for n in source.split("helper_functions import (", 1)[1].split(")", 1)[0].split()}
    helpers = {n: helper for n in names if n}
    helpers.update(PseudoPage=type("PseudoPage", (), {}), llm_fuzzy_match=judge("fuzzy"), llm_ua_match=judge("ua"))
    module("evaluation_harness.helper_functions", **helpers)
    official = module("evaluation_harness.evaluators")
    exec(
        compile(source, str(checkout / "evaluation_harness" / "evaluators.py"), "exec", dont_inherit=True),
        official.__dict__,
    )
    official.__dict__["word_tokenize"] = lambda text: list(word_tokens(text))
    return official


_CONFIGS = tempfile.TemporaryDirectory(prefix="vwa-differential-")  # removed when the script ends
_CONFIG_COUNT = itertools.count()


def _config(eval_obj: dict) -> str:
    """A config file for the official evaluator (it reads one path); tens of thousands per run, all in one
    temporary folder that goes with the process."""
    path = Path(_CONFIGS.name) / f"{next(_CONFIG_COUNT)}.json"
    path.write_text(json.dumps({"intent": "intent", "eval": eval_obj}))
    return str(path)


def official_verdict(official, case: dict):
    """1, 0, "judge" (a judge call, scored 0) or "raises"."""
    check, ref, answer = case["check"], case["reference"], case["answer"]
    if check in ("url_exact", "url_gold"):
        run = lambda: official.URLExactEvaluator()(  # noqa: E731
            [{}, {}],
            _config({"reference_url": ref, "url_note": "EXACT" if check == "url_exact" else "GOLD in PRED"}),
            _Page(url=answer),
        )
    elif check.startswith("located_") or check == "required_contents":
        kind = check.split("_", 1)[1] if check.startswith("located_") else "js"
        _Stand.helper_value = answer
        cfg = _config({"program_html": [{"url": "last", "locator": LOCATORS[kind], "required_contents": ref}]})
        run = lambda: official.HTMLContentExactEvaluator()(  # noqa: E731
            [{}, {}], cfg, _Page(value=answer, error=bool(case.get("locator_error")))
        )
    else:
        if check == "unachievable":
            answers: dict[str, str | list[str]] = {"fuzzy_match": "N/A"}
        elif check != "exact_match" and isinstance(ref, str):
            answers = {check: [ref]}
        else:
            answers = {check: ref}
        cfg = _config({"reference_answers": answers, "string_note": "the listing does not exist"})
        run = lambda: official.StringEvaluator()([{}, {"answer": answer}], cfg, None)  # noqa: E731
    _Stand.judge_calls.clear()
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            score = run()
    except Exception:
        return "raises"
    if _Stand.judge_calls:
        return "judge" if score == 0 else f"judge, then {score}"
    return int(score)


# ---- this project in official mode ---------------------------------------------------------------------


class _RecordingJudge:
    def __init__(self):
        self.calls = 0
        self.usage = Usage()

    def equivalent(self, intent, reference, answer):
        self.calls += 1
        return "incorrect"

    def gives_reason(self, intent, reason, answer):
        self.calls += 1
        return False


def project_verdict(case: dict):
    judge = _RecordingJudge()
    score = verdict(case, "official", judge, string_note="the listing does not exist")
    return "judge" if judge.calls and score == 0 else score


# ---- the two comparisons -------------------------------------------------------------------------------


def generated_cases(checkout: Path, seed: int = 7) -> list[dict]:
    rng = random.Random(seed)
    refs, contents = set(), []
    for path in sorted((checkout / "config_files" / "vwa").glob("test_*.raw.json")):
        for task in json.loads(path.read_text(encoding="utf-8")):
            ra = task["eval"].get("reference_answers") or {}
            for item in ra.get("must_include", []):
                refs.update(item.split(" |OR| "))
            if isinstance(ra.get("exact_match"), str):
                refs.add(ra["exact_match"])
            contents += [t["required_contents"] for t in task["eval"].get("program_html") or []]
    cases = []
    for r in sorted(refs):
        spellings = [
            r,
            r.upper(),
            f"'{r}",
            f"{r}\u2014",
            f"{r}\u2013",
            f"\u2014{r}",
            f"'{r}'",
            f"\"'{r}'\"",
            f" {r} ",
            f"{r}.",
            f"it is {r}. ok",
            f"{r}s",
            f"the answer is {r}",
            f"{r}-ish",
            f"~{r}",
            f"({r})",
            f"{r}'s",
            f'"{r}"',
            f"{r},x",
            "",
        ]
        for check in ("must_include", "must_exclude", "exact_match"):
            cases += [{"check": check, "reference": r, "answer": a} for a in spellings]
    for rc in contents:
        words = [x for k in ("must_include", "must_exclude") for x in rc.get(k, [])]
        words += [rc["exact_match"]] if isinstance(rc.get("exact_match"), str) else []
        for kind in LOCATORS:
            r = rng.choice([*words, "1"]).split(" |OR| ")[0]
            values = [r, [r], [r, "x"], {"k": r}, None, True, False, 0, 1, 12, 12.0, 12.5, "", f"'{r}'", f"{r}\u2014"]
            try:
                n = float(r.replace(",", ""))
                values += [n, int(n), n + 0.5]
            except ValueError:
                pass
            cases += [{"check": f"located_{kind}", "reference": rc, "answer": v} for v in values]
            if kind != "helper":  # a helper returns a value; a script can raise in the page
                cases.append({"check": f"located_{kind}", "reference": rc, "answer": None, "locator_error": True})
    return cases


def compare(official, cases: list[dict], marked: bool) -> int:
    agree, raised, diffs = 0, 0, []
    for case in cases:
        theirs = official_verdict(official, case)
        if theirs == "raises":
            raised += 1
            if marked and not case.get("official_raises"):
                diffs.append(("official code raises; not marked official_raises", case))
            continue
        mine = case["official"] if marked else project_verdict(case)
        if marked and case.get("official_raises"):
            diffs.append((f"marked official_raises; official code gives {theirs}", case))
        elif theirs == mine:
            agree += 1
        else:
            diffs.append((f"official code {theirs}, {'corpus' if marked else 'project'} {mine}", case))
    scored = len(cases) - raised
    print(
        f"{len(cases)} cases: {scored} with an official verdict, {agree} agree "
        f"({100 * agree / max(scored, 1):.2f}%); the official code raises on {raised}"
    )
    for why, case in diffs[:25]:
        print(f"  {why}: {json.dumps(case, ensure_ascii=False, default=str)}")
    return len(diffs)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--official", type=Path, required=True, help="a checkout of web-arena-x/visualwebarena")
    ap.add_argument("--corpus", action="store_true", help="check the corpus's official column")
    ap.add_argument("--generated", action="store_true", help="compare on pairs built from the official tasks")
    args = ap.parse_args(argv)
    if not (args.official / "evaluation_harness" / "evaluators.py").is_file():
        ap.error(f"--official {args.official}: no evaluation_harness/evaluators.py there")
    official = load_official(args.official)
    bad = 0
    if args.corpus or not args.generated:
        print("corpus:", end=" ")
        bad += compare(official, corpus_cases(), marked=True)
    if args.generated:
        print("generated:", end=" ")
        bad += compare(official, generated_cases(args.official), marked=False)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
