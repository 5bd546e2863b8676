"""sites.docker_stack driven through the real `docker` SDK against the fake engine on a unix socket.

The sites' HTTP health checks and the classifieds reset endpoint go to small real HTTP servers on
127.0.0.1 standing in for the containers' published ports.
"""

from __future__ import annotations

import shutil
import socket
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs

import docker
import pytest

from sites import docker_stack
from sites.config import Settings
from tests.docker.stackenv import IMAGE_VARS

from .fake_engine import FakeEngine

SITES = ("classifieds", "shopping", "reddit", "wikipedia", "homepage")
ALL_IMAGES = (
    "shopping_final_0712",
    "postmill-populated-exposed-withimg",
    "jykoh/classifieds:latest",
    "mysql:8.1",
    "ghcr.io/kiwix/kiwix-serve:3.3.0",
    "vwa-arena:latest",
)


@dataclass
class StandIn:
    """A site's published port: answers GET with 200, records every request."""

    name: str
    post_status: int = 200
    requests: list[tuple[str, str, dict]] = field(default_factory=list)
    on_post: Callable[[], None] | None = None

    def start(self) -> StandIn:
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                outer.requests.append(("GET", self.path, {}))
                self._answer(200)

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                form = parse_qs(self.rfile.read(length).decode())
                outer.requests.append(("POST", self.path, form))
                if outer.on_post:
                    outer.on_post()
                self._answer(outer.post_status)

            def _answer(self, code):
                body = b"<html><body>stand-in</body></html>"
                self.send_response(code)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def engine():
    # AF_UNIX paths are limited to ~108 bytes: keep the socket in a short temp dir.
    folder = Path(tempfile.mkdtemp(prefix="fde-", dir="/tmp"))
    eng = FakeEngine(folder / "docker.sock").start()
    yield eng
    eng.stop()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def client(engine):
    c = docker.DockerClient(base_url=engine.base_url, timeout=20)
    yield c
    c.close()


@pytest.fixture
def stand_ins(monkeypatch, tmp_path):
    servers = {site: StandIn(site).start() for site in SITES}
    for site, server in servers.items():
        monkeypatch.setenv(site.upper(), server.url)
        monkeypatch.delenv(f"{site.upper()}_PORT", raising=False)
    monkeypatch.setenv("DOCKER_POLL_INTERVAL", "0.01")
    monkeypatch.setenv("DOCKER_HEALTH_TIMEOUT", "10")
    monkeypatch.setenv("RESET_TOKEN", "tok-123")
    monkeypatch.setenv("WIKIPEDIA_ZIM_DIR", str(tmp_path / "zim"))
    monkeypatch.setenv("CLASSIFIEDS_SQL_DIR", str(tmp_path / "mysql"))
    for var in (*IMAGE_VARS, "DOCKER_NETWORK", "DOCKER_HOST", "CLASSIFIEDS_CONTAINER_PORT"):
        monkeypatch.delenv(var, raising=False)
    yield servers
    for server in servers.values():
        server.stop()


def _creates(engine) -> list[tuple[str, dict]]:
    return [(c.query["name"][0], c.body) for c in engine.calls if c.path == "/containers/create"]


def _execs(engine, container: str) -> list[list[str]]:
    return [cmd for name, cmd, _env in engine.exec_commands() if name == container]


