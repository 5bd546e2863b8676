"""An AgentLab study on the suites: AgentLab's generic agent (its GPT-4o-mini configuration) runs tasks of the
`vwa_arena` benchmark through AgentLab's own study loop, its model calls going over HTTP to an OpenAI-compatible
server (OPENAI_BASE_URL; without one, the project's local stub, devtools/openai_stub.py, started here). Runs in
AgentLab's venv (run/venv-agentlab, `make venv-agentlab`), not in .venv: agentlab needs openai<2.

    run/venv-agentlab/bin/python -m evaluation.bgym.study [--suite classifieds] [--tasks 5] [--out DIR]

Prints one JSON line per task (name, reward, steps, AgentLab's error message and stack trace, None when the
episode ran without a harness error) and exits 1 when any task did not run to its end without one, whatever the
model earned. `make test-agentlab` runs it on the local stub; tests/bgym/test_agentlab_study.py too.

The machine reaches no model host: litellm reads its local price table (LITELLM_LOCAL_MODEL_COST_MAP), and
tiktoken's BPE tables, which AgentLab counts prompt tokens with, come from the bpe-openai wheel of the project's
lock instead of a download; browsergym.webarena's import-time download of NLTK's punkt_tab (which AgentLab's
study module triggers, and no task here uses) finds a placeholder folder instead.

The episodes share the process's Chromiums, chat page and browser context, emptied between episodes (reuse.py,
keptcontext.py: two Chromium launches, a chat window and a context less per task). Playwright's calls capture their
caller's stack the quick way (quickstack.py, Playwright's own later fix, same call metadata): with AgentLab's
thousands of modules loaded, `inspect.stack()` looks each frame's module up among them all, and took most of the
study's CPU (187 s of CPU for 5 tasks at load ~15, four fifths of it in `inspect.getmodule`).

May import: agentlab, browsergym, evaluation.bgym, devtools.openai_stub (only without OPENAI_BASE_URL).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import math
import os
import sys
import tempfile
from importlib import resources
from pathlib import Path
from typing import Any

STUB_STEPS = ("scroll(0, 200)", "send_msg_to_user('The stub model answers without looking.')")


def stub_reply(action: str) -> str:
    """A reply in the shape AgentLab's generic agent parses (its thinking, then one action)."""
    return f"<think>\nThe local stub model scripts this step.\n</think>\n\n<action>\n{action}\n</action>\n"


def _offline_tiktoken() -> None:
    """tiktoken reads the BPE tables bpe-openai ships instead of fetching them, checked against the sha256 tiktoken
    expects."""
    import tiktoken.load

    fetch = tiktoken.load.read_file_cached
    shipped = {name: f"{name}.tiktoken" for name in ("cl100k_base", "o200k_base")}

    def read(blobpath: str, expected_hash: str | None = None) -> bytes:
        for file in shipped.values():
            if blobpath.endswith("/" + file):
                data = gzip.decompress((resources.files("bpe_openai") / "data" / f"{file}.gz").read_bytes())
                if expected_hash and hashlib.sha256(data).hexdigest() != expected_hash:
                    raise RuntimeError(f"bpe-openai's {file} is not the table tiktoken expects ({expected_hash})")
                return data
        return fetch(blobpath, expected_hash)

    tiktoken.load.read_file_cached = read


def _no_punkt_download(folder: Path) -> None:
    """AgentLab's study module imports browsergym.webarena, whose import downloads NLTK's punkt_tab tokenizer unless
    `nltk.data.find("tokenizers/punkt_tab")` finds it; only WebArena's own evaluators use it, and no task here is
    WebArena's. An empty resource folder, named as such, answers that check; nothing else reads it."""
    import nltk

    # NLTK 3.8.1 (the project's pin) looks for "tokenizers/punkt_tab" in tokenizers/punkt/PY3_tab, later ones as named
    for marker in (folder / "tokenizers" / "punkt_tab", folder / "tokenizers" / "punkt" / "PY3_tab"):
        marker.mkdir(parents=True, exist_ok=True)
        (marker / "README").write_text(
            "Placeholder for browsergym.webarena's import-time check (evaluation/bgym/study.py)\n"
        )
    if str(folder) not in nltk.data.path:
        nltk.data.path.append(str(folder))


def run_study(suite: str, n_tasks: int, out: Path) -> list[dict[str, Any]]:
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ.setdefault("OPENAI_API_KEY", "local-stub")
    _offline_tiktoken()
    _no_punkt_download(out / "nltk_data")
    from copy import deepcopy

    from agentlab.agents.generic_agent import AGENT_4o_MINI  # type: ignore[import-not-found]  # AgentLab's venv
    from agentlab.experiments.study import make_study  # type: ignore[import-not-found]

    import browsergym.vwa_arena  # noqa: F401  (before Playwright starts: it points Playwright at Debian's Chromium)

    from .reuse import keep_browsers, release

    # the study's episodes run in this process (the sequential backend): they share its Chromiums, chat page and
    # browser context (reuse.py, keptcontext.py), and Playwright's calls capture their stack without source lines
    # (quickstack.py, which keep_browsers turns on: most of the study's CPU otherwise)
    keep_browsers()

    from .agentlab_env import agentlab_env_args
    from .benchmark import benchmarks

    bench = benchmarks()[f"vwa_arena_{suite}"]
    bench.env_args_list = agentlab_env_args(bench.env_args_list[:n_tasks])
    agent = deepcopy(AGENT_4o_MINI)
    study = make_study(benchmark=bench, agent_args=[agent], comment="vwa-arena: the generic agent on the local stub")
    try:
        study.run(n_jobs=1, parallel_backend="sequential", n_relaunch=1, exp_root=out)
    finally:
        release()
    result_df, _summary, _errors = study.get_results()
    rows = []
    for _, row in result_df.reset_index().iterrows():  # the task's name may be in the index

        def value(key: str, row: Any = row) -> Any:
            v = row.get(key)
            return None if v is None or (isinstance(v, float) and math.isnan(v)) else v

        rows.append(
            {
                "task": str(value("env.task_name")),
                "reward": value("cum_reward"),
                "steps": value("n_steps"),
                "err_msg": value("err_msg"),
                "stack_trace": value("stack_trace"),
            }
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--suite", default="classifieds")
    parser.add_argument("--tasks", type=int, default=5)
    parser.add_argument("--out", type=Path, default=None, help="the study's folder (default: a temporary one)")
    args = parser.parse_args(argv)
    out = args.out or Path(tempfile.mkdtemp(prefix="vwa-arena-agentlab-"))
    stub = None
    if not os.environ.get("OPENAI_BASE_URL"):
        from devtools.openai_stub import OpenAIStub

        stub = OpenAIStub(default_reply=stub_reply(STUB_STEPS[-1]))
        for _ in range(args.tasks):
            stub.reply(*(stub_reply(step) for step in STUB_STEPS))
        os.environ["OPENAI_BASE_URL"] = stub.base_url
    try:
        rows = run_study(args.suite, args.tasks, out)
    finally:
        if stub is not None:
            stub.close()
    for row in rows:
        print(json.dumps(row), flush=True)
    ran = [r for r in rows if r["err_msg"] is None and r["stack_trace"] is None and (r["steps"] or 0) >= 1]
    print(f"agentlab study: {len(ran)}/{args.tasks} tasks ran end to end without a harness error ({out})")
    return 0 if len(rows) == args.tasks and len(ran) == args.tasks else 1


if __name__ == "__main__":
    sys.exit(main())
