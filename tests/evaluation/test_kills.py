"""Faults at random points: a site SIGKILLed during an episode, a whole pytest run SIGKILLed (its process
group) at a point drawn from a seeded RNG. Nothing lost (the lines written stay whole and count), nothing
orphaned (no process of the run, no instance folder, no browser profile), and the run resumed with
`--resume` ends with every selected task scored exactly once.

VWA_KILL_SEED=N picks another kill point (the seed is in every failure message)."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import tempfile
import threading
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from evaluation.reporting.results import read_results, schema_problems
from evaluation.vocabulary.spec import MULTI_URL_SEP

from .embedded_tasks import (
    ROOT,
    SCAN_POLL,
    classifieds_task,
    embedded_env,
    eventually,
    pytest_command,
    run_pytest,
    search_task,
    write_task_file,
)

pytestmark = pytest.mark.browser


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def _processes_with(marker: str) -> list[str]:
    """Live processes whose environment carries `marker` (every process a run starts inherits it)."""
    found = []
    needle = marker.encode()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                if needle in (entry / "environ").read_bytes() and _alive(int(entry.name)):
                    found.append(f"{entry.name} {(entry / 'cmdline').read_bytes()[:120]!r}")
            except OSError:
                pass
    return found


def _lines(results: Path) -> list[dict]:
    path = results / "results.jsonl"
    return [json.loads(x) for x in path.read_text().splitlines()] if path.is_file() else []


# ---- a site killed during an episode --------------------------------------------------------------------


class _Gate:
    """An HTTP page an episode visits; on the visit it SIGKILLs the worker's classifieds server (its pid from
    the arena's pid file) and answers once that process is gone: the kill lands inside the episode."""

    def __init__(self, run_dir: Path):
        self.run_dir = run_dir
        self.killed: list = []
        gate = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                if self.path == "/gate" and not gate.killed:
                    [pid_file] = list((gate.run_dir / "pytest").glob("*/classifieds.pid"))
                    pid = int(pid_file.read_text())
                    os.kill(pid, signal.SIGKILL)
                    gate.killed.append(pid)
                    eventually(lambda: not _alive(pid), f"classifieds server {pid} after SIGKILL", timeout=20)
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.end_headers()
                self.wfile.write(b"<title>gate</title><p>the classifieds server was just killed")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/gate"

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def test_a_site_killed_mid_episode_is_an_error_and_the_next_tasks_run_on_the_restarted_site(tmp_path):
    gate = _Gate(tmp_path / "run")
    try:
        hit = classifieds_task(
            1,
            "Visit the gate, then search the listings",
            [
                {"do": "goto", "url": gate.url},
                {"do": "goto", "url": "__CLASSIFIEDS__/index.php?page=search&sPattern=lamp"},
                {"do": "stop", "answer": "lamp"},
            ],
            search_task(1, "lamp")["eval"],
        )
        # the gate's origin is one of the task's (a second start tab): the agent's browser reaches only those
        hit["start_url"] += MULTI_URL_SEP + gate.url.replace("/gate", "/start")
        tasks = write_task_file(
            tmp_path / "tasks.json", [search_task(0, "bike"), hit, search_task(2, "chair"), search_task(3, "table")]
        )
        results = tmp_path / "results"
        # --retries 0: the hit task's error is its last line (with retries it would run again and pass)
        proc = run_pytest(embedded_env(tmp_path), tasks, "--results", results, "--retries", "0", "-q")
    finally:
        gate.close()
    assert len(gate.killed) == 1, proc.stdout + proc.stderr
    assert "3 passed, 1 error" in proc.stdout, proc.stdout + proc.stderr
    records = {r["task_id"]: r for r in _lines(results)}
    assert sorted(records) == [0, 1, 2, 3]  # one line each: nothing lost, nothing twice
    assert records[1]["status"] == "error" and records[1]["phase"] == "episode"
    assert records[1]["error"].startswith(
        f"episode: site died during the episode: classifieds: its process exited with code -{signal.SIGKILL}"
    ), records[1]["error"]
    assert "harness error: classifieds/1 (tasks.json): episode: site died during the episode" in proc.stdout
    # the next task found the site dead and restarted it (fresh pristine copy, same port), then scored on it
    assert records[2]["restarted_sites"] == {"classifieds": f"its process exited with code -{signal.SIGKILL}"}
    assert records[2]["site_urls"] == records[0]["site_urls"]
    assert [records[i]["reward"] for i in (0, 2, 3)] == [1, 1, 1]
    assert records[0]["restarted_sites"] is None and records[3]["restarted_sites"] is None
    assert schema_problems(results) == []
    assert not list((tmp_path / "run" / "pytest").glob("*")), "an instance folder outlived the run"


