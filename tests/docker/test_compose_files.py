"""compose/*.yml: valid for docker-compose, every interpolated variable documented in .env.example, the
embedded file written from the site registry, and the official compose file describes the same containers as
sites.docker_stack."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from sites.docker_stack import DockerStackConfig
from tests.docker.stackenv import IMAGE_VARS

ROOT = Path(__file__).resolve().parents[2]
COMPOSE_FILES = ["official.yml", "embedded.yml"]
VARIABLE = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?[-?+][^}]*)?\}")


def _documented() -> set[str]:
    names = set()
    for line in (ROOT / ".env.example").read_text().splitlines():
        m = re.match(r"^([A-Za-z_][A-Za-z0-9_]*)=", line)
        if m:
            names.add(m.group(1))
    return names


@pytest.mark.parametrize("name", COMPOSE_FILES)
def test_compose_file_parses(name, tmp_path):
    compose = shutil.which("docker-compose")
    if compose is None:
        pytest.skip("docker-compose is not installed: cannot validate compose files (apt-get install docker-compose)")
    env = {"PATH": "/usr/bin:/bin"}  # only defaults: the file must be valid without a .env
    result = subprocess.run(
        [compose, "-f", str(ROOT / "compose" / name), "--project-directory", str(ROOT / "compose"), "config"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        cwd=tmp_path,
    )
    assert result.returncode == 0, f"docker-compose config {name} failed:\n{result.stderr}"
    parsed = yaml.safe_load(result.stdout)
    assert parsed["services"], name


@pytest.mark.parametrize("name", COMPOSE_FILES)
def test_every_compose_variable_is_documented(name):
    text = (ROOT / "compose" / name).read_text()
    used = set(VARIABLE.findall(text))
    assert used, f"{name} uses no ${{VAR}} at all"
    missing = sorted(used - _documented())
    assert not missing, f"compose/{name} uses variables not documented in .env.example: {missing}"


def test_interpolation_takes_values_from_env(tmp_path):
    compose = shutil.which("docker-compose")
    if compose is None:
        pytest.skip("docker-compose is not installed")
    env = {
        "PATH": "/usr/bin:/bin",
        "SHOPPING_PORT": "17770",
        "SHOPPING_IMAGE": "my/shop:1",
        "WIKIPEDIA_ZIM_DIR": str(tmp_path),
        "RESET_TOKEN": "s3cret",
        "CLASSIFIEDS": "http://host.example:9980",
    }
    result = subprocess.run(
        [compose, "-f", str(ROOT / "compose" / "official.yml"), "config"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    services = yaml.safe_load(result.stdout)["services"]
    assert services["shopping"]["image"] == "my/shop:1"
    # published on 127.0.0.1 only (docker-compose 1.29 writes such a port as a string)
    assert [str(p) for p in services["shopping"]["ports"]] == ["127.0.0.1:17770:80/tcp"]
    assert services["classifieds"]["environment"]["RESET_TOKEN"] == "s3cret"
    assert services["classifieds"]["environment"]["CLASSIFIEDS"] == "http://host.example:9980/"
    assert str(tmp_path) in str(services["wikipedia"]["volumes"])


def test_official_compose_matches_the_sdk_stack(monkeypatch):
    for var in (*IMAGE_VARS, "CLASSIFIEDS_CONTAINER_PORT"):
        monkeypatch.delenv(var, raising=False)
    raw = yaml.safe_load((ROOT / "compose" / "official.yml").read_text())["services"]
    config = DockerStackConfig.from_env()
    for svc in config.services():
        assert svc.key in raw, f"service {svc.key} missing from compose/official.yml"
        spec = raw[svc.key]
        assert spec["container_name"] == svc.container
        default_image = re.sub(VARIABLE, lambda m: m.group(0).split(":-", 1)[1][:-1], spec["image"])
        assert default_image == svc.image, svc.key
        assert spec["restart"] == "unless-stopped"
        assert spec["healthcheck"]["test"][:2] == (svc.healthcheck or {}).get("test", [])[:2], svc.key
        assert spec.get("init", False) == svc.init, svc.key
    assert set(raw) == {s.key for s in config.services()}


def test_the_embedded_compose_file_is_written_from_the_site_registry():
    """compose/embedded.yml is what `python -m sites.compose_file` writes from the registered sites (and its
    --check says so)."""
    from sites.compose_file import EMBEDDED, main, render

    assert EMBEDDED.read_text(encoding="utf-8") == render(), "run python -m sites.compose_file and commit"
    assert main(["--check"]) == 0


def _embedded() -> dict:
    return yaml.safe_load((ROOT / "compose" / "embedded.yml").read_text())["services"]


def test_embedded_compose_serves_every_site_of_the_arena():
    """One service per launcher (Wikipedia's kiwix-serve included), each started by serve_site.py with its name,
    on the port of its URL, with a health check, behind Docker's init (serve_site.py is not process 1); the
    homepage starts after the sites it links to."""
    from sites.config import SITES
    from sites.launchers import LAUNCHERS

    services = _embedded()
    assert set(services) == set(LAUNCHERS)
    for name, spec in services.items():
        port = str(SITES[name][1])
        assert spec["command"] == [name, "--port", port], name
        assert spec["ports"] == [f"127.0.0.1:${{{name.upper()}_PORT:-{port}}}:{port}"], name  # 127.0.0.1 only
        assert f"127.0.0.1:{port}" in " ".join(spec["healthcheck"]["test"]), name
        assert spec["environment"][name.upper()] == f"${{{name.upper()}:-http://127.0.0.1:{port}}}", name
        assert spec["init"] is True, name
    assert set(services["homepage"]["depends_on"]) == set(LAUNCHERS) - {"homepage"}


def test_reset_tokens_default_alike_and_never_to_the_published_one():
    from sites.config import PUBLISHED_RESET_TOKEN

    for name in COMPOSE_FILES:
        text = (ROOT / "compose" / name).read_text()
        assert PUBLISHED_RESET_TOKEN not in text, name
    tokens = {
        name: spec["environment"]["RESET_TOKEN"]
        for name, spec in _embedded().items()
        if "RESET_TOKEN" in spec.get("environment", {})
    }
    assert set(tokens) == {"classifieds", "shopping", "reddit"}  # the sites with state to reset
    assert set(tokens.values()) == {"${RESET_TOKEN:-}"}, tokens


def test_the_image_holds_what_the_sites_read_at_run_time():
    """The homepage serves tasks/images/ (PROJECT_ROOT/tasks/images): the image copies tasks/ and installs the
    project in place, so that the project root is the copied tree; kiwix-tools serves Wikipedia."""
    text = (ROOT / "compose" / "Dockerfile").read_text()
    copied = set(re.findall(r"^COPY (\S+) ", text, re.M))
    assert {"agent", "evaluation", "sites", "tasks"} <= copied
    assert re.search(r"pip install [^\n]*-e \.", text)
    assert "kiwix-tools" in text
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert {".venv", "data", ".git", ".env"} <= set(ignored)


@pytest.fixture
def serve_site(monkeypatch, tmp_path):
    """compose/serve_site.py's main with exec replaced by a recorder; (main, calls)."""
    import importlib.util

    monkeypatch.setenv("RUN_DIR", str(tmp_path / "run"))
    monkeypatch.setenv("DATA_DIR", str(tmp_path / "data"))
    spec = importlib.util.spec_from_file_location("serve_site", ROOT / "compose" / "serve_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    calls = []
    monkeypatch.setattr(module.os, "execv", lambda path, argv: calls.append(("execv", argv)))
    monkeypatch.setattr(module.os, "execvp", lambda path, argv: calls.append(("execvp", argv)))
    return module, calls


def _swap_prepare(monkeypatch, site: str, prepare) -> None:
    """The site's registered spec with another launcher `prepare`, for this test only."""
    import dataclasses

    from sites import registry

    spec = registry.get_site_spec(site)
    assert spec.launcher is not None
    monkeypatch.setitem(
        registry._SITES, site, dataclasses.replace(spec, launcher=dataclasses.replace(spec.launcher, prepare=prepare))
    )


def test_serve_site_runs_an_external_site_program_on_every_interface(serve_site, monkeypatch, tmp_path):

    from sites.launchers import LAUNCHERS

    module, calls = serve_site
    zim = tmp_path / "w.zim"
    _swap_prepare(monkeypatch, "wikipedia", lambda settings, instance, urls: {"zim": str(zim)})
    module.main(["wikipedia", "--port", "8888"])
    [(how, argv)] = calls
    assert how == "execvp" and argv[0].endswith("kiwix-serve")
    assert argv[1:] == ["--port=8888", "--address=0.0.0.0", str(zim)]
    options = json.loads((tmp_path / "run" / "wikipedia" / "options.json").read_text())
    assert options == {"zim": str(zim), "address": "0.0.0.0"}
    # the arena, which starts kiwix-serve itself, keeps it on loopback
    command = LAUNCHERS["wikipedia"].command
    assert command is not None  # wikipedia runs a program of its own (kiwix-serve)
    assert "--address=127.0.0.1" in command(tmp_path, {"zim": str(zim)}, 9)


def test_serve_site_runs_a_flask_site_under_sites_serve(serve_site, monkeypatch, tmp_path):

    module, calls = serve_site
    _swap_prepare(monkeypatch, "homepage", lambda settings, instance, urls: {"urls": urls})
    module.main(["homepage", "--port", "4399"])
    [(how, argv)] = calls
    assert how == "execv" and argv[1:5] == ["-m", "sites.serve", "homepage", "--instance"]
    assert argv[argv.index("--host") + 1] == "0.0.0.0" and argv[argv.index("--port") + 1] == "4399"
