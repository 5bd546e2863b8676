"""The two stacks a task can run on, behind one small interface.

A stack owns the sites of one pytest worker: which sites it serves, their URLs, resetting them, noticing
a site that died and restarting it, and the lock a task must hold. `Runtime` talks to this interface only.

- `EmbeddedStack`: this project's own sites, started per worker by `sites.arena.Arena` on free ports
  (a reset costs milliseconds; a dead site is restarted from a fresh pristine copy on the same port).
- `DockerStack`: the official images of `compose/`, shared by every worker on fixed ports (a reset
  recreates containers and takes minutes; locks keep workers off a site another is resetting).
- `ComposeStack`: this project's sites as the containers of compose/embedded.yml (sites/compose_stack.py),
  shared by every worker at the URLs of the settings: reset through each site's reset route before every
  task (under an exclusive per-site lock); a container that died or restarted is waited for until its
  restart policy has it healthy again.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from abc import ABC, abstractmethod
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, get_args

from evaluation.vocabulary.errors import HarnessError
from sites.config import site_urls

if TYPE_CHECKING:
    from sites.arena import Arena

__all__ = ["HarnessError", "Stack", "make_stack"]


class Stack(ABC):
    name = "?"
    urls: dict[str, str]  # site -> base URL of the sites started so far

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
            raise HarnessError(
                f"the {self.name} stack cannot restart a site that is down: "
                + "; ".join(f"{site}: {why}" for site, why in dead.items())
            )
        return {}

    def unhealthy(self, sites: list[str]) -> dict[str, str]:
        """The sites of `sites` that are dead or do not answer right now, with the reason."""
        return {}

    def must_reset(self, require_reset: bool) -> bool:
        """Whether a task is reset before it runs (always where resets are cheap)."""
        return require_reset

    def lock(self, sites: list[str], exclusive: bool) -> contextlib.AbstractContextManager[object]:
        return contextlib.nullcontext()

    def session_token(self) -> str | None:
        """The token that buys a logged-in session from the site without its form (`POST /__session`), where
        the stack has one; None: log in through the form and keep the cookies."""
        return None

    def close(self) -> None:  # noqa: B027 (an optional hook: most stacks hold nothing to close)
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
            watchdog().guard_path(self._run_dir)  # removed even if this worker is SIGKILLed
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

            forget_logins()  # the fresh copy has none of the sessions the browser held
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
            raise HarnessError(
                f"docker stack reset of {', '.join(sites)} failed (exit code {code}); "
                "see the output above and run `make doctor`"
            )
        forget_logins()  # recreated containers have forgotten their sessions

    def unhealthy(self, sites: list[str]) -> dict[str, str]:
        return {s: f"it does not answer {self.urls[s]}" for s in sites if s in self.urls and not _answers(self.urls[s])}

    def lock(self, sites: list[str], exclusive: bool) -> contextlib.AbstractContextManager[object]:
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


class ComposeStack(Stack):
    name = "compose"

    def __init__(self, worker: str = "main"):
        self.worker = worker
        self.urls: dict[str, str] = {}
        self._started: dict[str, str] = {}  # site -> its container's StartedAt when last seen healthy
        self._client: Any = None  # docker.DockerClient, sites.compose_stack.ComposeConfig once connected
        self._config: Any = None

    def _engine(self) -> tuple[Any, Any]:
        from sites import compose_stack
        from sites.docker_config import DockerStackError

        if self._client is None:
            try:
                self._config = compose_stack.ComposeConfig.from_env()
                self._client = compose_stack.connect()
            except DockerStackError as exc:
                raise HarnessError(f"the compose stack: {exc}") from exc
        return self._client, self._config

    def served(self) -> set[str]:
        from sites.launchers import LAUNCHERS

        return set(LAUNCHERS)

    def _starts(self, sites: list[str]) -> dict[str, str]:
        from sites import compose_stack

        client, config = self._engine()
        found = compose_stack.containers(client, config)
        return {s: compose_stack.state(found[s])[1] if s in found else "absent" for s in sites}

    def start(self, needed: set[str]) -> dict[str, str]:
        _client, config = self._engine()
        self.urls = dict(config.urls)
        new = sorted((needed & self.served()) - set(self._started))
        if new:
            self._started.update(self._starts(new))
        return self.urls

    def reset(self, sites: list[str]) -> None:
        from sites import compose_stack
        from sites.config import settings
        from sites.docker_config import DockerStackError

        _, config = self._engine()
        try:
            compose_stack.reset_sites(settings(), config, [s for s in sites if s in self.served()])
        except DockerStackError as exc:
            raise HarnessError(f"compose stack reset failed: {exc}") from exc

    def unhealthy(self, sites: list[str]) -> dict[str, str]:
        """A site whose container restarted since it was last seen (a crash brought back by the restart policy
        lost the episode's state), or that does not answer."""
        from sites.arena import check_health
        from sites.launchers import LAUNCHERS

        ours = [s for s in sites if s in self.served()]
        now = self._starts(ours)
        found = {}
        for site in ours:
            if now[site] != self._started.get(site):
                found[site] = f"its container restarted (started {self._started.get(site)}, now {now[site]})"
            elif not check_health(self.urls[site], LAUNCHERS[site].health_path, timeout=5):
                found[site] = f"it does not answer {self.urls[site]}{LAUNCHERS[site].health_path}"
        return found

    def heal(self, sites: list[str]) -> dict[str, str]:
        """Wait for the engine's restart policy to bring the broken sites back (healthy), then forget logins."""
        from sites import compose_stack
        from sites.docker_config import DockerStackError

        broken = self.unhealthy(sites)
        if broken:
            client, config = self._engine()
            try:
                compose_stack.wait_healthy(client, config, sorted(broken))
            except DockerStackError as exc:
                raise HarnessError(f"a site of the compose stack did not come back: {exc}") from exc
            self._started.update(self._starts(sorted(broken)))
            from evaluation.running.login import forget_logins

            forget_logins()  # the restarted server holds none of the browser's sessions
        return broken

    def must_reset(self, require_reset: bool) -> bool:
        return True  # a reset is one request, as on the embedded stack

    def lock(self, sites: list[str], exclusive: bool) -> contextlib.AbstractContextManager[object]:
        # every task resets its sites, so it holds them alone whatever `exclusive` says
        from evaluation.running.site_locks import SiteLocks
        from sites.config import settings

        return SiteLocks(settings().run_dir / "locks" / "compose").hold(list(sites), exclusive=True)

    def session_token(self) -> str:
        from sites.config import settings

        return settings().reset_token


STACKS: dict[str, type[EmbeddedStack] | type[DockerStack] | type[ComposeStack]] = {
    "embedded": EmbeddedStack,
    "docker": DockerStack,
    "compose": ComposeStack,
}


StackName = Literal["embedded", "docker", "compose"]
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
