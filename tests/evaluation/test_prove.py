"""`--prove` end to end: one sighted episode per task also proves that the null outcome scores 0 on the untouched
start page and that every element the sighted agent finds is the one the reference solution names. A real pytest
subprocess, Chromium and the fixture pages; each proof is shown failing on a task built to break it."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from evaluation.reporting.results import schema_problems

from .runenv import run_pytest
from .taskdata import make_task, write_tasks

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.browser

ITEM_LINK = "Red city bike (classifieds listing)"


@pytest.fixture(scope="module")
def fixture_env(fixture_server, tmp_path_factory):
    base = f"{fixture_server}/evaluation"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "JUDGE_", "VQA_"))}
    env.update(
        CLASSIFIEDS=base, SHOPPING=base, REDDIT=base, STACK="docker", RUN_DIR=str(tmp_path_factory.mktemp("run"))
    )
    return env


def _task(task_id: int, css: str, start: str = "start.html", url_eval: bool = False) -> dict:
    task = make_task(
        task_id,
        require_login=False,
        start_url=f"__CLASSIFIEDS__/{start}",
        reference_solution=[{"do": "click", "css": css, "sight": {"text": ITEM_LINK}}, {"do": "stop", "answer": "120"}],
    )
    if url_eval:  # only the final page counts: a task whose start page is already the answer
        task["eval"].update(
            eval_types=["url_match"], reference_answers=None, reference_url="__CLASSIFIEDS__/classifieds_item.html"
        )
    return task


def test_each_proof_holds_on_a_sound_task_and_fails_on_one_built_to_break_it(fixture_env, tmp_path):
    tasks = write_tasks(
        tmp_path / "prove.json",
        [
            _task(0, "#to-item"),  # sound: all three proofs hold
            _task(1, "#to-order"),  # the CSS names another link than the sight
            {
                **_task(2, "#to-item", url_eval=True),  # the null outcome already passes
                "reference_solution": [{"do": "stop", "answer": ""}],
                "start_url": "__CLASSIFIEDS__/classifieds_item.html",
            },
        ],
    )
    proc = run_pytest(
        fixture_env,
        "--task-file",
        tasks,
        "--agent",
        "sighted",
        "--prove",
        "--frames",
        "failed",
        "--results",
        tmp_path / "r",
    )
    out = proc.stdout
    assert proc.returncode == 1 and "2 failed, 1 passed" in out, out + proc.stderr
    # the reference proof names the step, both marks and their texts
    assert "reference proof: step 0 (click css='#to-order')" in out, out
    assert "the sighted agent picked [" in out and repr(ITEM_LINK) in out
    assert "'Order # 000000187 (shopping)'" in out
    # the null proof says which strict check passed for the empty answer on the start page
    assert "null proof: the empty answer on the start page scored 1 (strict): url_match.url" in out, out
    lines = {r["task_id"]: r for r in map(json.loads, (tmp_path / "r" / "results.jsonl").read_text().splitlines())}
    assert schema_problems(tmp_path / "r") == []
    sound, other, null_passes = lines[0]["proof"], lines[1]["proof"], lines[2]["proof"]
    assert sound["null"]["reward"] == 0 and sound["null"]["scoring"] == "strict"
    assert sound["reference"] == {"element_steps": 1, "agreed": 1, "disagreements": []}
    assert lines[0]["sight"]["targets"] == lines[0]["sight"]["by_text"] == 1  # the sighted agent's own record
    assert lines[1]["reward"] == 1 and other["reference"]["agreed"] == 0  # the sighted run itself scored 1
    assert other["reference"]["disagreements"][0]["reference_text"] == "Order # 000000187 (shopping)"
    assert lines[2]["reward"] == 1 and null_passes["null"]["reward"] == 1
    assert all(r["agent"] == "sighted" and r["scoring"] == "official" for r in lines.values())
    # frames are kept for the tasks whose proofs failed, not for the sound one
    traj = tmp_path / "r" / "trajectories"
    assert "Frames not kept" in (traj / "classifieds_0.html").read_text()
    assert "Frames not kept" not in (traj / "classifieds_1.html").read_text()
    assert lines[0]["episode_timings"]["before_first_action_s"] > 0


def test_prove_is_refused_without_the_sighted_agent_and_a_bad_settle_timeout_is_a_usage_error(fixture_env, tmp_path):
    tasks = write_tasks(tmp_path / "t.json", [_task(0, "#to-item")])
    proc = run_pytest(fixture_env, "--task-file", tasks, "--agent", "reference", "--prove")
    assert proc.returncode == 4 and "--prove runs the proofs in the sighted agent's episodes" in proc.stderr, (
        proc.stdout + proc.stderr
    )
    proc = run_pytest({**fixture_env, "SETTLE_TIMEOUT": "soon"}, "--task-file", tasks, "--agent", "sighted")
    assert proc.returncode == 4 and "SETTLE_TIMEOUT='soon': expected seconds" in proc.stderr, proc.stdout + proc.stderr