def test_up_creates_the_stack_in_order_waits_and_configures(engine, client, stand_ins, capsys):
    engine.add_image(*ALL_IMAGES)
    engine.health_plan["shopping"] = (4, "healthy")
    engine.health_plan["classifieds_db"] = (2, "healthy")

    assert docker_stack.up(Settings(), client=client) == 0, capsys.readouterr().err

    log = engine.call_log(skip_inspect=True)
    # Every image is checked before anything is created; the network exists before the first container.
    first_create = log.index("POST /containers/create")
    assert sum(1 for line in log[:first_create] if line.startswith("GET /images/")) == len(ALL_IMAGES)
    assert log.index("POST /networks/create") < first_create
    creates = _creates(engine)
    assert [name for name, _ in creates] == [
        "classifieds_db",
        "classifieds",
        "shopping",
        "forum",
        "wikipedia",
        "homepage",
    ]
    body = dict(creates)["shopping"]
    assert body["Image"] == "shopping_final_0712"
    assert body["Hostname"] == "shopping"
    assert body["HostConfig"]["PortBindings"] == {
        "80/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(stand_ins["shopping"].port)}]
    }
    assert body["HostConfig"]["RestartPolicy"] == {"Name": "unless-stopped"}
    assert body["HostConfig"]["NetworkMode"] == "vwa"
    assert body["Healthcheck"]["Test"][0] == "CMD"
    wiki = dict(creates)["wikipedia"]
    assert wiki["Cmd"] == ["wikipedia_en_all_maxi_2022-05.zim"]
    assert any(b.endswith(":/data:ro") for b in wiki["HostConfig"]["Binds"])

    # The classifieds database is populated once it is healthy, before Magento is configured.
    execs = engine.exec_commands()
    assert execs[0][0] == "classifieds_db"
    assert execs[0][1][-1] == "source /docker-entrypoint-initdb.d/osclass_craigslist.sql"
    assert "MYSQL_PWD=password" in execs[0][2]
    shop = stand_ins["shopping"].url
    magento = _execs(engine, "shopping")
    assert magento[0] == [docker_stack.MAGENTO_BIN, "setup:store-config:set", f"--base-url={shop}"]
    assert magento[1][0] == "mysql" and magento[1][-1] == (
        f"UPDATE core_config_data SET value='{shop}/' WHERE path = 'web/secure/base_url';"
    )
    assert magento[2] == ["php", docker_stack.MAGENTO_BIN, "cache:flush"]
    assert magento[3][:3] == [docker_stack.MAGENTO_BIN, "indexer:set-mode", "schedule"]
    assert magento[3][3:] == list(docker_stack.MAGENTO_INDEXERS) and len(magento[3][3:]) == 11

    # Magento was configured only after its container reported healthy: "starting" for 4 polls first.
    shopping_id = engine.by_name("shopping").id
    first_exec = next(i for i, c in enumerate(engine.calls) if c.path == f"/containers/{shopping_id}/exec")
    polls = [
        c
        for c in engine.calls[:first_exec]
        if c.path in (f"/containers/{shopping_id}/json", "/containers/shopping/json")
    ]
    assert len(polls) >= 5
    # Every site's HTTP health check reached its port.
    for site, server in stand_ins.items():
        assert any(m == "GET" for m, _p, _f in server.requests), site
    assert ("GET", "/index.php", {}) in stand_ins["classifieds"].requests
    out = capsys.readouterr().out
    assert f"shopping     {shop}" in out


def test_up_again_starts_nothing_new(engine, client, stand_ins, capsys):
    engine.add_image(*ALL_IMAGES)
    assert docker_stack.up(Settings(), client=client) == 0
    engine.containers[engine.by_name("forum").id].status = "exited"
    engine.calls.clear()
    execs_before = len(engine.execs)
    assert docker_stack.up(Settings(), client=client) == 0
    log = engine.call_log(skip_inspect=True)
    assert "POST /containers/create" not in log
    assert "POST /networks/create" not in log
    assert log.count(f"POST /containers/{engine.by_name('forum').id}/start") == 1
    assert len(engine.execs) == execs_before  # no re-population, no Magento reconfiguration


def test_up_with_missing_image_names_it_and_says_how_to_load(engine, client, stand_ins, capsys):
    engine.add_image(*[i for i in ALL_IMAGES if i != "shopping_final_0712"])
    assert docker_stack.up(Settings(), client=client) == 1
    err = capsys.readouterr().err
    assert "missing Docker image(s)" in err
    assert "shopping_final_0712 (service shopping)" in err
    assert "docker load -i shopping_final_0712.tar" in err
    assert "compose/README.md" in err
    assert _creates(engine) == []