# ---- a whole run killed ------------------------------------------------------------------------------

TERMS = ["bike", "lamp", "chair", "table"]


def test_a_run_killed_at_a_random_point_leaves_nothing_and_resumes_to_every_task_once(tmp_path):
    seed = int(os.environ.get("VWA_KILL_SEED") or 14)
    rng = random.Random(seed)
    lines_before_kill = rng.randrange(0, len(TERMS) - 1)  # kill once this many tasks have ended...
    extra_delay = rng.uniform(0.0, 3.0)  # ...and this far into the tasks in flight
    where = f"(VWA_KILL_SEED={seed}: kill after {lines_before_kill} line(s) + {extra_delay:.2f} s)"
    tasks = write_task_file(tmp_path / "tasks.json", [search_task(i, t) for i, t in enumerate(TERMS)])
    results = tmp_path / "results"
    marker = f"VWA_KILL_TEST={uuid.uuid4().hex}"
    # the run's temporary folder: short, as in /tmp (Chromium's unix socket paths must fit in 108 bytes)
    profiles = Path(tempfile.mkdtemp(prefix="vwa-kill-"))
    env = embedded_env(tmp_path, TMPDIR=str(profiles), VWA_KILL_TEST=marker.split("=", 1)[1])
    log = (tmp_path / "killed-run.log").open("w")
    try:
        _kill_resume_and_check(
            tmp_path, tasks, results, marker, env, profiles, log, (lines_before_kill, extra_delay), where
        )
    finally:
        shutil.rmtree(profiles, ignore_errors=True)


def _kill_resume_and_check(tmp_path, tasks, results, marker, env, profiles, log, kill_point, where):
    lines_before_kill, extra_delay = kill_point
    run = subprocess.Popen(
        pytest_command(tasks, "--results", results, "-n", "2"),
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )  # its own group
    try:
        # both workers' sites are up (their instance folders exist), then the chosen number of lines
        eventually(
            lambda: len(list((tmp_path / "run" / "pytest").glob("gw*/classifieds.pid"))) == 2 or run.poll() is not None,
            f"the workers' sites {where}",
            timeout=120,
        )
        eventually(
            lambda: len(_lines(results)) >= lines_before_kill or run.poll() is not None,
            f"{lines_before_kill} result line(s) {where}",
            timeout=120,
        )
        threading.Event().wait(extra_delay)  # the random point inside the tasks in flight
        assert run.poll() is None, f"the run ended before the kill {where}"
        os.killpg(run.pid, signal.SIGKILL)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
        run.wait(30)
        log.close()
    kept = _lines(results)  # every line written before the kill is whole JSON (one write per line)

    # nothing orphaned: no process of the run (browsers, ChromeDriver, sites, workers, watchdogs), no folder
    eventually(lambda: not _processes_with(marker), f"processes of the killed run {where}", timeout=30, poll=SCAN_POLL)
    eventually(lambda: not list((tmp_path / "run" / "pytest").glob("*")), f"instance folders {where}", timeout=30)
    eventually(
        lambda: not [p.name for p in profiles.iterdir() if not p.name.startswith("pytest-of-")],
        f"browser profiles or Chromium's temporary files in {profiles} {where}",
        timeout=30,
    )
    scored_before = sorted({r["task_id"] for r in kept if r["status"] == "scored"})

    resumed = run_pytest(env, tasks, "--resume", results)  # one process: the kill test is the -n 2 run
    assert resumed.returncode == 0, f"{where}\n{resumed.stdout}{resumed.stderr}"
    assert f"{len(TERMS) - len(scored_before)} passed" in resumed.stdout, where + resumed.stdout
    final = _lines(results)
    # nothing lost: the lines written before the kill are still there, and no task scored then ran again
    assert final[: len(kept)] == kept
    rerun = [r["task_id"] for r in final[len(kept) :]]
    assert sorted(rerun) == sorted(set(range(len(TERMS))) - set(scored_before)), where
    counted = read_results(results)
    assert sorted(r["task_id"] for r in counted) == list(range(len(TERMS)))  # each task once
    assert all(r["status"] == "scored" and r["reward"] == 1 for r in counted), where
    assert schema_problems(results) == []
    eventually(lambda: not _processes_with(marker), f"processes of the resumed run {where}", timeout=30, poll=SCAN_POLL)
