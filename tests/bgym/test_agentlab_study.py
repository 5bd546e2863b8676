"""AgentLab's generic agent runs 5 tasks of the suites end to end through AgentLab's own study loop, in AgentLab's
venv (run/venv-agentlab: `make venv-agentlab`, which make test runs first), its model calls going over real HTTP to
the project's local OpenAI-compatible stub (devtools/openai_stub.py, started here, in another process than the study).
It passes when every task ran to its end without a harness error, whatever the stub earned.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from devtools.openai_stub import OpenAIStub
from evaluation.bgym.study import STUB_STEPS, stub_reply

ROOT = Path(__file__).resolve().parents[2]
PYTHON = ROOT / "run" / "venv-agentlab" / "bin" / "python"
TASKS = 5

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("agentlab")]


def test_the_generic_agent_runs_five_tasks_end_to_end_on_the_local_stub(tmp_path):
    # no skip: make test makes the venv first (its venv-agentlab prerequisite), so a missing one is a failed install
    assert PYTHON.exists(), f"AgentLab's venv is not made: {PYTHON} (run make venv-agentlab)"
    with OpenAIStub(default_reply=stub_reply(STUB_STEPS[-1])) as stub:
        for _ in range(TASKS):
            stub.reply(*(stub_reply(step) for step in STUB_STEPS))
        env = {**os.environ, "OPENAI_BASE_URL": stub.base_url, "OPENAI_API_KEY": "local-stub"}
        done = subprocess.run(
            [str(PYTHON), "-m", "evaluation.bgym.study", "--tasks", str(TASKS), "--out", str(tmp_path)],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=1200,
        )
        requests, paths = list(stub.requests), list(stub.paths)
    assert done.returncode == 0, (done.stdout + done.stderr)[-4000:]
    rows = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    assert len(rows) == TASKS
    for row in rows:
        assert row["err_msg"] is None and row["stack_trace"] is None, row
        assert row["task"].startswith("vwa_arena.classifieds.") and row["steps"] >= 1 and row["reward"] is not None
    # the agent's prompts went over HTTP to the stub: one chat completion per step, with the task's goal in it
    assert len(requests) >= TASKS and all(p.rstrip("/").endswith("/chat/completions") for p in paths)
    assert all(r["model"].startswith("gpt-4o-mini") for r in requests)
    assert "scroll(0, 200)" in json.dumps(requests[1]["messages"])  # the second step's prompt shows the first action