def test_container_failing_its_health_check_shows_its_logs(engine, client, stand_ins, capsys):
    engine.add_image(*ALL_IMAGES)
    engine.health_plan["forum"] = (3, "unhealthy")
    engine.logs["forum"] = "starting php-fpm\nPHP Fatal error: database connection refused\n"
    assert docker_stack.up(Settings(), client=client) == 1
    err = capsys.readouterr().err
    assert "container forum failed its health check" in err
    assert "PHP Fatal error: database connection refused" in err
    forum_id = engine.by_name("forum").id
    assert f"GET /containers/{forum_id}/logs" in engine.call_log()


def test_health_wait_has_a_deadline(engine, client, stand_ins, monkeypatch, capsys):
    engine.add_image(*ALL_IMAGES)
    engine.health_plan["shopping"] = (10**9, "healthy")
    engine.logs["shopping"] = "magento: waiting for elasticsearch"
    monkeypatch.setenv("DOCKER_HEALTH_TIMEOUT", "0.3")
    assert docker_stack.up(Settings(), client=client) == 1
    err = capsys.readouterr().err
    assert "container shopping did not become healthy within 0.3 s (still starting)" in err
    assert "magento: waiting for elasticsearch" in err


def test_reset_shopping_recreates_the_container_and_reconfigures_magento(engine, client, stand_ins, capsys):
    engine.add_image(*ALL_IMAGES)
    old = engine.add_container("shopping", "shopping_final_0712", status="running")
    engine.health_plan["shopping"] = (3, "healthy")
    assert docker_stack.reset(Settings(), ["shopping"], client=client) == 0, capsys.readouterr().err
    log = engine.call_log(skip_inspect=True)
    stop = log.index(f"POST /containers/{old.id}/stop")
    remove = log.index(f"DELETE /containers/{old.id}")
    create = log.index("POST /containers/create")
    new = engine.by_name("shopping")
    start = log.index(f"POST /containers/{new.id}/start")
    first_exec = log.index(f"POST /containers/{new.id}/exec")
    assert stop < remove < create < start < first_exec
    assert old.id not in engine.containers and new.id != old.id
    body = dict(_creates(engine))["shopping"]
    assert body["HostConfig"]["PortBindings"]["80/tcp"][0]["HostPort"] == str(stand_ins["shopping"].port)
    assert body["HostConfig"]["NetworkMode"] == "vwa"
    assert [cmd[1] if cmd[0] != "php" else cmd[2] for cmd in _execs(engine, "shopping")] == [
        "setup:store-config:set",
        "-u",
        "cache:flush",
        "indexer:set-mode",
    ]
    # Only shopping was touched.
    assert [name for name, _ in _creates(engine)] == ["shopping"]
    assert any(m == "GET" for m, _p, _f in stand_ins["shopping"].requests)


def test_reset_reddit_recreates_forum_without_exec(engine, client, stand_ins, capsys):
    engine.add_image(*ALL_IMAGES)
    old = engine.add_container("forum", "postmill-populated-exposed-withimg", status="exited")
    assert docker_stack.reset(Settings(), ["reddit"], client=client) == 0, capsys.readouterr().err
    log = engine.call_log(skip_inspect=True)
    assert f"POST /containers/{old.id}/stop" not in log  # already stopped: just removed
    assert log.index(f"DELETE /containers/{old.id}") < log.index("POST /containers/create")
    assert [name for name, _ in _creates(engine)] == ["forum"]
    assert engine.execs == {}


