"""--record-network and offline re-scoring: a reference run on the embedded classifieds site saves each
episode's requests (the POST of the comment form it submitted among them); `python -m evaluation.rescore`
re-scores string_match and url_match from the result lines and logs with the recorded verdicts, skips
program_html ("needs the live site"), and says so when a line no longer agrees with its checks."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from agent.network import read_log
from evaluation.reporting.results import read_results, schema_problems

from .embedded_tasks import ROOT, classifieds_task, embedded_env, run_pytest, search_task, write_task_file

pytestmark = pytest.mark.browser


COMMENT = [
    {"do": "goto", "url": "__CLASSIFIEDS__/index.php?page=item&id=3"},
    {"do": "type", "css": "#comment-form input[name=title]", "value": "Network check", "enter": False},
    {"do": "click", "css": "#comment-form input[name=rating][value='4']"},
    {"do": "type", "css": "#comment-form textarea[name=body]", "value": "Posted by the test", "enter": False},
    {"do": "click", "css": "#comment-form button[type=submit]"},
    {"do": "stop", "answer": "done"},
]
COMMENT_EVAL = {
    "eval_types": ["program_html", "string_match"],
    "reference_answers": {"must_include": ["done"]},
    "program_html": [
        {
            "url": "__CLASSIFIEDS__/index.php?page=item&id=3",
            "locator": "document.querySelector('.comments_list').textContent",
            "required_contents": {"must_include": ["Network check"]},
        }
    ],
}
TASKS = [
    search_task(0, "bike"),
    classifieds_task(1, "Leave a 4-star comment titled Network check on listing 3", COMMENT, COMMENT_EVAL),
    classifieds_task(
        2,
        "Open the search results for bike",
        [{"do": "stop", "answer": ""}],  # stops at once: reward 0
        {
            "eval_types": ["url_match"],
            "url_note": "GOLD in PRED",
            "reference_url": "__CLASSIFIEDS__/index.php?page=search&sPattern=bike",
        },
    ),
]


def _rescore(run: Path, *args) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "JUDGE_"))}  # no judge model
    return subprocess.run(
        [sys.executable, "-m", "evaluation.rescore", str(run), *map(str, args)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_network_logs_and_offline_rescore(tmp_path):
    task_file = write_task_file(tmp_path / "network_tasks.json", TASKS)
    run = tmp_path / "results"
    proc = run_pytest(embedded_env(tmp_path), task_file, "--results", run, "--record-network", "-q")
    assert "1 failed, 2 passed" in proc.stdout, proc.stdout + proc.stderr
    records = {r["task_id"]: r for r in read_results(run)}
    assert [records[i]["reward"] for i in range(3)] == [1, 1, 0]
    assert schema_problems(run) == []
    for i in range(3):
        assert records[i]["network_log"] == f"trajectories/classifieds_{i}.network.jsonl.gz"
        assert records[i]["site_urls"]["classifieds"].startswith("http://127.0.0.1:")

    # the log holds the episode's requests: the comment form's POST with its fields, answered by a redirect
    comment_log = read_log(run / records[1]["network_log"])
    posts = [r for r in comment_log if r["method"] == "POST"]
    assert len(posts) == 1, comment_log
    form = posts[0]["form"]
    assert form["action"] == ["add_comment"] and form["id"] == ["3"] and form["title"] == ["Network check"]
    assert form["rating"] == ["4"] and form["body"] == ["Posted by the test"] and form["csrf"] == ["(redacted)"]
    assert posts[0]["status"] in (302, 303) and posts[0]["type"] == "Document"
    assert not any(
        "login" in str(r.get("form", {}).get("action")) for r in comment_log
    )  # the login is not the episode's
    search_log = read_log(run / records[0]["network_log"])
    assert records[0]["final_url"] in [r["url"] for r in search_log if r["type"] == "Document"]
    assert (run / records[0]["network_log"]).stat().st_size < 20_000  # compact

    done = _rescore(run)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = {line["task_id"]: line for line in map(json.loads, (run / "rescore.jsonl").read_text().splitlines())}
    assert [lines[i]["verdict"] for i in range(3)] == ["same", "same", "same"]
    assert lines[0]["rescored"] == ["string_match", "url_match"] and lines[0]["rescored_answerable"] == 1
    assert lines[0]["final_url_loaded"] is True
    assert lines[1]["rescored"] == ["string_match"] and "needs the live site" in lines[1]["skipped"]["program_html"]
    assert lines[1]["forms_posted"][0]["form"]["title"] == ["Network check"]
    assert lines[2]["rescored_answerable"] == 0 == lines[2]["recorded_answerable"]  # a 0 re-scores as a 0
    assert (
        "classifieds/1: same; re-scored: string_match; not re-scored: program_html needs the live site" in done.stdout
    )
    assert "3 task(s): 3 same" in done.stdout

    # a line that no longer matches its checks (an edited answer, a moved final URL) is found out
    tampered = tmp_path / "tampered"
    tampered.mkdir()
    lines_in = [json.loads(x) for x in (run / "results.jsonl").read_text().splitlines()]
    for r in lines_in:
        if r["task_id"] == 0:
            r["answer"] = "car"
        if r["task_id"] == 2:
            r["final_url"] = r["site_urls"]["classifieds"] + "/index.php?page=search&sPattern=bike"
    (tampered / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in lines_in))
    bad = _rescore(tampered)
    assert bad.returncode == 1 and "3 task(s): 2 differs, 1 same" in bad.stdout, bad.stdout + bad.stderr
    assert "classifieds/1: same" in bad.stdout
