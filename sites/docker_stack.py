"""The docker stack: the official images of the benchmark's sites, driven through the Docker SDK.

`python -m sites <command> --stack docker` (and `make up STACK=docker` etc.) call the functions at the
bottom of this module: `up`, `down`, `status`, `reset`, `doctor`; each returns a process exit code and
prints what went wrong with its cause. Everything goes through the Docker Engine API (`docker` package,
`DOCKER_HOST` or the default socket): images, the network, containers, exec. The same stack is
described for `docker compose` in `compose/official.yml`; both read the same `.env` variables.

Containers keep the names of the official setup instructions (`shopping`, `forum`, `classifieds`,
`classifieds_db`, `wikipedia`, `homepage`), so the official reset scripts and this module agree. What runs
where (images, ports, volumes, healthchecks) is configured in sites/docker_config.py.
"""

from __future__ import annotations

import http.client
import os
import socket
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Sequence

import docker
import docker.errors

from sites.config import Settings
from sites.docker_config import (
    MAGENTO_BIN,
    MAGENTO_INDEXERS,
    RESETTABLE,
    DockerStackConfig,
    DockerStackError,
    Service,
    _port_of,
)
from sites.launchers import LOCAL
from sites.stack_cli import run_stack_cli

# ---------------------------------------------------------------------------------------------------
# The engine


def connect(config: DockerStackConfig) -> docker.DockerClient:
    """A client of the Docker engine (DOCKER_HOST or the default socket); a clear error when unreachable."""
    where = config.docker_host or os.environ.get("DOCKER_HOST") or "the default socket (unix:///var/run/docker.sock)"
    try:
        if config.docker_host:
            client = docker.DockerClient(base_url=config.docker_host, timeout=config.api_timeout_s)
        else:
            client = docker.from_env(timeout=config.api_timeout_s)
        client.ping()
        return client
    except docker.errors.DockerException as exc:
        raise DockerStackError(
            f"Docker engine not reachable at {where}: {exc}. Start the Docker daemon, or set DOCKER_HOST "
            f"in .env to its socket (e.g. unix:///var/run/docker.sock or tcp://host:2375)."
        ) from None


def missing_images(client: docker.DockerClient, services: Sequence[Service]) -> list[Service]:
    missing = []
    for svc in services:
        try:
            client.images.get(svc.image)
        except docker.errors.ImageNotFound:
            missing.append(svc)
    return missing


def _missing_images_message(missing: Sequence[Service]) -> str:
    lines = [f"  - {svc.image} (service {svc.key}): {svc.how_to_get}" for svc in missing]
    return "missing Docker image(s):\n" + "\n".join(lines)


def _get_container(client: docker.DockerClient, name: str):
    try:
        return client.containers.get(name)
    except docker.errors.NotFound:
        return None


def _ensure_network(client: docker.DockerClient, name: str) -> None:
    if not any(net.name == name for net in client.networks.list(names=[name])):
        client.networks.create(name, driver="bridge")


def _logs_tail(container, lines: int = 30) -> str:
    try:
        text = container.logs(tail=lines).decode("utf-8", "replace").rstrip()
    except docker.errors.DockerException as exc:
        return f"(logs unavailable: {exc})"
    return text or "(no log output)"


def _create_and_start(client: docker.DockerClient, svc: Service, network: str):
    try:
        container = client.containers.create(svc.image, **svc.create_kwargs(network))
    except docker.errors.ImageNotFound:
        raise DockerStackError(_missing_images_message([svc])) from None
    container.start()
    return container


def _remove(container) -> None:
    container.reload()  # the status of a container object is the one it had when it was read (`created` after start)
    if container.status in ("running", "restarting", "paused"):
        container.stop(timeout=20)
    container.remove(v=True)  # with its anonymous volumes (an image's VOLUME); named volumes stay


def _wait(poll_s: float, deadline: float) -> None:
    threading.Event().wait(max(0.0, min(poll_s, deadline - time.monotonic())))


def wait_container(client: docker.DockerClient, name: str, timeout_s: float, poll_s: float) -> str:
    """Poll a container until its health check says healthy (or, without one, until it runs).

    Returns the final state ("healthy" or "running"); raises with the container's last log lines when
    it turns unhealthy, exits, or the deadline passes.
    """
    deadline = time.monotonic() + timeout_s
    last = "unknown"
    while True:
        container = _get_container(client, name)
        if container is None:
            raise DockerStackError(f"container {name} disappeared while waiting for it to start")
        state = container.attrs.get("State", {})
        health = (state.get("Health") or {}).get("Status")
        status = state.get("Status", "unknown")
        # "restarting": its process exited and the restart policy (unless-stopped) starts it again, a crash loop
        # on a real engine rather than a container that stays exited
        if status in ("exited", "dead", "restarting"):
            restarts = container.attrs.get("RestartCount", 0)
            raise DockerStackError(
                f"container {name} stopped (status {status}, exit code {state.get('ExitCode')}"
                f"{f', restarted {restarts} times' if restarts else ''}). Last log lines:\n{_logs_tail(container)}"
            )
        if health == "unhealthy":
            raise DockerStackError(
                f"container {name} failed its health check. Last log lines:\n{_logs_tail(container)}"
            )
        if health == "healthy" or (health is None and status == "running"):
            return health or status
        last = health or status
        if time.monotonic() >= deadline:
            raise DockerStackError(
                f"container {name} did not become healthy within {timeout_s:g} s (still {last}). "
                f"Last log lines:\n{_logs_tail(container)}"
            )
        _wait(poll_s, deadline)


