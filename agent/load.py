"""Waits that account for load: a timeout measured on an idle machine, stretched by how oversubscribed
the machine is now (`pytest -n 8` on two cores runs eight Chromiums and their sites at once).

The 1-minute load average alone lags: when eight workers start their browsers together it still shows the
idle minute before, and the first page loads time out. The factor is therefore the largest of three views
of the demand per core, two of them without lag:

- runnable processes now (the 4th field of /proc/loadavg, less the process reading it);
- live Chromium browsers on the machine (each loads pages with a renderer tree that wants a core);
- the 1-minute load average (it lags, but remembers a busy minute between two page loads).

And ChromeDriver's "Timed out receiving message from renderer" during browser start or login, the failure
of a starved renderer rather than of a site, is retried in place (`retry_slow_renderer`).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

MAX_FACTOR = 6.0
BROWSER_NAMES = {"chromium", "chrome", "chromium-browser", "headless_shell", "chrome-headless-shell"}
RENDERER_ATTEMPTS = 3
T = TypeVar("T")


def cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def runnable_now(loadavg: Path = Path("/proc/loadavg")) -> int | None:
    """Processes runnable right now, this one left out; None where /proc/loadavg is not there."""
    try:
        running = int(loadavg.read_text().split()[3].split("/")[0])
    except (OSError, IndexError, ValueError):
        return None
    return max(0, running - 1)


def live_browsers(proc: Path = Path("/proc")) -> int:
    """How many Chromium browsers run on the machine now."""
    return len(browser_pids(proc))


def browser_pids(proc: Path = Path("/proc")) -> list[int]:
    """Chromium browser processes on the machine (the main process of each, not its renderers or helpers)."""
    found: list[int] = []
    try:
        entries = list(proc.iterdir())
    except OSError:
        return found
    for entry in entries:
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue  # gone meanwhile, or not ours to read
        if not argv or not argv[0]:
            continue
        name = os.path.basename(argv[0].decode("utf-8", "replace"))
        if name in BROWSER_NAMES and not any(a.startswith(b"--type=") for a in argv[1:]):
            found.append(int(entry.name))
    return found


def load_snapshot() -> dict[str, float | int | None]:
    try:
        average = os.getloadavg()[0]
    except (OSError, AttributeError):
        average = None
    return {"cores": cores(), "runnable": runnable_now(), "browsers": live_browsers(), "loadavg_1min": average}


def load_factor(snapshot: dict[str, float | int | None] | None = None) -> float:
    """The largest demand per core of the snapshot (default: now), at least 1 and at most MAX_FACTOR."""
    s = load_snapshot() if snapshot is None else snapshot
    demand = max([v for k, v in s.items() if k != "cores" and v is not None], default=0)
    return min(MAX_FACTOR, max(1.0, demand / max(1, s.get("cores") or 1)))


def load_scaled(seconds: float) -> float:
    return seconds * load_factor()


def is_renderer_timeout(exc: BaseException) -> bool:
    """ChromeDriver gave up waiting for a starved renderer (not a dead session, not a site that is down)."""
    return "timed out receiving message from renderer" in str(exc).lower()


def retry_slow_renderer(
    action: Callable[[], T], on_retry: Callable[[BaseException], None] | None = None, attempts: int = RENDERER_ATTEMPTS
) -> T:
    """`action()`, run again (up to `attempts` times in all) when it fails with a renderer timeout;
    `on_retry(exc)` runs before each new attempt (stop the load, lengthen the timeout)."""
    for attempt in range(1, attempts + 1):
        try:
            return action()
        except Exception as exc:
            if attempt == attempts or not is_renderer_timeout(exc):
                raise
            if on_retry is not None:
                on_retry(exc)
    raise AssertionError("unreachable")
