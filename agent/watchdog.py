"""A watchdog that cleans up after this process even when it is SIGKILLed.

One small child process per parent (started on first use) reads commands from a pipe whose write end only
the parent holds. Whatever way the parent ends, the pipe reaches end-of-file; the watchdog then kills the
process groups it was told about (ChromeDriver and the Chromium tree under it) and removes the folders it
was told about (browser profiles, a worker's site copies). The parent unregisters what it cleaned up itself.

    from agent.watchdog import watchdog
    watchdog().guard_group(pgid); watchdog().guard_path(folder)
    watchdog().release_group(pgid); watchdog().release_path(folder)
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterable

_lock = threading.Lock()
_instance: Watchdog | None = None


class Watchdog:
    def __init__(self) -> None:
        self._process = subprocess.Popen(
            [sys.executable, "-m", "agent.watchdog"],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
        )
        # the process started forks the watchdog and ends at once (see the end of this file): reaped here, while
        # the watchdog, no child of ours, reads the pipe
        self._process.wait()
        self._owner = os.getpid()

    def _send(self, verb: str, arg: int | str) -> None:
        text = f"{verb} {arg}\n"
        if "\n" in str(arg):
            raise ValueError(f"watchdog argument with a newline: {arg!r}")
        with _lock:
            try:
                stdin = self._process.stdin
                if stdin is None:  # started with stdin=PIPE, so never
                    raise BrokenPipeError("the watchdog has no input pipe")
                stdin.write(text.encode("utf-8"))
                stdin.flush()
            except (BrokenPipeError, ValueError):
                pass  # the watchdog is gone: nothing more it could do

    def guard_group(self, pgid: int) -> None:
        self._send("group", int(pgid))

    def release_group(self, pgid: int) -> None:
        self._send("ungroup", int(pgid))

    def guard_path(self, path: str | os.PathLike[str]) -> None:
        self._send("path", os.path.abspath(path))

    def release_path(self, path: str | os.PathLike[str]) -> None:
        self._send("unpath", os.path.abspath(path))


def watchdog() -> Watchdog:
    """This process's watchdog (a forked child gets its own)."""
    global _instance
    with _lock:
        if _instance is None or _instance._owner != os.getpid():
            _instance = Watchdog()
        return _instance


def _serve(stream: Iterable[bytes]) -> None:
    groups: set[int] = set()
    paths: set[str] = set()
    for raw in stream:
        verb, _, arg = raw.decode("utf-8", "replace").rstrip("\n").partition(" ")
        if verb == "group":
            groups.add(int(arg))
        elif verb == "ungroup":
            groups.discard(int(arg))
        elif verb == "path":
            paths.add(arg)
        elif verb == "unpath":
            paths.discard(arg)
    # end of file: the parent is gone (or closed us on purpose after releasing everything)
    for pgid in groups:
        try:
            os.killpg(pgid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    # a process of a killed group may still be finishing a write into one of the folders: wait (a little) until
    # the groups are gone, then remove the folders, and once more what a late write brought back
    deadline = time.monotonic() + GROUP_EXIT_WAIT_S
    tick = threading.Event()
    while time.monotonic() < deadline and any(_group_has_live_process(g) for g in groups):
        tick.wait(0.05)
    for _ in range(2):
        for path in paths:
            shutil.rmtree(path, ignore_errors=True)
        if not any(os.path.exists(p) for p in paths):
            break
        tick.wait(0.2)


GROUP_EXIT_WAIT_S = 3.0


def _group_has_live_process(pgid: int) -> bool:
    """Whether a process of group `pgid` still runs (zombies, which no longer write anything, do not count)."""
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                return True
    return False


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C to the parent's group is the parent's business
    os.setsid()  # out of the parent's process group: a kill of that group leaves the cleaner to clean
    # Out of the parent's children too: a supervisor that kills a dead worker's children one by one (Ray's raylet
    # does, by pid) would otherwise kill the cleaner before it cleans. The pipe is inherited, so its end-of-file
    # still comes when the parent ends.
    if os.fork() > 0:
        os._exit(0)
    _serve(sys.stdin.buffer)