def http_status(url: str, timeout_s: float = 10.0) -> int | None:
    """Status code of a GET (redirects not followed), or None when nothing answers."""
    parts = urllib.parse.urlsplit(url)
    conn_cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    if not parts.hostname:
        raise ValueError(f"not an HTTP URL with a host: {url!r}")
    conn = conn_cls(parts.hostname, parts.port, timeout=timeout_s)
    try:
        conn.request("GET", (parts.path or "/") + (f"?{parts.query}" if parts.query else ""))
        return conn.getresponse().status
    except (OSError, http.client.HTTPException):
        return None
    finally:
        conn.close()


def wait_http(site: str, url: str, timeout_s: float, poll_s: float) -> None:
    """Poll a site's URL until it answers with a status below 500."""
    deadline = time.monotonic() + timeout_s
    status = None
    while True:
        status = http_status(url)
        if status is not None and status < 500:
            return
        if time.monotonic() >= deadline:
            got = "no answer" if status is None else f"HTTP {status}"
            raise DockerStackError(f"site {site} at {url} did not answer within {timeout_s:g} s (last: {got})")
        _wait(poll_s, deadline)


def _exec(container, cmd: list[str], what: str, environment: dict[str, str] | None = None) -> str:
    result = container.exec_run(cmd, environment=environment)
    output = (result.output or b"").decode("utf-8", "replace").strip()
    if result.exit_code != 0:
        tail = "\n".join(output.splitlines()[-15:]) or "(no output)"
        raise DockerStackError(
            f"{what} failed in container {container.name} (exit code {result.exit_code}): "
            f"{' '.join(cmd[:3])} ...\n{tail}"
        )
    return output


# ---------------------------------------------------------------------------------------------------
# Site-specific steps


def configure_magento(client: docker.DockerClient, config: DockerStackConfig) -> None:
    """Point Magento at the configured shopping URL, flush its cache, put its indexers in schedule mode.

    As in the official setup: `setup:store-config:set --base-url=<url>` (no trailing slash) and the
    `web/secure/base_url` row of core_config_data (Magento stores base URLs with one trailing slash).
    """
    container = _get_container(client, "shopping")
    if container is None:
        raise DockerStackError("container shopping does not exist: run `make up STACK=docker` first")
    base = config.urls["shopping"]
    _exec(container, [MAGENTO_BIN, "setup:store-config:set", f"--base-url={base}"], "setting Magento's base URL")
    sql = f"UPDATE core_config_data SET value='{base}/' WHERE path = 'web/secure/base_url';"
    _exec(
        container,
        ["mysql", "-u", config.magento_db_user, config.magento_db_name, "-e", sql],
        "setting Magento's secure base URL",
        environment={"MYSQL_PWD": config.magento_db_password},
    )
    _exec(container, ["php", MAGENTO_BIN, "cache:flush"], "flushing Magento's cache")
    _exec(
        container,
        [MAGENTO_BIN, "indexer:set-mode", "schedule", *MAGENTO_INDEXERS],
        "setting Magento's indexers to schedule mode",
    )


def populate_classifieds(client: docker.DockerClient, config: DockerStackConfig) -> None:
    """Reload the classifieds database from the bundle's SQL dump (mounted at /docker-entrypoint-initdb.d)."""
    db = _get_container(client, "classifieds_db")
    if db is None:
        raise DockerStackError("container classifieds_db does not exist: run `make up STACK=docker` first")
    dump = f"/docker-entrypoint-initdb.d/{config.classifieds_sql_file}"
    _exec(
        db,
        ["mysql", "-u", "root", config.classifieds_db_name, "-e", f"source {dump}"],
        f"re-populating the classifieds database from {dump}",
        environment={"MYSQL_PWD": config.classifieds_db_root_password},
    )


