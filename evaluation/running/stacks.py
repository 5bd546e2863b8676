"""The two stacks a task can run on, behind one small interface.

A stack owns the sites of one pytest worker: which sites it serves, their URLs, resetting them, noticing
a site that died and restarting it, and the lock a task must hold. `Runtime` talks to this interface only.

- `EmbeddedStack`: this project's own sites, started per worker by `sites.arena.Arena` on free ports
  (a reset costs milliseconds; a dead site is restarted from a fresh pristine copy on the same port).
- `DockerStack`: the official images of `compose/`, shared by every worker on fixed ports (a reset
  recreates containers and takes minutes; locks keep workers off a site another is resetting).
"""
from __future__ import annotations

import contextlib
import os
import shutil
from abc import ABC, abstractmethod
from pathlib import Path
from typing import TYPE_CHECKING, Literal, get_args

from sites.config import site_urls

from .errors import HarnessError

if TYPE_CHECKING:
    from sites.arena import Arena

__all__ = ["HarnessError", "Stack", "make_stack"]


class Stack(ABC):
    name = "?"
    urls: dict[str, str]     # site -> base URL of the sites started so far

    @abstractmethod
    def served(self) -> set[str] | None:
        """The sites this stack can serve; None: every site (the docker stack is configured by URL)."""

    @abstractmethod
    def start(self, needed: set[str]) -> dict[str, str]:
        """Bring up (once) the sites among `needed` this stack serves; returns site -> base URL."""

    @abstractmethod
    def reset(self, sites: list[str]) -> None:
        """Restore `sites` to their pristine state."""

    def heal(self, sites: list[str]) -> dict[str, str]:
        """Restart the sites of `sites` that are dead or do not answer; returns {site: why}. A stack that
        cannot restart its sites raises HarnessError naming the dead ones instead."""
        dead = self.unhealthy(sites)
        if dead:
            raise HarnessError(f"the {self.name} stack cannot restart a site that is down: "
                               + "; ".join(f"{site}: {why}" for site, why in dead.items()))
        return {}

    def unhealthy(self, sites: list[str]) -> dict[str, str]:
        """The sites of `sites` that are dead or do not answer right now, with the reason."""
        return {}

    def must_reset(self, require_reset: bool) -> bool:
        """Whether a task is reset before it runs (always where resets are cheap)."""
        return require_reset

    def lock(self, sites: list[str], exclusive: bool):
        return contextlib.nullcontext()

    def session_token(self) -> str | None:
        """The token that buys a logged-in session from the site without its form (`POST /__session`), where
        the stack has one; None: log in through the form and keep the cookies."""
        return None

    def close(self) -> None:
        pass


