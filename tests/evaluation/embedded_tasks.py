"""Small VWA-format tasks on the embedded classifieds site (data at SCALE=100), and the environment of a pytest
run that plays them: shared by the network, kill, sandbox and Ray tests.

The sites' pristine data (generated on first use, read-only, its photo cache written atomically, generation
serialised on a file lock) is made once per test process and shared by every run it starts; each run's instance
folders (database copies, uploads, pid files) stay in that test's own folder."""

from __future__ import annotations

import atexit
import functools
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# s between two scans of every process's environment (/proc: a scan costs milliseconds of CPU), when a test
# waits for processes to be gone
SCAN_POLL = 0.25


def classifieds_task(task_id: int, intent: str, solution: list, evaluation: dict) -> dict:
    return {
        "task_id": task_id,
        "sites": ["classifieds"],
        "require_login": True,
        "storage_state": None,
        "start_url": "__CLASSIFIEDS__",
        "geolocation": None,
        "intent_template": intent,
        "instantiation_dict": {},
        "intent": intent,
        "image": None,
        "require_reset": False,
        "reasoning_difficulty": "easy",
        "visual_difficulty": "easy",
        "overall_difficulty": "easy",
        "intent_template_id": 9100 + task_id,
        "comments": "embedded test task",
        "eval": {"reference_answers": None, "reference_url": "", "program_html": [], **evaluation},
        "reference_solution": solution,
    }


def search_task(task_id: int, term: str) -> dict:
    """Search the listings for `term` and answer it: string_match and url_match, reward 1 when replayed."""
    return classifieds_task(
        task_id,
        f"Search the listings for {term} and say what you searched",
        [{"do": "type", "css": "input[name=sPattern]", "value": term, "enter": True}, {"do": "stop", "answer": term}],
        {
            "eval_types": ["string_match", "url_match"],
            "reference_answers": {"exact_match": term},
            "reference_url": f"__CLASSIFIEDS__/index.php?page=search&sPattern={term}",
            "url_note": "GOLD in PRED",
        },
    )


def write_task_file(path: Path, tasks: list[dict]) -> Path:
    path.write_text(json.dumps(tasks))
    return path


@functools.cache
def shared_data_dir() -> Path:
    """This test process's folder of the embedded sites' pristine data, removed when it exits."""
    path = Path(tempfile.mkdtemp(prefix="vwa-test-data-"))
    atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path


def embedded_env(root: Path, **extra: str) -> dict:
    """The environment of a run on this test's own embedded sites (instance folders under `root`, the pristine
    data shared: `shared_data_dir()`)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "JUDGE_", "VQA_"))}
    env.update(
        DATA_DIR=str(shared_data_dir()),
        RUN_DIR=str(root / "run"),
        SCALE="100",
        STACK="embedded",
        PYTHONUNBUFFERED="1",
        **extra,
    )
    return env


def pytest_command(task_file: Path, *args) -> list[str]:
    return [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", f"--task-file={task_file}", *map(str, args)]


def run_pytest(env: dict, task_file: Path, *args, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run(
        pytest_command(task_file, *args), cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )


def eventually(condition, what: str | Callable[[], str], timeout: float = 60.0, poll: float = 0.05):
    """Wait for `condition()` to hold (polling, never a fixed sleep) and return its value, else fail naming
    `what` (a text, or a function giving it at that moment)."""
    deadline = time.monotonic() + timeout
    tick = threading.Event()
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        tick.wait(poll)
    raise AssertionError(f"not within {timeout:.0f} s: {what() if callable(what) else what}")
