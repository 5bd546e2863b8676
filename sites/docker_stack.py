"""The docker stack: the official images of the benchmark's sites, driven through the Docker SDK.

`python -m sites <command> --stack docker` (and `make up STACK=docker` etc.) call the functions at the
bottom of this module: `up`, `down`, `status`, `reset`, `doctor`; each returns a process exit code and
prints what went wrong with its cause. Everything goes through the Docker Engine API (`docker` package,
`DOCKER_HOST` or the default socket): images, the network, containers, exec. The same stack is
described for `docker compose` in `compose/official.yml`; both read the same `.env` variables.

Containers keep the names of the official setup instructions (`shopping`, `forum`, `classifieds`,
`classifieds_db`, `wikipedia`, `homepage`), so the official reset scripts and this module agree.
"""
from __future__ import annotations

import argparse
import http.client
import os
import re
import socket
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import docker
import docker.errors

from sites.config import PROJECT_ROOT, Settings, settings as load_settings, site_url
from sites.launchers import LOCAL

# Magento indexers the official instructions put in "schedule" mode after a reset (no re-indexing on save).
MAGENTO_INDEXERS: tuple[str, ...] = (
    "catalogrule_product", "catalogrule_rule", "catalogsearch_fulltext", "catalog_category_product",
    "customer_grid", "design_config_grid", "inventory", "catalog_product_category",
    "catalog_product_attribute", "catalog_product_price", "cataloginventory_stock",
)
MAGENTO_BIN = "/var/www/magento2/bin/magento"
RESETTABLE = ("classifieds", "shopping", "reddit")
_SECONDS = 1_000_000_000  # the Engine API counts healthcheck durations in nanoseconds


class DockerStackError(RuntimeError):
    """The docker stack cannot do what was asked; the message says what, where and what to run."""


def _env(name: str, default: str) -> str:
    value = os.environ.get(name, "")
    return value if value.strip() else default


def _env_path(name: str, default: str) -> Path:
    path = Path(_env(name, default))
    return path if path.is_absolute() else PROJECT_ROOT / path


def _port_of(url: str) -> int:
    parsed = urllib.parse.urlsplit(url)
    if parsed.port:
        return parsed.port
    return 443 if parsed.scheme == "https" else 80


def _checked_url(site: str, url: str) -> str:
    parsed = urllib.parse.urlsplit(url)
    if parsed.scheme not in ("http", "https") or not parsed.hostname or re.search(r"[\s'\"\\;]", url):
        raise DockerStackError(f"base URL of {site} is not a plain http(s) URL: {url!r} (set it in .env)")
    return url.rstrip("/")


@dataclass(frozen=True)
class Service:
    """One container of the stack."""

    key: str                       # service name in compose/official.yml
    site: str | None               # the site it serves (None for the classifieds database)
    container: str                 # container name (and hostname on the stack's network)
    image: str
    how_to_get: str                # what to run when the image is missing
    ports: dict[str, int] = field(default_factory=dict)        # "80/tcp" -> host port
    environment: dict[str, str] = field(default_factory=dict)
    volumes: dict[str, dict[str, str]] = field(default_factory=dict)
    command: list[str] | None = None
    healthcheck: dict | None = None
    health_path: str = "/"          # HTTP path polled on the host port once the container runs

    def create_kwargs(self, network: str) -> dict:
        kwargs: dict = {
            "name": self.container,
            "hostname": self.container,
            "detach": True,
            "network": network,
            "ports": dict(self.ports),
            "environment": dict(self.environment),
            "volumes": {k: dict(v) for k, v in self.volumes.items()},
            "restart_policy": {"Name": "unless-stopped"},
            "labels": {"vwa-arena.stack": "official", "vwa-arena.service": self.key},
        }
        if self.command:
            kwargs["command"] = list(self.command)
        if self.healthcheck:
            kwargs["healthcheck"] = dict(self.healthcheck)
        return kwargs


def _healthcheck(test: list[str], interval_s: int = 10, retries: int = 30, start_s: int = 20) -> dict:
    return {"test": test, "interval": interval_s * _SECONDS, "timeout": 10 * _SECONDS,
            "retries": retries, "start_period": start_s * _SECONDS}


