"""Adding an agent is one module: a toy agent registered in its own module (loaded with `pytest -p`) runs through
the task harness, which reads what the agent's spec declares (it needs the reference solution, its step limit,
its tokenizer and its summary) instead of knowing agents by name. A real pytest subprocess, Chromium and the
fixture pages."""

from __future__ import annotations

import json
import os
import textwrap
from pathlib import Path

import pytest

from evaluation.reporting.results import schema_problems

from .runenv import fixture_env, run_pytest
from .taskdata import make_task, write_tasks

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.browser

# the whole agent: its behaviour and its spec, registered when the module is imported
TOY_AGENT = '''
from agent.agents import AgentOutput, AgentSpec, register_agent


class ScrollThenAnswer:
    """Scrolls down as many times as the intent's last word says, then stops with the reference answer."""

    name = "toy_needs"
    observation_mode = "accessibility_tree"

    def __init__(self, solution):
        self.answer = solution[-1]["answer"]
        self.scrolls = self.turns = 0

    def reset(self, intent, images):
        self.scrolls, self.turns = int(intent.split()[-1]), 0

    def act(self, obs, history):
        self.turns += 1
        if self.turns <= self.scrolls:
            return AgentOutput(action_text="scroll [down]" if self.turns % 2 else "scroll [up]")
        return AgentOutput(action_text=f"stop [{self.answer}]")


register_agent(
    AgentSpec(
        "toy_needs",
        lambda *, solution, **_: ScrollThenAnswer(solution),
        description="a toy agent that declares its needs",
        needs_solution=True,
        max_steps=2,
        tokenizer=lambda agent: "toy-tokenizer",
        summary=lambda agent: {"turns": agent.turns},
    )
)
'''


def _task(task_id: int, scrolls: int, solution: bool = True) -> dict:
    task = make_task(
        task_id,
        require_login=False,
        start_url="__CLASSIFIEDS__/start.html",
        intent=f"What is the price of the blue bike? Scroll {scrolls}",
        reference_solution=[{"do": "stop", "answer": "120"}],
    )
    if not solution:
        del task["reference_solution"]
    return task


def test_an_agent_registered_in_one_module_runs_through_the_harness_as_its_spec_says(fixture_server, tmp_path):
    plugin = tmp_path / "plugins"
    plugin.mkdir()
    (plugin / "toy_needs_agent.py").write_text(textwrap.dedent(TOY_AGENT), encoding="utf-8")
    tasks = write_tasks(
        tmp_path / "toy.json",
        [
            _task(0, scrolls=1),  # scroll, then stop with the answer: within the spec's limit of 2 steps
            _task(1, scrolls=5),  # stopped by the spec's step limit
            _task(2, scrolls=0, solution=False),  # the spec needs a reference solution: skipped
        ],
    )
    env = fixture_env(fixture_server, tmp_path / "run")
    env["PYTHONPATH"] = os.pathsep.join([str(plugin), str(ROOT), env.get("PYTHONPATH", "")])
    proc = run_pytest(
        env, "-p", "toy_needs_agent", "-rs", "--task-file", tasks, "--agent", "toy_needs", "--results", tmp_path / "r"
    )
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1 and "1 failed, 1 passed, 1 skipped" in proc.stdout, out
    lines = {r["task_id"]: r for r in map(json.loads, (tmp_path / "r" / "results.jsonl").read_text().splitlines())}
    assert schema_problems(tmp_path / "r") == []
    done, limited, skipped = lines[0], lines[1], lines[2]
    assert (done["reward"], done["stop_reason"], done["steps"], done["answer"]) == (1, "stop", 2, "120"), done
    assert (limited["reward"], limited["stop_reason"], limited["steps"]) == (0, "max_steps", 2), limited
    assert done["tokenizer"] == limited["tokenizer"] == "toy-tokenizer"
    assert done["sight"] == {"turns": 2} and limited["sight"] == {"turns": 2}
    assert skipped["status"] == "skipped" and skipped["skip_reason"] == "no reference solution", skipped
    assert all(r["agent"] == "toy_needs" for r in lines.values())