def call_classifieds_reset(config: DockerStackConfig) -> None:
    url = config.urls["classifieds"] + "/index.php?page=reset"
    data = urllib.parse.urlencode({"token": config.reset_token}).encode()
    try:
        # like http_status, never through an HTTP proxy from the environment
        with LOCAL.open(urllib.request.Request(url, data=data, method="POST"), timeout=60) as resp:
            resp.read()
    except urllib.error.HTTPError as exc:
        hint = " (check RESET_TOKEN in .env matches the container's)" if exc.code in (401, 403) else ""
        raise DockerStackError(f"classifieds reset endpoint {url} answered HTTP {exc.code}{hint}") from None
    except OSError as exc:
        raise DockerStackError(f"classifieds reset endpoint {url} unreachable: {exc}") from None


# ---------------------------------------------------------------------------------------------------
# Operations (raise DockerStackError); the public commands below wrap them into exit codes.


Printer = Callable[[str], None]


def _up(client, config: DockerStackConfig, out: Printer) -> None:
    services = config.services()
    missing = missing_images(client, services)
    if missing:
        raise DockerStackError(_missing_images_message(missing) + "\nThen run `make up STACK=docker` again.")
    _ensure_network(client, config.network)
    created: set[str] = set()
    for svc in services:
        container = _get_container(client, svc.container)
        if container is None:
            _create_and_start(client, svc, config.network)
            created.add(svc.key)
            out(f"created {svc.container} from {svc.image}")
        elif container.status != "running":
            container.start()
            out(f"started {svc.container}")
        if svc.key == "classifieds_db":
            wait_container(client, svc.container, config.health_timeout_s, config.poll_s)
            if svc.key in created:
                populate_classifieds(client, config)
                out("populated the classifieds database")
    for svc in services:
        wait_container(client, svc.container, config.health_timeout_s, config.poll_s)
        if svc.key == "shopping" and svc.key in created:
            configure_magento(client, config)
            out(f"configured Magento for {config.urls['shopping']}")
    for svc in services:
        if svc.site:
            wait_http(svc.site, config.urls[svc.site] + svc.health_path, config.health_timeout_s, config.poll_s)
            out(f"{svc.site:12s} {config.urls[svc.site]}")


def _recreate(client, config: DockerStackConfig, key: str, out: Printer) -> None:
    svc = config.service(key)
    missing = missing_images(client, [svc])
    if missing:
        raise DockerStackError(_missing_images_message(missing))
    _ensure_network(client, config.network)
    container = _get_container(client, svc.container)
    if container is not None:
        _remove(container)
    _create_and_start(client, svc, config.network)
    out(f"recreated {svc.container} from {svc.image}")
    wait_container(client, svc.container, config.health_timeout_s, config.poll_s)


def _reset(client, config: DockerStackConfig, sites: Sequence[str], out: Printer) -> None:
    unknown = [s for s in sites if s not in (*RESETTABLE, "wikipedia", "homepage")]
    if unknown:
        raise DockerStackError(
            f"unknown site(s) to reset: {', '.join(unknown)}; known: {', '.join(RESETTABLE)}, wikipedia, homepage"
        )
    for site in sites:
        if site == "shopping":
            _recreate(client, config, "shopping", out)
            configure_magento(client, config)
        elif site == "reddit":
            _recreate(client, config, "forum", out)
        elif site == "classifieds":
            for key in ("classifieds_db", "classifieds"):
                if _get_container(client, key) is None:
                    raise DockerStackError(f"container {key} does not exist: run `make up STACK=docker` first")
                wait_container(client, key, config.health_timeout_s, config.poll_s)
            populate_classifieds(client, config)
            call_classifieds_reset(config)
        else:
            out(f"{site}: read-only, nothing to reset")
            continue
        svc = next(s for s in config.services() if s.site == site)
        wait_http(site, config.urls[site] + svc.health_path, config.health_timeout_s, config.poll_s)
        out(f"reset {site}")


def _down(client, config: DockerStackConfig, out: Printer) -> None:
    for svc in reversed(config.services()):
        container = _get_container(client, svc.container)
        if container is not None:
            _remove(container)
            out(f"removed {svc.container}")


def _status(client, config: DockerStackConfig, out: Printer) -> bool:
    all_ok = True
    for svc in config.services():
        container = _get_container(client, svc.container) if client else None
        if container is None:
            state = "absent" if client else "engine unreachable"
        else:
            st = container.attrs.get("State", {})
            state = (st.get("Health") or {}).get("Status") or st.get("Status", "unknown")
        answer = ""
        if svc.site:
            code = http_status(config.urls[svc.site] + svc.health_path, timeout_s=5)
            answer = f"  {config.urls[svc.site]} -> {'no answer' if code is None else f'HTTP {code}'}"
            all_ok &= code is not None and code < 500
        all_ok &= state in ("healthy", "running")
        out(f"{svc.container:15s} {state:10s}{answer}")
    return all_ok


def _port_busy(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("0.0.0.0", port))
        except OSError:
            return True
    return False


