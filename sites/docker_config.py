"""The docker stack's configuration: which official images run as which containers, on which ports and
volumes, with which healthchecks, read from the environment (`.env`); and the stack's error type.
The commands that drive it are in sites/docker_stack.py.
"""

from __future__ import annotations

import os
import re
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from sites.config import PROJECT_ROOT, Settings, site_url
from sites.config import settings as load_settings

# Magento indexers the official instructions put in "schedule" mode after a reset (no re-indexing on save).
MAGENTO_INDEXERS: tuple[str, ...] = (
    "catalogrule_product",
    "catalogrule_rule",
    "catalogsearch_fulltext",
    "catalog_category_product",
    "customer_grid",
    "design_config_grid",
    "inventory",
    "catalog_product_category",
    "catalog_product_attribute",
    "catalog_product_price",
    "cataloginventory_stock",
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

    key: str  # service name in compose/official.yml
    site: str | None  # the site it serves (None for the classifieds database)
    container: str  # container name (and hostname on the stack's network)
    image: str
    how_to_get: str  # what to run when the image is missing
    ports: dict[str, int] = field(default_factory=dict)  # "80/tcp" -> host port
    environment: dict[str, str] = field(default_factory=dict)
    volumes: dict[str, dict[str, str]] = field(default_factory=dict)
    command: list[str] | None = None
    healthcheck: dict | None = None
    health_path: str = "/"  # HTTP path polled on the host port once the container runs
    # Docker's init as the container's first process, passing signals on: this project's entrypoint prepares the
    # site before its server takes over, and as process 1 without a handler it ignored SIGTERM, so a stop in
    # that time waited out the whole stop timeout (20 s) and ended in a SIGKILL
    init: bool = False

    def create_kwargs(self, network: str) -> dict:
        kwargs: dict = {
            "name": self.container,
            "hostname": self.container,
            "detach": True,
            "network": network,
            # published on 127.0.0.1 only: the harness and the browser run on this machine
            "ports": {inner: ("127.0.0.1", port) for inner, port in self.ports.items()},
            "environment": dict(self.environment),
            "volumes": {k: dict(v) for k, v in self.volumes.items()},
            "restart_policy": {"Name": "unless-stopped"},
            "labels": {"vwa-arena.stack": "official", "vwa-arena.service": self.key},
        }
        if self.command:
            kwargs["command"] = list(self.command)
        if self.healthcheck:
            kwargs["healthcheck"] = dict(self.healthcheck)
        if self.init:
            kwargs["init"] = True
        return kwargs


def _healthcheck(test: list[str], interval_s: int = 10, retries: int = 30, start_s: int = 20) -> dict:
    return {
        "test": test,
        "interval": interval_s * _SECONDS,
        "timeout": 10 * _SECONDS,
        "retries": retries,
        "start_period": start_s * _SECONDS,
    }


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
    def from_env(cls, settings: Settings | None = None) -> DockerStackConfig:
        settings = settings or load_settings()
        urls = {
            site: _checked_url(site, site_url(site))
            for site in ("classifieds", "shopping", "reddit", "wikipedia", "homepage")
        }
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
                key="classifieds_db",
                site=None,
                container="classifieds_db",
                image=self.classifieds_db_image,
                how_to_get=f"pull it: docker pull {self.classifieds_db_image}",
                environment={
                    "MYSQL_ROOT_PASSWORD": self.classifieds_db_root_password,
                    "MYSQL_DATABASE": self.classifieds_db_name,
                },
                volumes={
                    "vwa_classifieds_db": {"bind": "/var/lib/mysql", "mode": "rw"},
                    str(self.classifieds_sql_dir): {"bind": "/docker-entrypoint-initdb.d", "mode": "ro"},
                },
                # mysqladmin ping succeeds once the server answers, whatever the credentials.
                healthcheck=_healthcheck(["CMD", "mysqladmin", "ping", "-h", "127.0.0.1", "--silent"], interval_s=5),
            ),
            Service(
                key="classifieds",
                site="classifieds",
                container="classifieds",
                image=self.classifieds_image,
                how_to_get=load.format(tar="<the classifieds image tar>") + "; or `docker compose up --build` "
                "in the unzipped classifieds_docker_compose bundle",
                ports={f"{self.classifieds_container_port}/tcp": self.ports["classifieds"]},
                environment={
                    "CLASSIFIEDS": self.urls["classifieds"] + "/",
                    "RESET_TOKEN": self.reset_token,
                    "CLASSIFIEDS_RESET_TOKEN": self.reset_token,
                },
                healthcheck=_healthcheck(_php_get(f"http://localhost:{self.classifieds_container_port}/")),
                health_path="/index.php",
            ),
            Service(
                key="shopping",
                site="shopping",
                container="shopping",
                image=self.shopping_image,
                how_to_get=load.format(tar="shopping_final_0712.tar"),
                ports={"80/tcp": self.ports["shopping"]},
                healthcheck=_healthcheck(_php_get("http://localhost/"), retries=60, start_s=60),
            ),
            Service(
                key="forum",
                site="reddit",
                container="forum",
                image=self.reddit_image,
                how_to_get=load.format(tar="postmill-populated-exposed-withimg.tar"),
                ports={"80/tcp": self.ports["reddit"]},
                healthcheck=_healthcheck(_php_get("http://localhost/"), start_s=15),
            ),
            Service(
                key="wikipedia",
                site="wikipedia",
                container="wikipedia",
                image=self.wikipedia_image,
                how_to_get=f"pull it: docker pull {self.wikipedia_image}",
                ports={"80/tcp": self.ports["wikipedia"]},
                volumes={str(self.zim_dir): {"bind": "/data", "mode": "ro"}},
                command=[self.zim_file],
                healthcheck=_healthcheck(["CMD", "wget", "-q", "-O", "/dev/null", "http://localhost/"], interval_s=5),
            ),
            Service(
                key="homepage",
                site="homepage",
                container="homepage",
                image=self.homepage_image,
                how_to_get="build it: docker build -f compose/Dockerfile -t vwa-arena:latest .",
                ports={"4399/tcp": self.ports["homepage"]},
                environment={
                    "CLASSIFIEDS": self.urls["classifieds"],
                    "SHOPPING": self.urls["shopping"],
                    "REDDIT": self.urls["reddit"],
                    "WIKIPEDIA": self.urls["wikipedia"],
                    "HOMEPAGE": self.urls["homepage"],
                },
                command=["homepage", "--port", "4399"],  # compose/Dockerfile entrypoint: compose/serve_site.py
                init=True,
                healthcheck=_healthcheck(
                    [
                        "CMD",
                        "python",
                        "-c",
                        "import urllib.request as u; u.urlopen('http://127.0.0.1:4399/', timeout=5)",
                    ],
                    interval_s=5,
                ),
            ),
        ]

    def service(self, key: str) -> Service:
        for svc in self.services():
            if svc.key == key:
                return svc
        raise KeyError(key)