class EmbeddedStack(Stack):
    name = "embedded"

    def __init__(self, worker: str = "main"):
        self.worker = worker
        self.arena: Arena | None = None
        self.urls: dict[str, str] = {}
        self._served: set[str] | None = None
        self._error: str | None = None
        self._run_dir: Path | None = None

    def served(self) -> set[str]:
        if self._served is None:
            from sites.arena import Arena
            self._served = set(Arena(sites=[]).available_sites())
        return self._served

    def start(self, needed: set[str]) -> dict[str, str]:
        if self._error:
            raise HarnessError(self._error)
        if self.arena is None:
            from agent.watchdog import watchdog
            from sites.arena import Arena, SiteUnavailable
            from sites.config import settings
            # live database copies and logs of this worker's sites; removed when the session ends
            self._run_dir = settings().run_dir / "pytest" / f"{self.worker}-{os.getpid()}"
            watchdog().guard_path(self._run_dir)   # removed even if this worker is SIGKILLed
            arena = Arena(sites=sorted(needed & self.served()), run_dir=self._run_dir)
            try:
                arena.start()
            except SiteUnavailable as exc:
                self._error = f"the embedded sites did not start: {exc}"
                raise HarnessError(self._error) from exc
            self.arena = arena
            self.urls = dict(arena.urls)
        return self.urls

    def session_token(self) -> str:
        # A reset ends every session of the site (sites/common/sessions.py): the harness asks for a new one
        # after each reset with the reset token, a request instead of a form login and a password hash.
        from sites.config import settings
        return settings().reset_token

    def reset(self, sites: list[str]) -> None:
        from sites.arena import SiteUnavailable
        if self.arena is None:
            raise HarnessError("the embedded sites were not started before a reset")
        try:
            self.arena.reset([s for s in sites if s in self.arena.urls])
        except SiteUnavailable as exc:
            raise HarnessError(f"resetting {', '.join(sites)} failed: {exc}") from exc

    def heal(self, sites: list[str]) -> dict[str, str]:
        from sites.arena import SiteUnavailable
        if self.arena is None:
            return {}
        try:
            restarted = self.arena.heal([s for s in sites if s in self.arena.urls])
        except SiteUnavailable as exc:
            raise HarnessError(f"restarting a dead site failed: {exc}") from exc
        if restarted:
            from evaluation.running.login import forget_logins
            forget_logins()     # the fresh copy has none of the sessions the browser held
            self.urls = dict(self.arena.urls)
        return restarted

    def unhealthy(self, sites: list[str]) -> dict[str, str]:
        if self.arena is None:
            return {}
        return self.arena.unhealthy([s for s in sites if s in self.arena.urls])

    def must_reset(self, require_reset: bool) -> bool:
        # a reset costs milliseconds, so every task starts from pristine sites whatever earlier
        # episodes did (a model agent may post or edit on any task)
        return True

    def close(self) -> None:
        if self.arena is not None:
            with contextlib.suppress(Exception):
                self.arena.stop()
            self.arena = None
        if self._run_dir is not None:
            shutil.rmtree(self._run_dir, ignore_errors=True)
            from agent.watchdog import watchdog
            watchdog().release_path(self._run_dir)
            self._run_dir = None


class DockerStack(Stack):
    name = "docker"

    def __init__(self, worker: str = "main"):
        self.worker = worker
        self.urls: dict[str, str] = {}

    def served(self) -> None:
        return None

    def start(self, needed: set[str]) -> dict[str, str]:
        self.urls = site_urls()
        return self.urls

    def reset(self, sites: list[str]) -> None:
        from evaluation.running.login import forget_logins
        from sites import docker_stack
        from sites.config import settings
        code = docker_stack.reset(settings(), sites)
        if code != 0:
            raise HarnessError(f"docker stack reset of {', '.join(sites)} failed (exit code {code}); "
                               "see the output above and run `make doctor`")
        forget_logins()   # recreated containers have forgotten their sessions

    def unhealthy(self, sites: list[str]) -> dict[str, str]:
        return {s: f"it does not answer {self.urls[s]}" for s in sites if s in self.urls and not _answers(self.urls[s])}

    def lock(self, sites: list[str], exclusive: bool):
        from evaluation.running.site_locks import SiteLocks
        from sites.config import settings
        return SiteLocks(settings().run_dir / "locks").hold(list(sites), exclusive=exclusive)


def _answers(url: str, timeout: float = 10.0) -> bool:
    """Whether a server answers at `url` at all (any HTTP status: a login redirect or a 404 is an answer)."""
    import urllib.error

    from sites.launchers import LOCAL
    try:
        with LOCAL.open(url, timeout=timeout):
            return True
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


STACKS = {"embedded": EmbeddedStack, "docker": DockerStack}


StackName = Literal["embedded", "docker"]
STACK_NAMES: tuple[StackName, ...] = get_args(StackName)


def stack_name(raw: str) -> StackName:
    """`raw` as a stack name; ValueError naming the known ones otherwise."""
    for name in STACK_NAMES:
        if raw == name:
            return name
    raise ValueError(f"unknown stack {raw!r}; expected one of {', '.join(STACK_NAMES)}")


def make_stack(name: str, worker: str = "main") -> Stack:
    try:
        return STACKS[name](worker=worker)
    except KeyError:
        raise ValueError(f"unknown stack {name!r}; expected one of {', '.join(STACKS)}") from None
