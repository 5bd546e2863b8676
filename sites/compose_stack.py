"""The compose stack: this project's embedded sites as containers of compose/embedded.yml (`STACK=compose`).

`python -m sites up|down|status|reset|doctor --stack compose` (and `make up STACK=compose` etc.) call the
functions at the bottom; each returns a process exit code. `docker-compose` (or `docker compose`) creates and
removes the project; the Engine API (`docker` package, `DOCKER_HOST` or the default socket) reads the
containers' health and start times; each site is reset through its own reset route (`POST /__reset` with
RESET_TOKEN), as the embedded arena does, in milliseconds.

The containers publish their ports on 127.0.0.1 only, at the ports of the site URLs of the settings
(CLASSIFIEDS=http://127.0.0.1:9980 ...); COMPOSE_PROJECT_NAME names the project (default `vwa-embedded`), and
with it the volume; EMBEDDED_NETWORK names its network. The harness's side is ComposeStack in
evaluation/running/stacks.py.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import time
import urllib.parse
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import docker
import docker.errors
from docker.models.containers import Container

from sites.arena import check_health
from sites.config import PROJECT_ROOT, SITES, Settings, site_url
from sites.docker_config import DockerStackError
from sites.launchers import LAUNCHERS
from sites.stack_cli import run_stack_cli

COMPOSE_FILE = PROJECT_ROOT / "compose" / "embedded.yml"
DEFAULT_PROJECT = "vwa-embedded"
DEFAULT_NETWORK = "vwa-embedded"


def _env(name: str, default: str) -> str:
    value = os.environ.get(name, "").strip()
    return value or default


@dataclass(frozen=True)
class ComposeConfig:
    project: str
    network: str
    urls: dict[str, str]  # site -> base URL (127.0.0.1 and the published port)
    health_timeout_s: float
    poll_s: float

    @classmethod
    def from_env(cls) -> ComposeConfig:
        urls = {site: site_url(site) for site in LAUNCHERS}
        for site, url in urls.items():
            if urllib.parse.urlsplit(url).hostname not in ("127.0.0.1", "localhost"):
                raise DockerStackError(
                    f"{site} at {url}: the compose stack publishes its ports on 127.0.0.1 only; "
                    "set the site URLs to http://127.0.0.1:PORT"
                )
        try:
            timeout = float(_env("DOCKER_HEALTH_TIMEOUT", "600"))
            poll = float(_env("DOCKER_POLL_INTERVAL", "1"))
        except ValueError as exc:
            raise DockerStackError(f"compose stack settings: {exc}") from None
        return cls(
            project=_env("COMPOSE_PROJECT_NAME", DEFAULT_PROJECT),
            network=_env("EMBEDDED_NETWORK", DEFAULT_NETWORK),
            urls=urls,
            health_timeout_s=timeout,
            poll_s=poll,
        )

    def port(self, site: str) -> int:
        return urllib.parse.urlsplit(self.urls[site]).port or 80

    def compose_env(self) -> dict[str, str]:
        """The environment docker-compose reads compose/embedded.yml with: the URLs and their ports."""
        env = dict(os.environ, COMPOSE_PROJECT_NAME=self.project, EMBEDDED_NETWORK=self.network)
        for site, url in self.urls.items():
            var = SITES[site][0]
            env[var] = url
            env[f"{var}_PORT"] = str(self.port(site))
        return env

    @property
    def volume(self) -> str:
        # compose names a project's volume <project>_<volume>
        return f"{self.project}_embedded_data"


def compose_command() -> list[str]:
    """docker-compose (Debian's 1.29) when installed, else the Docker CLI's compose plugin."""
    return ["docker-compose"] if shutil.which("docker-compose") else ["docker", "compose"]


def run_compose(config: ComposeConfig, args: Sequence[str]) -> None:
    cmd = [*compose_command(), "-p", config.project, "-f", str(COMPOSE_FILE), *args]
    done = subprocess.run(cmd, env=config.compose_env(), check=False)
    if done.returncode != 0:
        raise DockerStackError(f"`{' '.join(cmd)}` failed with exit code {done.returncode}")


def connect() -> docker.DockerClient:
    try:
        client = docker.from_env(timeout=int(_env("DOCKER_API_TIMEOUT", "120")))
        client.ping()
        return client
    except docker.errors.DockerException as exc:
        where = os.environ.get("DOCKER_HOST") or "the default socket"
        raise DockerStackError(
            f"Docker engine not reachable at {where}: {exc}. Start the Docker daemon "
            "(`make test-docker` starts one), or set DOCKER_HOST"
        ) from None


def containers(client: docker.DockerClient, config: ComposeConfig) -> dict[str, Container]:
    """site -> its container in the project (all, running or not)."""
    found = client.containers.list(all=True, filters={"label": f"com.docker.compose.project={config.project}"})
    return {c.labels.get("com.docker.compose.service", ""): c for c in found}


def state(container: Container) -> tuple[str, str, int]:
    """(health or status, StartedAt, RestartCount) of a container, read afresh."""
    container.reload()
    st = container.attrs.get("State", {})
    health = (st.get("Health") or {}).get("Status") or st.get("Status", "unknown")
    return health, str(st.get("StartedAt", "")), int(container.attrs.get("RestartCount", 0))


def _wait(poll_s: float, deadline: float) -> None:
    threading.Event().wait(max(0.0, min(poll_s, deadline - time.monotonic())))


def wait_healthy(
    client: docker.DockerClient,
    config: ComposeConfig,
    sites: Sequence[str],
    timeout_s: float | None = None,
    out: Callable[[str], None] | None = None,
) -> float:
    """Wait until each site's container is healthy and the site answers its health path on 127.0.0.1;
    returns the seconds waited. A container that restarts (its restart policy) is waited for."""
    started = time.monotonic()
    deadline = started + (config.health_timeout_s if timeout_s is None else timeout_s)
    pending = list(sites)
    while True:
        found = containers(client, config)
        still = []
        for site in pending:
            container = found.get(site)
            health = state(container)[0] if container is not None else "absent"
            if health == "healthy" and check_health(config.urls[site], LAUNCHERS[site].health_path, timeout=5):
                if out:
                    out(f"{site:12s} healthy after {time.monotonic() - started:.1f} s  {config.urls[site]}")
            else:
                still.append(f"{site} ({health})")
        pending = [s.split(" ")[0] for s in still]
        if not pending:
            return time.monotonic() - started
        if time.monotonic() >= deadline:
            tails = []
            for site in pending:
                container = found.get(site)
                if container is not None:
                    tail = container.logs(tail=15).decode("utf-8", "replace").rstrip()
                    tails.append(f"--- {site}:\n{tail}")
            raise DockerStackError(
                f"not healthy within {deadline - started:.0f} s: {', '.join(still)}\n" + "\n".join(tails)
            )
        _wait(config.poll_s, deadline)


def reset_sites(settings: Settings, config: ComposeConfig, sites: Sequence[str]) -> None:
    """Each site's reset route (the sites without state have none)."""
    for site in sites:
        launcher = LAUNCHERS.get(site)
        if launcher is None:
            raise DockerStackError(f"unknown site {site!r}; the compose stack serves {', '.join(LAUNCHERS)}")
        if launcher.reset is None:
            continue
        try:
            launcher.reset(config.urls[site], settings)
        except RuntimeError as exc:
            raise DockerStackError(f"{site}: {exc} (is RESET_TOKEN the containers' token?)") from None


def leftovers(client: docker.DockerClient, config: ComposeConfig) -> list[str]:
    """What of the project is still on the engine: containers, its network, its volume."""
    left = [f"container {c.name}" for c in containers(client, config).values()]
    left += [f"network {n.name}" for n in client.networks.list(names=[config.network]) if n.name == config.network]
    left += [
        f"volume {v.name}" for v in client.volumes.list(filters={"name": config.volume}) if v.name == config.volume
    ]
    return left


# ---------------------------------------------------------------------------------------------------
# Public commands (`python -m sites <command> --stack compose`); each returns an exit code.


def _run(operation: Callable[[], object]) -> int:
    try:
        result = operation()
    except DockerStackError as exc:
        print(f"compose stack: {exc}", file=sys.stderr, flush=True)
        return 1
    except docker.errors.DockerException as exc:
        print(f"compose stack: the Docker engine refused a request: {exc}", file=sys.stderr, flush=True)
        return 1
    return 0 if result is not False else 1


def up(settings: Settings) -> int:
    """Create and start the five containers (building the image when missing), wait for every healthcheck."""

    def op() -> None:
        config = ComposeConfig.from_env()
        client = connect()
        run_compose(config, ["up", "-d"])
        waited = wait_healthy(client, config, list(LAUNCHERS), out=lambda s: print(s, flush=True))
        print(f"all {len(LAUNCHERS)} sites healthy in {waited:.1f} s", flush=True)

    return _run(op)


def down(settings: Settings) -> int:
    """Remove the containers, the network and the volume (the data is regenerated from SEED on the next up)."""

    def op() -> bool:
        config = ComposeConfig.from_env()
        client = connect()
        run_compose(config, ["down", "--volumes", "--remove-orphans", "--timeout", "20"])
        left = leftovers(client, config)
        for what in left:
            print(f"left behind: {what}", file=sys.stderr, flush=True)
        return not left

    return _run(op)


def status(settings: Settings) -> int:
    """Each container's health and whether its site answers; 0 only when all do."""

    def op() -> bool:
        config = ComposeConfig.from_env()
        found = containers(connect(), config)
        ok = True
        for site in LAUNCHERS:
            container = found.get(site)
            health, _started, restarts = state(container) if container is not None else ("absent", "", 0)
            answers = check_health(config.urls[site], LAUNCHERS[site].health_path, timeout=5)
            ok &= health == "healthy" and answers
            name = getattr(container, "name", "-")
            print(
                f"{site:12s} {health:10s} {'up' if answers else 'down':5s} {config.urls[site]:28s} "
                f"{name} (restarts: {restarts})",
                flush=True,
            )
        return ok

    return _run(op)


def reset(settings: Settings, sites: Sequence[str] | None = None) -> int:
    """Every site (or `sites`) back to its pristine state through its reset route."""

    def op() -> None:
        config = ComposeConfig.from_env()
        chosen = list(sites) if sites else list(LAUNCHERS)
        reset_sites(settings, config, chosen)
        print(f"reset {', '.join(s for s in chosen if LAUNCHERS[s].reset is not None)}", flush=True)

    return _run(op)


def doctor(settings: Settings) -> int:
    """The engine, the compose command and the image: what is missing and what to run."""

    def op() -> bool:
        config = ComposeConfig.from_env()
        problems = []
        try:
            client = connect()
            print("ok    Docker engine reachable", flush=True)
            image = _env("EMBEDDED_IMAGE", "vwa-arena:latest")
            try:
                client.images.get(image)
                print(f"ok    image {image}", flush=True)
            except docker.errors.ImageNotFound:
                problems.append(
                    f"image {image} is missing: `make test-docker` builds it, or "
                    "docker build -f compose/Dockerfile -t vwa-arena:latest ."
                )
        except DockerStackError as exc:
            problems.append(str(exc))
        if not (shutil.which("docker-compose") or shutil.which("docker")):
            problems.append(
                "neither docker-compose nor docker is installed (Debian: apt-get install docker.io docker-compose)"
            )
        for problem in problems:
            print("MISSING " + problem, flush=True)
        print(f"compose project {config.project}, network {config.network}, volume {config.volume}", flush=True)
        return not problems

    return _run(op)


def main(argv: Sequence[str] | None = None) -> int:
    ops = {"up": up, "down": down, "status": status, "reset": reset, "doctor": doctor}
    return run_stack_cli("python -m sites.compose_stack", __doc__.split("\n")[0], ops, argv)


if __name__ == "__main__":
    sys.exit(main())