def test_reset_classifieds_repopulates_then_calls_the_reset_endpoint(engine, client, stand_ins, capsys):
    engine.add_image(*ALL_IMAGES)
    engine.add_container("classifieds_db", "mysql:8.1")
    engine.add_container("classifieds", "jykoh/classifieds:latest")
    execs_at_post: list[int] = []
    stand_ins["classifieds"].on_post = lambda: execs_at_post.append(len(engine.execs))
    assert docker_stack.reset(Settings(), ["classifieds"], client=client) == 0, capsys.readouterr().err
    posts = [r for r in stand_ins["classifieds"].requests if r[0] == "POST"]
    assert posts == [("POST", "/index.php?page=reset", {"token": ["tok-123"]})]
    assert execs_at_post == [1]  # the database was re-populated before the endpoint was called
    [(name, cmd, env)] = engine.exec_commands()
    assert name == "classifieds_db" and cmd[:4] == ["mysql", "-u", "root", "osclass"]
    assert "MYSQL_PWD=password" in env
    assert _creates(engine) == []  # no container recreated for classifieds


def test_reset_classifieds_with_a_rejected_token_is_an_error(engine, client, stand_ins, capsys):
    engine.add_image(*ALL_IMAGES)
    engine.add_container("classifieds_db", "mysql:8.1")
    engine.add_container("classifieds", "jykoh/classifieds:latest")
    stand_ins["classifieds"].post_status = 403
    assert docker_stack.reset(Settings(), ["classifieds"], client=client) == 1
    err = capsys.readouterr().err
    assert "answered HTTP 403" in err and "RESET_TOKEN" in err


def test_failed_exec_names_container_and_shows_output(engine, client, stand_ins, capsys):
    engine.add_image(*ALL_IMAGES)
    engine.add_container("shopping", "shopping_final_0712")
    engine.exec_results["cache:flush"] = (1, "In CacheFlushCommand: disk full")
    assert docker_stack.reset(Settings(), ["shopping"], client=client) == 1
    err = capsys.readouterr().err
    assert "flushing Magento's cache failed in container shopping (exit code 1)" in err
    assert "disk full" in err
    # It stopped at the failure: no indexer command was run.
    assert not any("indexer:set-mode" in cmd for cmd in _execs(engine, "shopping"))


def test_reset_of_unknown_site_is_refused(engine, client, stand_ins, capsys):
    assert docker_stack.reset(Settings(), ["gitlab"], client=client) == 1
    assert "unknown site(s) to reset: gitlab" in capsys.readouterr().err


