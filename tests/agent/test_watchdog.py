"""No orphans: a worker SIGKILLed with a browser and embedded sites running leaves no ChromeDriver,
no Chromium, no site process and no instance or profile folder behind."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.browser

# A stand-in for a pytest worker: the real Runtime starts the embedded classifieds site and a browser,
# logs in, reports what it started, then waits to be killed.
WORKER = r"""
import json, os, sys
from pathlib import Path
from evaluation.running.runtime import Runtime, RunOptions
rt = Runtime(RunOptions(results_dir=Path(sys.argv[1]), worker="orphans"), needed_sites={"classifieds"})
urls = rt.stack.start({"classifieds"})
env = rt.ensure_browser((1280, 720))
env.driver.get(urls["classifieds"])
print(json.dumps({"pgid": env.driver._vwa_pgid, "profile": env.driver._vwa_profile_dir,
                  "arena_dir": str(rt.stack._run_dir),
                  "sites": [s.process.pid for s in rt.stack.arena.running.values()]}), flush=True)
sys.stdin.read()
"""


def _pids_mentioning(text: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if text.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def _eventually(condition, what: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError(f"still there after {timeout:.0f} s: {what}")


def test_sigkilled_worker_leaves_nothing_behind(tmp_path):
    env = dict(os.environ, RUN_DIR=str(tmp_path / "run"))
    worker = subprocess.Popen(
        [sys.executable, "-c", WORKER, str(tmp_path / "results")],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert worker.stdout is not None
        started = json.loads(worker.stdout.readline())
        assert Path(started["profile"]).is_dir() and Path(started["arena_dir"]).is_dir()
        assert _group_alive(started["pgid"]) and all(_alive(p) for p in started["sites"])
    finally:
        if worker.poll() is None:
            worker.send_signal(signal.SIGKILL)
        worker.wait(30)
    assert worker.returncode == -signal.SIGKILL
    _eventually(lambda: not _group_alive(started["pgid"]), f"ChromeDriver's process group {started['pgid']}")
    _eventually(lambda: not _pids_mentioning(started["profile"]), f"a Chromium process of {started['profile']}")
    _eventually(lambda: not any(_alive(p) for p in started["sites"]), f"site processes {started['sites']}")
    _eventually(lambda: not Path(started["profile"]).exists(), started["profile"])
    _eventually(lambda: not Path(started["arena_dir"]).exists(), started["arena_dir"])
