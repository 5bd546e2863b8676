"""Per-site readers-writer locks shared by every process of a run (fcntl.flock on one file per site).

On the docker stack all pytest-xdist workers use the same set of sites. A task that changes a site's
state (``require_reset``) must not run while another task reads that site, and two readers may run
together. ``SiteLocks(lock_dir).hold(["shopping"], exclusive=True)`` takes ``LOCK_EX`` on
``<lock_dir>/shopping.lock``; readers take ``LOCK_SH``. Several sites are locked in sorted order, so two
holders can never wait on each other in a cycle. The kernel releases a flock when its file is closed,
so a crashed worker never leaves a site locked.
"""

from __future__ import annotations

import fcntl
import os
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

_SITE_NAME = re.compile(r"^[A-Za-z0-9_.-]+$")


class SiteLockTimeout(TimeoutError):
    """A site lock could not be taken in time; the message names the site, the mode and the lock file."""


@dataclass
class SiteLocks:
    lock_dir: Path
    timeout_s: float = 1800.0
    poll_s: float = 0.05

    def __post_init__(self) -> None:
        self.lock_dir = Path(self.lock_dir)
        self.lock_dir.mkdir(parents=True, exist_ok=True)

    def lock_path(self, site: str) -> Path:
        if not _SITE_NAME.match(site):
            raise ValueError(f"site lock: invalid site name {site!r}")
        return self.lock_dir / f"{site}.lock"

    @contextmanager
    def hold(self, sites: list[str], exclusive: bool, timeout_s: float | None = None) -> Iterator[None]:
        """Hold the locks of ``sites`` (shared for readers, exclusive for writers) for the ``with`` body."""
        timeout = self.timeout_s if timeout_s is None else timeout_s
        deadline = time.monotonic() + timeout
        mode = fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH
        held: list[int] = []
        try:
            for site in sorted(set(sites)):
                held.append(self._acquire(site, mode, exclusive, deadline, timeout))
            yield
        finally:
            for fd in reversed(held):
                try:
                    fcntl.flock(fd, fcntl.LOCK_UN)
                finally:
                    os.close(fd)

    def _acquire(self, site: str, mode: int, exclusive: bool, deadline: float, timeout: float) -> int:
        path = self.lock_path(site)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
        waiter = threading.Event()  # never set: its wait() is the pause between two polls of the lock
        while True:
            try:
                fcntl.flock(fd, mode | fcntl.LOCK_NB)
                return fd
            except BlockingIOError:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    os.close(fd)
                    kind = "exclusive (state-changing task)" if exclusive else "shared (read-only task)"
                    raise SiteLockTimeout(
                        f"could not take the {kind} lock of site {site!r} ({path}) within {timeout:g} s: "
                        f"another task holds it; raise the timeout or check for a stuck worker"
                    ) from None
                waiter.wait(min(self.poll_s, remaining))
            except BaseException:
                os.close(fd)
                raise