def _doctor(config: DockerStackConfig, out: Printer, client_factory: Callable) -> bool:
    problems: list[str] = []
    services = config.services()
    try:
        client = client_factory(config)
        out("ok    Docker engine reachable")
    except DockerStackError as exc:
        client = None
        problems.append(str(exc))
    if client is not None:
        for svc in missing_images(client, services):
            problems.append(f"image {svc.image} (service {svc.key}) is missing: {svc.how_to_get}")
    zim = config.zim_dir / config.zim_file
    if not zim.is_file():
        problems.append(
            f"Wikipedia ZIM file {zim} is missing: download {config.zim_file} (see compose/README.md) "
            f"into {config.zim_dir}, or set WIKIPEDIA_ZIM_DIR / WIKIPEDIA_ZIM_FILE in .env"
        )
    dump = config.classifieds_sql_dir / config.classifieds_sql_file
    if not dump.is_file():
        problems.append(
            f"classifieds SQL dump {dump} is missing: unzip classifieds_docker_compose.zip and set "
            f"CLASSIFIEDS_SQL_DIR in .env to its mysql/ folder"
        )
    for svc in services:
        for host_port in svc.ports.values():
            if not _port_busy(host_port):
                continue
            container = _get_container(client, svc.container) if client else None
            if container is not None and container.status == "running":
                out(f"ok    port {host_port} is used by this stack's container {svc.container}")
            else:
                change = (
                    f"change {svc.site.upper()}_PORT and {svc.site.upper()} in .env"
                    if svc.site
                    else f"change the {svc.key} service's port in its compose file"
                )
                problems.append(
                    f"port {host_port} ({svc.key}) is busy: stop what listens there "
                    f"(`make down` for the embedded stack) or {change}"
                )
    for site in config.ports:
        if config.ports[site] != _port_of(config.urls[site]):
            problems.append(
                f"{site.upper()}_PORT={config.ports[site]} differs from the port of "
                f"{site.upper()}={config.urls[site]}: the harness would look in the wrong place"
            )
    for problem in problems:
        out("MISSING " + problem)
    if problems:
        out(f"{len(problems)} problem(s); fix them, then run `make up STACK=docker`.")
    else:
        out("everything the docker stack needs is here: run `make up STACK=docker`.")
    return not problems


# ---------------------------------------------------------------------------------------------------
# Public commands: `python -m sites <command> --stack docker` calls these. Each returns an exit code.


def _run(operation: Callable[[], object], out_err: Printer) -> int:
    try:
        result = operation()
    except DockerStackError as exc:
        out_err(f"docker stack: {exc}")
        return 1
    except docker.errors.DockerException as exc:
        out_err(f"docker stack: the Docker engine refused a request: {exc}")
        return 1
    return 0 if result is not False else 1


def _out(text: str) -> None:
    print(text, flush=True)


def _err(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def up(settings: Settings, *, client: docker.DockerClient | None = None) -> int:
    """Create and start the official stack (what is missing), then wait until every site answers."""

    def op():
        config = DockerStackConfig.from_env(settings)
        _up(client or connect(config), config, _out)

    return _run(op, _err)


def down(settings: Settings, *, client: docker.DockerClient | None = None) -> int:
    """Stop and remove the stack's containers (volumes and images stay)."""

    def op():
        config = DockerStackConfig.from_env(settings)
        _down(client or connect(config), config, _out)

    return _run(op, _err)


def status(settings: Settings, *, client: docker.DockerClient | None = None) -> int:
    """Print each container's state and whether its site answers; 0 only when all are up."""

    def op():
        config = DockerStackConfig.from_env(settings)
        try:
            engine = client or connect(config)
        except DockerStackError as exc:
            _err(str(exc))
            engine = None
        return _status(engine, config, _out)

    return _run(op, _err)


def reset(settings: Settings, sites: Sequence[str] | None = None, *, client: docker.DockerClient | None = None) -> int:
    """Restore sites to their pristine state as the official instructions do (all resettable sites by default)."""

    def op():
        config = DockerStackConfig.from_env(settings)
        _reset(client or connect(config), config, list(sites) if sites else list(RESETTABLE), _out)

    return _run(op, _err)


def doctor(settings: Settings, *, client: docker.DockerClient | None = None) -> int:
    """Say which images, files and ports the stack lacks and what to run, before anything starts."""

    def op():
        config = DockerStackConfig.from_env(settings)
        return _doctor(config, _out, (lambda _cfg: client) if client else connect)

    return _run(op, _err)


def main(argv: Sequence[str] | None = None) -> int:
    ops = {"up": up, "down": down, "status": status, "reset": reset, "doctor": doctor}
    return run_stack_cli("python -m sites.docker_stack", __doc__.split("\n")[0], ops, argv)


if __name__ == "__main__":
    sys.exit(main())
