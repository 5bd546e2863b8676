"""One Ray actor of a run: what a pytest-xdist worker holds (its own sites on free ports, its browser, its
logins), running one attempt of a task per call with the same `Runtime.run_task` the pytest items call.

The actor writes each attempt into a scratch folder of its own node (results line, trajectory, frames,
network log), then hands everything written to the driver, which appends the lines and files to the run
folder: the actor and the driver need not share a file system. The scratch folder, the sites' instance
copies and the browser are guarded by the actor's watchdog (agent/watchdog.py), so they go with the actor
even when it is SIGKILLed; the sites' servers end with it (PR_SET_PDEATHSIG).

This module does not import Ray: the driver wraps `TaskActor` with `ray.remote`.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import tempfile
from pathlib import Path
from typing import Any, TypedDict

from evaluation.reporting.results import RESULTS_FILE
from evaluation.running.runtime import RunOptions, Runtime
from evaluation.taskfiles.loader import Task
from evaluation.vocabulary.errors import SkipTask


class AttemptReply(TypedDict):
    """What an actor returns for one attempt of a task."""

    lines: list[dict[str, Any]]  # the result records (JSON objects) it wrote
    files: dict[str, bytes]  # path in the run folder -> content (trajectories, frames)
    error: str | None  # the harness error, or None
    retryable: bool
    skipped: str | None  # why the task was skipped, or None


class TaskActor:
    def __init__(self, options: dict[str, Any], worker: str, needed_sites: list[str]):
        from agent.watchdog import watchdog

        _die_with_raylet()
        self.worker = worker
        self.scratch = Path(tempfile.mkdtemp(prefix=f"vwa-actor-{worker}-"))
        watchdog().guard_path(self.scratch)  # removed even if this actor is SIGKILLed
        self.runtime = Runtime(
            RunOptions(**options, worker=worker, results_dir=self.scratch / "attempt-0"), needed_sites=set(needed_sites)
        )
        self.attempts = 0

    def info(self) -> dict[str, Any]:
        import ray

        return {
            "worker": self.worker,
            "pid": os.getpid(),
            "pgid": os.getpgid(0),
            "hostname": socket.gethostname(),
            "node_id": ray.get_runtime_context().get_node_id(),
            "ip": ray.util.get_node_ip_address(),
            "scratch": str(self.scratch),
        }

    def run(self, task: Task, attempt: int, retried_errors: list[str]) -> AttemptReply:
        """One attempt of `task`: {"lines": [result records], "files": {path in the run folder: bytes},
        "error": the harness error or None, "retryable": bool, "skipped": the reason or None}."""
        self.attempts += 1
        out = self.scratch / f"attempt-{self.attempts}"
        self.runtime.options.results_dir = out
        error, retryable, skipped = None, False, None
        try:
            outcome = self.runtime.run_task(task, attempt=attempt, retried_errors=retried_errors)
            error, retryable = outcome.error, outcome.retryable
            if error and retryable:
                self.runtime.recover()  # a fresh browser for whatever attempt comes next
        except SkipTask as exc:
            skipped = str(exc)
        try:
            return {
                "lines": _lines(out / RESULTS_FILE),
                "files": _files(out),
                "error": error,
                "retryable": retryable,
                "skipped": skipped,
            }
        finally:
            shutil.rmtree(out, ignore_errors=True)

    def close(self) -> None:
        from agent.watchdog import watchdog

        self.runtime.close()
        shutil.rmtree(self.scratch, ignore_errors=True)
        watchdog().release_path(self.scratch)


def _die_with_raylet() -> None:
    """SIGKILL this worker process the moment its raylet (the node) dies (Linux prctl PR_SET_PDEATHSIG).

    A worker whose raylet is gone winds itself down slowly, and while it does, the task in flight may still
    start a browser or write frames after the watchdog has cleaned up; killed at once, it leaves the watchdog a
    dead process and everything to remove."""
    import ctypes
    import signal

    parent = os.getppid()
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the raylet died before the prctl: nobody would send the signal
        os.kill(os.getpid(), signal.SIGKILL)


def _lines(path: Path) -> list[dict[str, Any]]:
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _files(folder: Path) -> dict[str, bytes]:
    found = {}
    if folder.is_dir():
        for path in sorted(folder.rglob("*")):
            rel = path.relative_to(folder).as_posix()
            if path.is_file() and rel != RESULTS_FILE:
                found[rel] = path.read_bytes()
    return found