def test_engine_not_reachable(stand_ins, monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("DOCKER_HOST", f"unix://{tmp_path}/no-engine.sock")
    assert docker_stack.up(Settings()) == 1
    err = capsys.readouterr().err
    assert f"Docker engine not reachable at unix://{tmp_path}/no-engine.sock" in err
    assert "DOCKER_HOST" in err


def test_docker_host_from_env_reaches_the_engine(engine, stand_ins, monkeypatch, capsys):
    engine.add_image(*ALL_IMAGES)
    monkeypatch.setenv("DOCKER_HOST", engine.base_url)
    assert docker_stack.up(Settings()) == 0, capsys.readouterr().err
    assert len(_creates(engine)) == 6


def test_down_removes_in_reverse_order(engine, client, stand_ins, capsys):
    engine.add_image(*ALL_IMAGES)
    assert docker_stack.up(Settings(), client=client) == 0
    ids = {name: engine.by_name(name).id for name in ("classifieds_db", "homepage")}
    engine.calls.clear()
    assert docker_stack.down(Settings(), client=client) == 0
    log = engine.call_log(skip_inspect=True)
    assert log.index(f"DELETE /containers/{ids['homepage']}") < log.index(f"DELETE /containers/{ids['classifieds_db']}")
    assert engine.containers == {}


def test_status_reports_containers_and_sites(engine, client, stand_ins, capsys):
    engine.add_image(*ALL_IMAGES)
    assert docker_stack.status(Settings(), client=client) == 1  # nothing created yet
    assert "shopping        absent" in capsys.readouterr().out
    assert docker_stack.up(Settings(), client=client) == 0
    capsys.readouterr()
    assert docker_stack.status(Settings(), client=client) == 0
    out = capsys.readouterr().out
    assert f"forum           healthy     {stand_ins['reddit'].url} -> HTTP 200" in out


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_doctor_lists_missing_images_files_and_busy_ports(engine, client, monkeypatch, tmp_path, capsys):
    for site in SITES:
        monkeypatch.setenv(site.upper(), f"http://127.0.0.1:{_free_port()}")
        monkeypatch.delenv(f"{site.upper()}_PORT", raising=False)
    busy = socket.socket()
    busy.bind(("0.0.0.0", 0))
    busy.listen()
    busy_port = busy.getsockname()[1]
    monkeypatch.setenv("REDDIT", f"http://127.0.0.1:{busy_port}")
    monkeypatch.setenv("WIKIPEDIA_ZIM_DIR", str(tmp_path / "zim"))
    monkeypatch.setenv("CLASSIFIEDS_SQL_DIR", str(tmp_path / "mysql"))
    engine.add_image(*[i for i in ALL_IMAGES if i != "postmill-populated-exposed-withimg"])
    try:
        assert docker_stack.doctor(Settings(), client=client) == 1
    finally:
        busy.close()
    out = capsys.readouterr().out
    assert "image postmill-populated-exposed-withimg (service forum) is missing" in out
    assert "docker load -i postmill-populated-exposed-withimg.tar" in out
    assert f"Wikipedia ZIM file {tmp_path}/zim/wikipedia_en_all_maxi_2022-05.zim is missing" in out
    assert f"classifieds SQL dump {tmp_path}/mysql/osclass_craigslist.sql is missing" in out
    assert f"port {busy_port} (forum) is busy" in out
    assert "4 problem(s)" in out
    assert _creates(engine) == []  # doctor starts nothing


def test_doctor_all_good(engine, client, monkeypatch, tmp_path, capsys):
    for site in SITES:
        monkeypatch.setenv(site.upper(), f"http://127.0.0.1:{_free_port()}")
        monkeypatch.delenv(f"{site.upper()}_PORT", raising=False)
    (tmp_path / "zim").mkdir()
    (tmp_path / "zim" / "wikipedia_en_all_maxi_2022-05.zim").write_bytes(b"ZIM")
    (tmp_path / "mysql").mkdir()
    (tmp_path / "mysql" / "osclass_craigslist.sql").write_text("-- dump")
    monkeypatch.setenv("WIKIPEDIA_ZIM_DIR", str(tmp_path / "zim"))
    monkeypatch.setenv("CLASSIFIEDS_SQL_DIR", str(tmp_path / "mysql"))
    engine.add_image(*ALL_IMAGES)
    assert docker_stack.doctor(Settings(), client=client) == 0
    assert "everything the docker stack needs is here" in capsys.readouterr().out


def test_doctor_without_engine_still_checks_files(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("DOCKER_HOST", f"unix://{tmp_path}/none.sock")
    monkeypatch.setenv("WIKIPEDIA_ZIM_DIR", str(tmp_path / "zim"))
    for site in SITES:
        monkeypatch.setenv(site.upper(), f"http://127.0.0.1:{_free_port()}")
        monkeypatch.delenv(f"{site.upper()}_PORT", raising=False)
    assert docker_stack.doctor(Settings()) == 1
    out = capsys.readouterr().out
    assert "Docker engine not reachable" in out and "Wikipedia ZIM file" in out


def test_bad_base_url_is_a_clear_error(monkeypatch, capsys):
    monkeypatch.setenv("SHOPPING", "http://127.0.0.1:7770/'; DROP TABLE x")
    assert docker_stack.up(Settings()) == 1
    assert "base URL of shopping is not a plain http(s) URL" in capsys.readouterr().err
