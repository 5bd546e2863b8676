"""`python -m evaluation.run --backend ray` refuses what it cannot honour before it starts any cluster: a pytest
option it does not take, a missing task file, a bad viewport, a resume folder of another agent."""

from __future__ import annotations

import json
import subprocess

import pytest

from tests.commands import run_module

from .embedded_tasks import search_task, write_task_file

pytest.importorskip("ray")


def _run(tmp_path, *args: str) -> subprocess.CompletedProcess:
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        "RUN_DIR": str(tmp_path / "run"),
        "DATA_DIR": str(tmp_path / "data"),
    }
    return run_module("evaluation.run", "--backend", "ray", "--agent", "reference", *args, env=env, timeout=120)


def test_the_ray_backend_refuses_what_it_cannot_honour(tmp_path):
    tasks = write_task_file(tmp_path / "tasks.json", [search_task(0, "bike")])
    other = _run(tmp_path, "--", "--task-file", str(tasks), "-x", "--lf")
    assert other.returncode == 2 and "not an option of the Ray backend: -x --lf" in other.stderr, other.stderr
    missing = _run(tmp_path, "--", "--task-file", str(tmp_path / "nope.json"))
    assert missing.returncode == 2 and "no such task file" in missing.stderr, missing.stderr
    viewport = _run(tmp_path, "--", "--task-file", str(tasks), "--viewport", "big")
    assert viewport.returncode == 2 and "expected WIDTHxHEIGHT" in viewport.stderr, viewport.stderr
    done = tmp_path / "done"
    done.mkdir()
    (done / "results.jsonl").write_text(
        json.dumps(
            {
                "task_file": str(tasks),
                "task_id": 0,
                "agent": "null",
                "model": None,
                "scoring": "official",
                "status": "scored",
            }
        )
        + "\n"
    )
    resumed = _run(tmp_path, "--resume", str(done), "--", "--task-file", str(tasks))
    assert resumed.returncode == 2 and "that run differs (agent 'null' there, 'reference' here)" in resumed.stderr
    for proc in (other, missing, viewport, resumed):
        assert "Traceback" not in proc.stderr and "Started a local Ray instance" not in proc.stderr + proc.stdout
