"""`python -m evaluation.run` (what `make eval` calls), end to end on the embedded classifieds site."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

from tests.commands import run_module


def _task(task_id: int, solution, reference_url: str) -> dict:
    return {
        "task_id": task_id,
        "sites": ["classifieds"],
        "require_login": True,
        "storage_state": "./.auth/classifieds_state.json",
        "start_url": "__CLASSIFIEDS__",
        "geolocation": None,
        "intent_template": "Search the listings for {{term}}",
        "instantiation_dict": {"term": "bike"},
        "intent": "Search the listings for bike",
        "image": None,
        "require_reset": False,
        "reasoning_difficulty": "easy",
        "visual_difficulty": "easy",
        "overall_difficulty": "easy",
        "intent_template_id": 9000,
        "comments": "agent_loop test",
        "eval": {
            "eval_types": ["url_match"],
            "reference_answers": None,
            "reference_url": reference_url,
            "url_note": "GOLD in PRED",
            "program_html": [],
        },
        "reference_solution": solution,
    }


def _run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(
        os.environ,
        DATA_DIR=str(tmp_path / "data"),
        RUN_DIR=str(tmp_path / "run"),
        SCALE="100",
        OPENAI_BASE_URL="",
        OPENAI_API_KEY="",
        PYTHONUNBUFFERED="1",
    )
    return run_module("evaluation.run", *args, env=env, timeout=600)


def test_no_task_files_is_said_plainly(tmp_path):
    done = _run(tmp_path, "--workers", "0", "--tasks", str(tmp_path))
    assert done.returncode == 0
    assert "No task files" in done.stdout


def test_model_agent_without_endpoint_is_a_usage_error(tmp_path):
    (tmp_path / "t.json").write_text("[]")
    done = _run(tmp_path, "--workers", "0", "--tasks", str(tmp_path), "--agent", "som")
    assert done.returncode == 2 and "OPENAI_BASE_URL" in done.stderr


def test_reference_run_without_endpoint_scores_and_writes_trajectories(tmp_path):
    tasks = tmp_path / "tasks"
    tasks.mkdir()
    search = [
        {"do": "type", "css": "input[name=sPattern]", "value": "bike", "enter": True},
        {"do": "stop", "answer": ""},
    ]
    wrong = [{"do": "stop", "answer": ""}]
    url = "__CLASSIFIEDS__/index.php?page=search"
    (tasks / "loop.json").write_text(json.dumps([_task(0, search, url), _task(1, wrong, url)]))
    results = tmp_path / "results"
    done = _run(tmp_path, "--workers", "0", "--tasks", str(tasks), "--results", str(results))
    out = done.stdout
    assert done.returncode == 0, out + done.stderr  # a failed task is a result, not a harness failure
    assert "No model endpoint is configured" in out and "`reference` agent" in out
    lines = [json.loads(line) for line in (results / "results.jsonl").read_text().splitlines()]
    by_id = {r["task_id"]: r for r in lines}
    assert by_id[0]["status"] == "scored" and by_id[0]["reward"] == 1
    assert "sPattern=bike" in by_id[0]["final_url"]
    assert by_id[1]["status"] == "scored" and by_id[1]["reward"] == 0
    assert f"Results: {results / 'results.jsonl'}" in out
    pages = sorted(p.name for p in (results / "trajectories").glob("*.html"))
    assert pages == ["classifieds_0.html", "classifieds_1.html"]
    page = (results / "trajectories" / "classifieds_0.html").read_text()
    assert "data:image" not in page  # screenshots are files, not inlined
    frames = re.findall(r'src="(frames/[0-9a-f]+\.webp)"', page)
    assert frames and all((results / "trajectories" / f).read_bytes()[8:12] == b"WEBP" for f in frames)
    report = (results / "report.html").read_text()  # the run's report links every trajectory
    assert 'href="trajectories/classifieds_0.html"' in report and 'href="trajectories/classifieds_1.html"' in report
    assert f"Report with charts: {results / 'report.html'}" in out


def test_run_usage_sums_the_episodes(tmp_path):
    from evaluation.reporting.usage import run_usage

    lines = [
        {"usage": {"prompt_tokens": 100, "completion_tokens": 10, "cost_usd": 0.5, "model": "m", "calls": 2}},
        {
            "usage": {"prompt_tokens": 50, "completion_tokens": 5, "cost_usd": 0.25, "model": "m", "calls": 1},
            "judge_usage": {"calls": 1, "prompt_tokens": 7},
        },
        {"status": "skipped"},
    ]
    (tmp_path / "results.jsonl").write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    usage = run_usage(tmp_path)
    assert (usage["prompt_tokens"], usage["completion_tokens"], usage["calls"], usage["episodes"]) == (150, 15, 3, 2)
    assert usage["cost_usd"] == 0.75 and usage["judge_calls"] == 1 and usage["judge_prompt_tokens"] == 7
    lines.append({"usage": {"prompt_tokens": 1, "completion_tokens": 1, "cost_usd": None, "model": "x", "calls": 1}})
    (tmp_path / "results.jsonl").write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    assert run_usage(tmp_path)["cost_usd"] is None