def _php_get(url: str) -> list[str]:
    # php is in every PHP site image (Magento, Postmill, OSClass); curl is not guaranteed.
    return ["CMD", "php", "-r", f"exit(@file_get_contents('{url}') === false ? 1 : 0);"]


@dataclass(frozen=True)
class DockerStackConfig:
    """Every host-specific value of the stack, from the environment / .env (documented in .env.example)."""

    docker_host: str | None
    network: str
    urls: dict[str, str]
    ports: dict[str, int]
    shopping_image: str
    reddit_image: str
    classifieds_image: str
    classifieds_db_image: str
    wikipedia_image: str
    homepage_image: str
    zim_dir: Path
    zim_file: str
    classifieds_sql_dir: Path
    classifieds_sql_file: str
    classifieds_container_port: int
    classifieds_db_name: str
    classifieds_db_root_password: str
    magento_db_user: str
    magento_db_password: str
    magento_db_name: str
    reset_token: str
    health_timeout_s: float
    poll_s: float
    api_timeout_s: int

    @classmethod
    def from_env(cls, settings: Settings | None = None) -> "DockerStackConfig":
        settings = settings or load_settings()
        urls = {site: _checked_url(site, site_url(site))
                for site in ("classifieds", "shopping", "reddit", "wikipedia", "homepage")}
        ports = {}
        for site, url in urls.items():
            raw = _env(f"{site.upper()}_PORT", str(_port_of(url)))
            if not raw.isdigit():
                raise DockerStackError(f"{site.upper()}_PORT must be a port number, got {raw!r} (.env)")
            ports[site] = int(raw)
        try:
            timeout = float(_env("DOCKER_HEALTH_TIMEOUT", "600"))
            poll = float(_env("DOCKER_POLL_INTERVAL", "2"))
            classifieds_port = int(_env("CLASSIFIEDS_CONTAINER_PORT", "9980"))
            api_timeout = int(_env("DOCKER_API_TIMEOUT", "120"))
        except ValueError as exc:
            raise DockerStackError(f"docker stack settings in .env: {exc}") from None
        return cls(
            docker_host=_env("DOCKER_HOST", "") or None,
            network=_env("DOCKER_NETWORK", "vwa"),
            urls=urls,
            ports=ports,
            shopping_image=_env("SHOPPING_IMAGE", "shopping_final_0712"),
            reddit_image=_env("REDDIT_IMAGE", "postmill-populated-exposed-withimg"),
            classifieds_image=_env("CLASSIFIEDS_IMAGE", "jykoh/classifieds:latest"),
            classifieds_db_image=_env("CLASSIFIEDS_DB_IMAGE", "mysql:8.1"),
            wikipedia_image=_env("WIKIPEDIA_IMAGE", "ghcr.io/kiwix/kiwix-serve:3.3.0"),
            homepage_image=_env("HOMEPAGE_IMAGE", "vwa-arena:latest"),
            zim_dir=_env_path("WIKIPEDIA_ZIM_DIR", "data/zim"),
            zim_file=_env("WIKIPEDIA_ZIM_FILE", "wikipedia_en_all_maxi_2022-05.zim"),
            classifieds_sql_dir=_env_path("CLASSIFIEDS_SQL_DIR", "data/classifieds_docker_compose/mysql"),
            classifieds_sql_file=_env("CLASSIFIEDS_SQL_FILE", "osclass_craigslist.sql"),
            classifieds_container_port=classifieds_port,
            classifieds_db_name=_env("CLASSIFIEDS_DB_NAME", "osclass"),
            classifieds_db_root_password=_env("CLASSIFIEDS_DB_ROOT_PASSWORD", "password"),
            magento_db_user=_env("MAGENTO_DB_USER", "magentouser"),
            magento_db_password=_env("MAGENTO_DB_PASSWORD", "MyPassword"),
            magento_db_name=_env("MAGENTO_DB_NAME", "magentodb"),
            reset_token=settings.reset_token,
            health_timeout_s=timeout,
            poll_s=poll,
            api_timeout_s=api_timeout,
        )

    def services(self) -> list[Service]:
        """The stack's containers in start order (the database before the site that uses it)."""
        load = "load it: docker load -i {tar} (see compose/README.md, 'Getting the images')"
        return [
            Service(
                key="classifieds_db", site=None, container="classifieds_db", image=self.classifieds_db_image,
                how_to_get=f"pull it: docker pull {self.classifieds_db_image}",
                environment={"MYSQL_ROOT_PASSWORD": self.classifieds_db_root_password,
                             "MYSQL_DATABASE": self.classifieds_db_name},
                volumes={"vwa_classifieds_db": {"bind": "/var/lib/mysql", "mode": "rw"},
                         str(self.classifieds_sql_dir): {"bind": "/docker-entrypoint-initdb.d", "mode": "ro"}},
                # mysqladmin ping succeeds once the server answers, whatever the credentials.
                healthcheck=_healthcheck(["CMD", "mysqladmin", "ping", "-h", "127.0.0.1", "--silent"],
                                         interval_s=5),
            ),
            Service(
                key="classifieds", site="classifieds", container="classifieds", image=self.classifieds_image,
                how_to_get=load.format(tar="<the classifieds image tar>") + "; or `docker compose up --build` "
                           "in the unzipped classifieds_docker_compose bundle",
                ports={f"{self.classifieds_container_port}/tcp": self.ports["classifieds"]},
                environment={"CLASSIFIEDS": self.urls["classifieds"] + "/", "RESET_TOKEN": self.reset_token,
                             "CLASSIFIEDS_RESET_TOKEN": self.reset_token},
                healthcheck=_healthcheck(_php_get(f"http://localhost:{self.classifieds_container_port}/")),
                health_path="/index.php",
            ),
            Service(
                key="shopping", site="shopping", container="shopping", image=self.shopping_image,
                how_to_get=load.format(tar="shopping_final_0712.tar"),
                ports={"80/tcp": self.ports["shopping"]},
                healthcheck=_healthcheck(_php_get("http://localhost/"), retries=60, start_s=60),
            ),
            Service(
                key="forum", site="reddit", container="forum", image=self.reddit_image,
                how_to_get=load.format(tar="postmill-populated-exposed-withimg.tar"),
                ports={"80/tcp": self.ports["reddit"]},
                healthcheck=_healthcheck(_php_get("http://localhost/"), start_s=15),
            ),
            Service(
                key="wikipedia", site="wikipedia", container="wikipedia", image=self.wikipedia_image,
                how_to_get=f"pull it: docker pull {self.wikipedia_image}",
                ports={"80/tcp": self.ports["wikipedia"]},
                volumes={str(self.zim_dir): {"bind": "/data", "mode": "ro"}},
                command=[self.zim_file],
                healthcheck=_healthcheck(["CMD", "wget", "-q", "-O", "/dev/null", "http://localhost/"],
                                         interval_s=5),
            ),
            Service(
                key="homepage", site="homepage", container="homepage", image=self.homepage_image,
                how_to_get="build it: docker build -f compose/Dockerfile -t vwa-arena:latest .",
                ports={"4399/tcp": self.ports["homepage"]},
                environment={"CLASSIFIEDS": self.urls["classifieds"], "SHOPPING": self.urls["shopping"],
                             "REDDIT": self.urls["reddit"], "WIKIPEDIA": self.urls["wikipedia"],
                             "HOMEPAGE": self.urls["homepage"]},
                command=["homepage", "--port", "4399"],  # compose/Dockerfile entrypoint: compose/serve_site.py
                healthcheck=_healthcheck(["CMD", "python", "-c", "import urllib.request as u; "
                                          "u.urlopen('http://127.0.0.1:4399/', timeout=5)"], interval_s=5),
            ),
        ]

    def service(self, key: str) -> Service:
        for svc in self.services():
            if svc.key == key:
                return svc
        raise KeyError(key)


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
    if container.status in ("running", "restarting", "paused"):
        container.stop(timeout=20)
    container.remove()


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
        if status in ("exited", "dead"):
            raise DockerStackError(
                f"container {name} stopped (status {status}, exit code {state.get('ExitCode')}). "
                f"Last log lines:\n{_logs_tail(container)}")
        if health == "unhealthy":
            raise DockerStackError(f"container {name} failed its health check. Last log lines:\n{_logs_tail(container)}")
        if health == "healthy" or (health is None and status == "running"):
            return health or status
        last = health or status
        if time.monotonic() >= deadline:
            raise DockerStackError(
                f"container {name} did not become healthy within {timeout_s:g} s (still {last}). "
                f"Last log lines:\n{_logs_tail(container)}")
        _wait(poll_s, deadline)


