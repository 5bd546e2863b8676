"""The pytest plugin end to end: task files collected and run by a real pytest subprocess, with the
reference and null agents in Chromium against the fixture pages (served as the sites' URLs through the
docker stack's fixed-URL settings; `site_env` and the model stub are in conftest.py), results lines, the
success tables and `python -m evaluation.report`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evaluation.reporting.results import RECORD_KEYS, RECORD_STATUSES, schema_problems
from tests.commands import run_module

from .conftest import FIXTURE_TASKS, ROOT, SHARED_RUN
from .runenv import run_pytest
from .taskdata import make_task, write_tasks

pytestmark = pytest.mark.browser


def lines_of(results: Path) -> list[dict]:
    return [json.loads(line) for line in (results / "results.jsonl").read_text().splitlines()]


@pytest.mark.xdist_group(SHARED_RUN)
def test_reference_agent_scores_every_fixture_task(fixture_reference_run, site_env):
    proc, results = fixture_reference_run  # tests/evaluation/conftest.py: strict scoring, -rs
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "9 passed, 1 skipped" in proc.stdout
    assert "no reference solution" in proc.stdout
    records = {r["task_id"]: r for r in lines_of(results)}
    assert len(records) == 10
    assert all(set(RECORD_KEYS) <= set(r) and r["status"] in RECORD_STATUSES for r in records.values())
    assert schema_problems(results) == []  # every line of a real run fits evaluation/result.schema.json
    assert records[9]["answer"] is None and records[9]["phase"] is None
    assert records[9]["status"] == "skipped"
    assert all(records[i]["reward"] == 1 and records[i]["status"] == "scored" for i in range(9))
    assert records[5]["answer"] == "MarvelsGrantMan136" and records[5]["final_url"].endswith("/postmill_post.html")
    assert records[4]["judge_usage"]["calls"] == 1  # "1.7 L" vs "1.7 litres" went to the judge
    assert {c["evaluator"] for c in records[6]["checks"]} == {"page_image_query[0]", "page_image_query[1]", "url_match"}
    assert (results / "trajectories" / "reddit_5.html").is_file()
    # the table printed at the end, and the same from the results folder
    assert "VWA success rates" in proc.stdout and "| **Overall** | **100.00%** | 9 | 9 | 0 | 1 |" in proc.stdout
    summary = json.loads((results / "summary.json").read_text())
    assert summary["overall"]["success"] == 9 and summary["by_site"]["shopping"]["tasks"] == 2
    assert summary["scoring"] == "strict" and {r["scoring"] for r in records.values()} == {"strict"}
    assert "Scoring: strict" in proc.stdout
    # a second run into the same folder in the other mode would merge two scorings: refused
    mixed = run_pytest(site_env, "--task-file", FIXTURE_TASKS, "--results", results, "-k", "classifieds/0")
    assert mixed.returncode != 0 and "scored with --scoring strict" in mixed.stderr, mixed.stdout + mixed.stderr
    report = run_module("evaluation.report", str(results))
    assert report.returncode == 0 and "| reddit | 100.00% | 1 | 1 | 0 | 0 |" in report.stdout
    assert report.stdout == (results / "report.md").read_text()


def test_null_agent_earns_nothing_in_parallel(site_env, tmp_path):
    results = tmp_path / "null"
    # strict: the official harness sends an empty answer of an unachievable task to the judge
    proc = run_pytest(
        site_env,
        "--task-file",
        FIXTURE_TASKS,
        "--results",
        results,
        "--agent",
        "null",
        "--expect-reward",
        "0",
        "-n",
        "2",
        "--scoring",
        "strict",
        "--frames",
        "failed",
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "10 passed" in proc.stdout
    # --frames failed: every task scored as expected, so no frame was encoded; the steps' text stays
    page = (results / "trajectories" / "classifieds_0.html").read_text()
    assert "Frames not kept" in page and "<img" not in page and "Step 1:" in page
    assert not (results / "trajectories" / "frames").exists()
    records = lines_of(results)
    assert len(records) == 10 and {r["reward"] for r in records} == {0}
    assert {r["worker"] for r in records} <= {"gw0", "gw1"}
    assert proc.stdout.count("VWA success rates") == 1  # printed by the controller only


def test_wrong_reward_fails_with_each_check(site_env, tmp_path):
    proc = run_pytest(
        site_env,
        "--task-file",
        FIXTURE_TASKS,
        "--results",
        tmp_path,
        "--agent",
        "null",
        "-k",
        "classifieds/0",
        "--frames",
        "failed",
    )
    assert proc.returncode == 1 and "1 failed" in proc.stdout
    page = (tmp_path / "trajectories" / "classifieds_0.html").read_text()  # not the expected 1: frames kept
    assert "Frames not kept" not in page and '<img alt="screenshot before step 1" src="frames/' in page
    assert "classifieds/0: reward 0, expected 1" in proc.stdout
    assert "[FAIL] string_match.must_include: answer '' lacks '120'" in proc.stdout
    assert "[FAIL] string_match.required_values" in proc.stdout
    assert "Scoring: official" in proc.stdout and lines_of(tmp_path)[0]["scoring"] == "official"  # the default


def test_site_down_is_an_error_with_its_cause(site_env, tmp_path):
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{s.getsockname()[1]}"
    env = dict(site_env, CLASSIFIEDS=dead)
    proc = run_pytest(env, "--task-file", FIXTURE_TASKS, "--results", tmp_path, "-k", "classifieds/0")
    assert proc.returncode == 1 and "1 error" in proc.stdout, proc.stdout
    assert "harness error: classifieds/0 (tasks_fixture.json) (after 2 attempts): sites:" in proc.stdout
    assert f"classifieds: it does not answer {dead}" in proc.stdout
    first, record = lines_of(tmp_path)  # --retries 1 (the default): one retry, then the error
    assert (first["attempt"], record["attempt"]) == (1, 2) and record["retried_errors"] == [first["error"]]
    assert record["status"] == "error" and record["reward"] is None and "does not answer" in record["error"]
    # the same keys as a scored line, null where the failed phase has no value, and the failed phase
    assert list(record)[: len(RECORD_KEYS)] == list(RECORD_KEYS)
    assert record["phase"] == "sites" and record["error"].startswith("sites: ")
    assert "\n" not in record["error"] and record["checks"] == [] and record["answer"] is None
    assert schema_problems(tmp_path) == []


def test_missing_input_image_is_an_error_naming_the_field(site_env, tmp_path):
    task = make_task(
        4,
        start_url="__CLASSIFIEDS__/start.html",
        image=["photo_red.png", "lost.png"],
        require_login=False,
        reference_solution=[{"do": "stop", "answer": "120"}],
    )
    file = write_tasks(tmp_path / "img.json", [task])
    proc = run_pytest(
        site_env,
        f"--task-file={file}",
        "--results",
        tmp_path / "r",
        "--image-root",
        ROOT / "tests" / "fixtures" / "evaluation",
    )
    assert "1 error" in proc.stdout, proc.stdout
    assert "field 'image[1]'" in proc.stdout and "'lost.png' not found" in proc.stdout


def test_errors_a_retry_cannot_fix_run_once_and_a_missing_image_is_the_input_phase(site_env, tmp_path):
    """A missing JUDGE_MODEL, a missing VQA_BACKEND and a site API 404 are the same on every attempt: one attempt,
    one line each (with --retries 1, the default). A missing input image fails in phase `input`, not `reset`."""
    env = {k: v for k, v in site_env.items() if not k.startswith(("JUDGE_", "VQA_"))}
    env["MAGENTO_ADMIN_TOKEN"] = "fixture-token"
    stop = [{"do": "stop", "answer": "a bicycle painted blue"}]
    judged = make_task(21, require_login=False, start_url="__CLASSIFIEDS__/start.html", reference_solution=stop)
    judged["eval"]["reference_answers"] = {"fuzzy_match": ["the blue one"]}
    vqa = make_task(22, require_login=False, start_url="__CLASSIFIEDS__/classifieds_item.html", reference_solution=stop)
    vqa["eval"] = {
        "eval_types": ["page_image_query"],
        "reference_answers": None,
        "reference_url": "",
        "program_html": [],
        "string_note": "",
        "page_image_query": [
            {
                "eval_image_url": "last",
                "eval_image_class": ".item-photos",
                "eval_vqa": [{"question": "What colour is the bike?", "answer": "red"}],
            }
        ],
    }
    api = make_task(
        23,
        sites=["shopping"],
        require_login=False,
        start_url="__SHOPPING__/start.html",
        storage_state="./.auth/shopping_state.json",
        reference_solution=stop,
    )
    api["eval"] = {
        "eval_types": ["program_html"],
        "reference_answers": None,
        "reference_url": "",
        "string_note": "",
        "program_html": [
            {
                "url": "last",
                "locator": "func:shopping_get_sku_latest_review_rating('NO-SUCH-SKU')",
                "required_contents": {"must_include": ["80"]},
            }
        ],
    }
    image = make_task(
        24, require_login=False, start_url="__CLASSIFIEDS__/start.html", image="lost.png", reference_solution=stop
    )
    file = write_tasks(tmp_path / "once.json", [judged, vqa, api, image])
    proc = run_pytest(
        env,
        f"--task-file={file}",
        "--results",
        tmp_path / "r",
        "--image-root",
        ROOT / "tests" / "fixtures" / "evaluation",
    )
    assert "4 errors" in proc.stdout, proc.stdout + proc.stderr
    records = lines_of(tmp_path / "r")
    assert sorted(r["task_id"] for r in records) == [21, 22, 23, 24], [(r["task_id"], r["error"]) for r in records]
    by_id = {r["task_id"]: r for r in records}
    assert all(r["attempt"] == 1 and r["status"] == "error" for r in records)
    assert by_id[21]["phase"] == "scoring" and "set JUDGE_MODEL" in by_id[21]["error"]
    assert by_id[22]["phase"] == "scoring" and "set VQA_BACKEND" in by_id[22]["error"]
    assert by_id[23]["phase"] == "scoring" and "HTTP 404" in by_id[23]["error"] and "NO-SUCH-SKU" in by_id[23]["error"]
    assert (
        by_id[24]["phase"] == "input"
        and by_id[24]["error"].startswith("input: ")
        and "'lost.png' not found" in by_id[24]["error"]
    )
    assert schema_problems(tmp_path / "r") == []


def test_collect_only_fails_loudly_on_a_bad_file(site_env, tmp_path):
    bad = make_task(3)
    bad["eval"]["eval_types"] = ["string_match", "pixel_match"]
    file = write_tasks(tmp_path / "bad.json", [make_task(1), bad])
    # a file outside the project: the `=` form keeps pytest from taking its folder as the rootdir
    proc = run_pytest(site_env, "--collect-only", f"--task-file={file}", "--strict-tasks")
    assert proc.returncode != 0
    assert f"{file}, task 3, field 'eval.eval_types[1]': unknown evaluator type 'pixel_match'" in proc.stdout
    # without --strict-tasks the bad task is one item of its own and the good one is collected
    proc = run_pytest(site_env, "--collect-only", f"--task-file={file}")
    assert proc.returncode == 0 and "2 tests collected" in proc.stdout, proc.stdout


def test_a_task_is_marked_with_the_sites_its_start_urls_open(site_env, tmp_path):
    """An official classifieds task with the store in a second tab is selected by `-m shopping` and `-m multisite`;
    its item stays classifieds/N (named after its main site)."""
    tab = make_task(0, start_url="__CLASSIFIEDS__ |AND| __SHOPPING__/catalogsearch/result/?q=bike")
    file = write_tasks(tmp_path / "test_classifieds.json", [tab, make_task(1)])

    def collected(*args):
        proc = run_pytest(site_env, "--collect-only", "-q", f"--task-file={file}", *args)
        assert proc.returncode in (0, 5), proc.stdout + proc.stderr
        assert "PytestUnknownMarkWarning" not in proc.stdout + proc.stderr
        return [line.split("::")[1] for line in proc.stdout.splitlines() if "::" in line]

    assert collected("-m", "shopping") == ["classifieds/0"]
    assert collected("-m", "multisite") == ["classifieds/0"]
    assert collected("-m", "classifieds") == ["classifieds/0", "classifieds/1"]


def test_markers_and_keyword_selection(site_env):
    def collected(*args):
        proc = run_pytest(site_env, "--collect-only", "-q", "--task-file", FIXTURE_TASKS, *args)
        assert proc.returncode in (0, 5), proc.stdout + proc.stderr
        assert "PytestUnknownMarkWarning" not in proc.stdout + proc.stderr
        return [line.split("::")[1] for line in proc.stdout.splitlines() if "::" in line]

    assert collected("-m", "shopping and overall_hard") == ["shopping/3"]
    assert collected("-k", "reddit") == ["reddit/5", "classifieds/7"]  # classifieds/7 opens a forum tab
    assert collected("-m", "image_input") == ["classifieds/6"]
    assert collected("-m", "page_image_query") == ["classifieds/6"]
    assert collected("-m", "unachievable") == ["classifieds/8"]
    assert len(collected("-m", "string_match")) == 8


def test_embedded_stack_skips_sites_it_cannot_serve(site_env, tmp_path):
    # Wikipedia needs the kiwix-serve program: on a machine without it (here: a PATH without it) the
    # embedded stack does not serve Wikipedia, and its tasks are skipped with the reason, not errors.
    missing = "wikipedia"
    task = next(t for t in json.loads(FIXTURE_TASKS.read_text()) if t["sites"] == ["reddit"])
    task_file = tmp_path / "unservable.json"
    task_file.write_text(json.dumps([dict(task, sites=[missing], start_url=f"__{missing.upper()}__/")]))
    env = dict(site_env, STACK="embedded", PATH=str(tmp_path))
    proc = run_pytest(env, "--task-file", task_file, "--results", tmp_path / "results", "-rs")
    assert proc.returncode == 0 and "1 skipped" in proc.stdout, proc.stdout
    assert f"cannot serve site(s) {missing}" in proc.stdout


def test_an_undecoded_image_in_view_fails_the_task_when_complete_views_are_required(site_env, tmp_path):
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    released = threading.Event()

    class Held(BaseHTTPRequestHandler):  # takes the photo's request and answers it only when the test ends
        def log_message(self, *args):
            pass

        def do_GET(self):
            if self.path == "/bike.png":
                released.wait(120)
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(b"<title>photo server</title>")

    held = ThreadingHTTPServer(("127.0.0.1", 0), Held)
    held.daemon_threads = True
    threading.Thread(target=held.serve_forever, daemon=True).start()
    port = held.server_address[1]
    try:
        # the photo server's origin is one of the task's (a second start tab): the agent's browser reaches
        # only the task's origins (agent/browser/sandbox.py)
        task = make_task(
            0,
            require_login=False,
            start_url=f"__CLASSIFIEDS__/held_image.html#{port} |AND| http://127.0.0.1:{port}/",
            reference_solution=[{"do": "stop", "answer": "120"}],
        )
        tasks = write_tasks(tmp_path / "held.json", [task])
        # the photo never comes: each observation waits out the settle timeout, here 1 s on an idle machine
        proc = run_pytest(
            {**site_env, "SETTLE_TIMEOUT": "1"},
            "--task-file",
            tasks,
            "--results",
            tmp_path / "r",
            "--require-complete-observations",
        )
    finally:
        released.set()
        held.shutdown()
        held.server_close()
    assert proc.returncode == 1 and "1 failed" in proc.stdout, proc.stdout + proc.stderr
    assert "[FAIL] observation.complete_view: 1 image(s) in view were not decoded" in proc.stdout
    assert "[ok] string_match.exact_match" in proc.stdout  # the answer itself was right
    line = lines_of(tmp_path / "r")[0]
    assert line["pending_images"]["max_images"] == 1 and "/bike.png" in line["pending_images"]["image_urls"][0]
    assert schema_problems(tmp_path / "r") == []
