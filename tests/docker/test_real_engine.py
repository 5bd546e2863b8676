"""sites.docker_stack against a REAL Docker engine: the code paths that do not depend on the official images'
contents (create, start, health, logs, exec, stop, remove, port and volume handling; a missing image, a taken
port, a container that exits, fails its health check or is too slow), run with this project's own image.

The engine: the one that answers (DOCKER_HOST or the default socket); else, as root with Debian's docker.io
installed, one started for these tests and stopped after them. The image: vwa-arena:latest (`make test-docker`
builds it; no registry is reachable to pull one). Without either the tests skip, saying which is missing.
What needs the official images (Magento's configuration, the classifieds database, the forum's and kiwix-serve's
health commands) stays with the fake engine in test_docker_stack.py.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import socket
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import docker
import docker.errors
import pytest

from sites import docker_stack
from sites.config import PROJECT_ROOT, Settings
from sites.docker_config import DockerStackConfig, DockerStackError, Service, _healthcheck
from tests.docker.stackenv import IMAGE_VARS

pytestmark = [pytest.mark.xdist_group("docker-engine"), pytest.mark.slow]
IMAGE = "vwa-arena:latest"
PREFIX = f"vwa-real-{uuid.uuid4().hex[:8]}"


def _ping() -> docker.DockerClient | None:
    try:
        client = docker.from_env(timeout=60)
        client.ping()
        return client
    except docker.errors.DockerException:
        return None


@pytest.fixture(scope="module")
def client() -> Iterator[docker.DockerClient]:
    engine = _ping()
    started = None
    if engine is None:
        if os.environ.get("DOCKER_HOST"):
            pytest.skip(f"no Docker engine answers at DOCKER_HOST={os.environ['DOCKER_HOST']}")
        if shutil.which("dockerd") is None or os.geteuid() != 0:
            pytest.skip(
                "no Docker engine answers and none can be started here (needs root and Debian's docker.io; "
                "`make test-docker` installs it)"
            )
        log = PROJECT_ROOT / "run" / "docker" / "dockerd-tests.log"
        log.parent.mkdir(parents=True, exist_ok=True)
        with log.open("ab") as out:
            started = subprocess.Popen(["dockerd"], stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 120
        while engine is None and started.poll() is None and time.monotonic() < deadline:
            try:  # the poll interval: ends early if dockerd exits
                started.wait(timeout=0.5)
            except subprocess.TimeoutExpired:
                pass
            engine = _ping()
        if engine is None:
            started.terminate()
            started.wait(timeout=60)
            pytest.skip(f"dockerd did not answer within 120 s (log: {log})")
    try:
        engine.images.get(IMAGE)
    except docker.errors.ImageNotFound:
        if started is not None:  # stop the engine these tests started before skipping
            started.terminate()
            started.wait(timeout=60)
        pytest.skip(f"no local image {IMAGE} to run: `make test-docker` builds it (no registry answers here)")
    volumes_before = {v.name for v in engine.volumes.list()}
    yield engine
    for container in engine.containers.list(all=True, filters={"name": PREFIX}):
        container.remove(force=True, v=True)
    for network in engine.networks.list(names=[f"{PREFIX}-net"]):
        network.remove()
    for volume in engine.volumes.list(filters={"name": PREFIX}):
        volume.remove(force=True)
    # _remove takes a container's anonymous volumes (the image's VOLUME /srv/data) with it: none is left
    leaked = [v.name for v in engine.volumes.list(filters={"dangling": True}) if v.name not in volumes_before]
    engine.close()
    if started is not None:
        started.terminate()
        started.wait(timeout=60)
    assert not leaked, f"volumes left behind by the tests' containers: {leaked}"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def config(monkeypatch, tmp_path) -> DockerStackConfig:
    port = _free_port()
    monkeypatch.setenv("HOMEPAGE", f"http://127.0.0.1:{port}")
    monkeypatch.delenv("HOMEPAGE_PORT", raising=False)
    monkeypatch.setenv("DOCKER_NETWORK", f"{PREFIX}-net")
    monkeypatch.setenv("DOCKER_POLL_INTERVAL", "0.25")
    monkeypatch.setenv("DOCKER_HEALTH_TIMEOUT", "180")
    monkeypatch.setenv("WIKIPEDIA_ZIM_DIR", str(tmp_path / "zim"))
    monkeypatch.setenv("CLASSIFIEDS_SQL_DIR", str(tmp_path / "mysql"))
    for var in (*IMAGE_VARS, "DOCKER_HOST"):
        monkeypatch.delenv(var, raising=False)
    return DockerStackConfig.from_env(Settings())


def _homepage(config: DockerStackConfig, suffix: str, **changes) -> Service:
    """The official stack's homepage service (this project's image), under a name of these tests."""
    return dataclasses.replace(config.service("homepage"), container=f"{PREFIX}-{suffix}", **changes)


def test_a_container_is_created_healthy_on_127_0_0_1_logged_exec_and_removed(client, config):
    svc = _homepage(config, "life")
    docker_stack._ensure_network(client, config.network)
    docker_stack._ensure_network(client, config.network)  # idempotent: one network of that name
    assert len(client.networks.list(names=[config.network])) == 1
    container = docker_stack._create_and_start(client, svc, config.network)
    assert docker_stack.wait_container(client, svc.container, config.health_timeout_s, config.poll_s) == "healthy"
    container.reload()
    bindings = container.attrs["NetworkSettings"]["Ports"]["4399/tcp"]
    assert [(b["HostIp"], int(b["HostPort"])) for b in bindings] == [("127.0.0.1", config.ports["homepage"])]
    assert config.network in container.attrs["NetworkSettings"]["Networks"]
    assert container.attrs["HostConfig"]["RestartPolicy"]["Name"] == "unless-stopped"
    docker_stack.wait_http("homepage", config.urls["homepage"] + "/healthz", 60, config.poll_s)
    assert docker_stack.http_status(config.urls["homepage"] + "/healthz") == 200
    assert "homepage" in docker_stack._exec(container, ["python", "-c", "print('homepage')"], "a print")
    with pytest.raises(DockerStackError, match=r"a failing command failed in container .*exit code 3"):
        docker_stack._exec(container, ["python", "-c", "import sys; print('boom'); sys.exit(3)"], "a failing command")
    assert docker_stack._logs_tail(container) != "(no log output)"
    docker_stack._remove(container)
    assert docker_stack._get_container(client, svc.container) is None
    assert docker_stack.http_status(config.urls["homepage"] + "/healthz", timeout_s=2) is None


def test_status_and_down_on_the_engine(client, config, monkeypatch, capsys):
    """The official names: homepage runs (this project's image), the other containers are absent."""
    if docker_stack._get_container(client, "homepage") is not None:
        pytest.skip("a container named homepage exists on this engine (an official stack is up): not touching it")
    docker_stack._ensure_network(client, config.network)
    docker_stack._create_and_start(client, config.service("homepage"), config.network)
    try:
        docker_stack.wait_container(client, "homepage", config.health_timeout_s, config.poll_s)
        lines: list[str] = []
        assert docker_stack._status(client, config, lines.append) is False  # the official sites are absent
        assert any(line.startswith("homepage") and "healthy" in line and "HTTP 200" in line for line in lines), lines
        assert any(line.startswith("shopping") and "absent" in line for line in lines), lines
    finally:
        lines = []
        docker_stack._down(client, config, lines.append)
    assert lines == ["removed homepage"]
    assert docker_stack._get_container(client, "homepage") is None


def test_a_missing_image_is_named_with_how_to_get_it_and_nothing_starts(client, config, capsys):
    missing = docker_stack.missing_images(client, config.services())
    assert {svc.key for svc in missing} >= {"shopping", "forum", "classifieds"}
    assert "homepage" not in {svc.key for svc in missing}
    before = {c.name for c in client.containers.list(all=True)}
    assert docker_stack.up(Settings(), client=client) == 1
    err = capsys.readouterr().err
    assert "missing Docker image(s)" in err and "docker load -i shopping_final_0712.tar" in err
    assert {c.name for c in client.containers.list(all=True)} == before
    absent = _homepage(config, "noimage", image=f"{PREFIX}-absent:1")
    with pytest.raises(DockerStackError, match="missing Docker image"):
        docker_stack._create_and_start(client, absent, "bridge")


def test_a_taken_port_fails_the_start_and_doctor_names_it(client, config, capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", config.ports["homepage"]))
        taken.listen()
        svc = _homepage(config, "busy")
        docker_stack._ensure_network(client, config.network)
        assert (
            docker_stack._run(
                lambda: docker_stack._create_and_start(client, svc, config.network), lambda text: print(text)
            )
            == 1
        )
        out = capsys.readouterr().out
        assert "the Docker engine refused a request" in out and str(config.ports["homepage"]) in out
        lines: list[str] = []
        docker_stack._doctor(config, lines.append, lambda _cfg: client)
        assert any(f"port {config.ports['homepage']} (homepage) is busy" in line for line in lines), lines


def test_exited_unhealthy_and_slow_containers_raise_with_their_logs(client, config):
    docker_stack._ensure_network(client, config.network)
    exits = _homepage(config, "exits", command=["no-such-site"], ports={})
    docker_stack._create_and_start(client, exits, config.network)
    # unless-stopped restarts it: seen exited or restarting, never waited for until the deadline
    crash = r"stopped \(status (exited|restarting), exit code 2(.|\n)*invalid choice"
    with pytest.raises(DockerStackError, match=crash):
        docker_stack.wait_container(client, exits.container, 120, config.poll_s)
    sick = _homepage(
        config, "sick", ports={}, healthcheck=_healthcheck(["CMD", "false"], interval_s=1, retries=1, start_s=0)
    )
    docker_stack._create_and_start(client, sick, config.network)
    with pytest.raises(DockerStackError, match="failed its health check"):
        docker_stack.wait_container(client, sick.container, 120, config.poll_s)
    slow = _homepage(config, "slow", ports={}, healthcheck=_healthcheck(["CMD", "true"], interval_s=600))
    docker_stack._create_and_start(client, slow, config.network)
    with pytest.raises(DockerStackError, match=r"did not become healthy within 2 s \(still starting\)"):
        docker_stack.wait_container(client, slow.container, 2, config.poll_s)


def test_a_named_volume_keeps_its_files_when_the_container_is_recreated(client, config):
    volume = f"{PREFIX}-data"
    svc = _homepage(config, "vol", ports={}, healthcheck=None, volumes={volume: {"bind": "/srv/data", "mode": "rw"}})
    docker_stack._ensure_network(client, config.network)
    first = docker_stack._create_and_start(client, svc, config.network)
    assert docker_stack.wait_container(client, svc.container, 120, config.poll_s) == "running"
    docker_stack._exec(first, ["python", "-c", "open('/srv/data/kept.txt', 'w').write('kept')"], "writing a file")
    first.stop(timeout=20)  # most likely still preparing the site: its SIGTERM ends it, not a SIGKILL after 20 s
    first.reload()
    assert first.attrs["State"]["ExitCode"] != 137, first.attrs["State"]
    docker_stack._remove(first)
    second = docker_stack._create_and_start(client, svc, config.network)
    docker_stack.wait_container(client, svc.container, 120, config.poll_s)
    assert docker_stack._exec(second, ["cat", "/srv/data/kept.txt"], "reading the file") == "kept"
    docker_stack._remove(second)
    assert [v.name for v in client.volumes.list(filters={"name": volume})] == [volume]


def test_the_engine_socket_is_what_connect_reaches(client, config):
    assert docker_stack.connect(config).ping() is True
    unreachable = dataclasses.replace(config, docker_host=f"unix://{Path('/nonexistent') / 'docker.sock'}")
    with pytest.raises(DockerStackError, match="Docker engine not reachable"):
        docker_stack.connect(unreachable)