def http_status(url: str, timeout_s: float = 10.0) -> int | None:
    """Status code of a GET (redirects not followed), or None when nothing answers."""
    parts = urllib.parse.urlsplit(url)
    conn_cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
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
            f"{' '.join(cmd[:3])} ...\n{tail}")
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
    _exec(container, ["mysql", "-u", config.magento_db_user, config.magento_db_name, "-e", sql],
          "setting Magento's secure base URL", environment={"MYSQL_PWD": config.magento_db_password})
    _exec(container, ["php", MAGENTO_BIN, "cache:flush"], "flushing Magento's cache")
    _exec(container, [MAGENTO_BIN, "indexer:set-mode", "schedule", *MAGENTO_INDEXERS],
          "setting Magento's indexers to schedule mode")


def populate_classifieds(client: docker.DockerClient, config: DockerStackConfig) -> None:
    """Reload the classifieds database from the bundle's SQL dump (mounted at /docker-entrypoint-initdb.d)."""
    db = _get_container(client, "classifieds_db")
    if db is None:
        raise DockerStackError("container classifieds_db does not exist: run `make up STACK=docker` first")
    dump = f"/docker-entrypoint-initdb.d/{config.classifieds_sql_file}"
    _exec(db, ["mysql", "-u", "root", config.classifieds_db_name, "-e", f"source {dump}"],
          f"re-populating the classifieds database from {dump}",
          environment={"MYSQL_PWD": config.classifieds_db_root_password})


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
    unknown = [s for s in sites if s not in RESETTABLE + ("wikipedia", "homepage")]
    if unknown:
        raise DockerStackError(f"unknown site(s) to reset: {', '.join(unknown)}; known: "
                               f"{', '.join(RESETTABLE)}, wikipedia, homepage")
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
        problems.append(f"Wikipedia ZIM file {zim} is missing: download {config.zim_file} (see compose/README.md) "
                        f"into {config.zim_dir}, or set WIKIPEDIA_ZIM_DIR / WIKIPEDIA_ZIM_FILE in .env")
    dump = config.classifieds_sql_dir / config.classifieds_sql_file
    if not dump.is_file():
        problems.append(f"classifieds SQL dump {dump} is missing: unzip classifieds_docker_compose.zip and set "
                        f"CLASSIFIEDS_SQL_DIR in .env to its mysql/ folder")
    for svc in services:
        for host_port in svc.ports.values():
            if not _port_busy(host_port):
                continue
            container = _get_container(client, svc.container) if client else None
            if container is not None and container.status == "running":
                out(f"ok    port {host_port} is used by this stack's container {svc.container}")
            else:
                problems.append(f"port {host_port} ({svc.key}) is busy: stop what listens there "
                                f"(`make down` for the embedded stack) or change {svc.site.upper()}_PORT and "
                                f"{svc.site.upper()} in .env")
    for site in config.ports:
        if config.ports[site] != _port_of(config.urls[site]):
            problems.append(f"{site.upper()}_PORT={config.ports[site]} differs from the port of "
                            f"{site.upper()}={config.urls[site]}: the harness would look in the wrong place")
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


def reset(settings: Settings, sites: Sequence[str] | None = None, *,
          client: docker.DockerClient | None = None) -> int:
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
    parser = argparse.ArgumentParser(prog="python -m sites.docker_stack", description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=["up", "down", "status", "reset", "doctor"])
    parser.add_argument("sites", nargs="*", help="reset only these sites")
    args = parser.parse_args(argv)
    current = load_settings()
    if args.command == "reset":
        return reset(current, args.sites or None)
    return {"up": up, "down": down, "status": status, "doctor": doctor}[args.command](current)


if __name__ == "__main__":
    sys.exit(main())
