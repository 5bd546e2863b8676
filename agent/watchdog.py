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

_lock = threading.Lock()
_instance: "Watchdog | None" = None


class Watchdog:
    def __init__(self):
        self._process = subprocess.Popen([sys.executable, "-m", "agent.watchdog"], stdin=subprocess.PIPE,
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                         cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        self.pid = self._process.pid
        self._owner = os.getpid()

    def _send(self, verb: str, arg) -> None:
        text = f"{verb} {arg}\n"
        if "\n" in str(arg):
            raise ValueError(f"watchdog argument with a newline: {arg!r}")
        with _lock:
            try:
                stdin = self._process.stdin
                if stdin is None:      # started with stdin=PIPE, so never
                    raise BrokenPipeError("the watchdog has no input pipe")
                stdin.write(text.encode("utf-8"))
                stdin.flush()
            except (BrokenPipeError, ValueError):
                pass   # the watchdog is gone: nothing more it could do

    def guard_group(self, pgid: int) -> None:
        self._send("group", int(pgid))

    def release_group(self, pgid: int) -> None:
        self._send("ungroup", int(pgid))

    def guard_path(self, path) -> None:
        self._send("path", os.path.abspath(path))

    def release_path(self, path) -> None:
        self._send("unpath", os.path.abspath(path))


def watchdog() -> Watchdog:
    """This process's watchdog (a forked child gets its own)."""
    global _instance
    with _lock:
        if _instance is None or _instance._owner != os.getpid():
            _instance = Watchdog()
        return _instance


def _serve(stream) -> None:
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
    for path in paths:
        shutil.rmtree(path, ignore_errors=True)


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # a Ctrl-C to the parent's group is the parent's business
    os.setsid()   # out of the parent's process group: a kill of that group leaves the cleaner to clean
    _serve(sys.stdin.buffer)
