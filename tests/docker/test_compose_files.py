"""compose/*.yml: valid for docker-compose, every interpolated variable documented in .env.example,
and the official compose file describes the same containers as sites.docker_stack."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from sites.docker_stack import DockerStackConfig

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
    result = subprocess.run([compose, "-f", str(ROOT / "compose" / name), "--project-directory",
                             str(ROOT / "compose"), "config"], capture_output=True, text=True, env=env,
                            timeout=120, cwd=tmp_path)
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
    env = {"PATH": "/usr/bin:/bin", "SHOPPING_PORT": "17770", "SHOPPING_IMAGE": "my/shop:1",
           "WIKIPEDIA_ZIM_DIR": str(tmp_path), "RESET_TOKEN": "s3cret", "CLASSIFIEDS": "http://host.example:9980"}
    result = subprocess.run([compose, "-f", str(ROOT / "compose" / "official.yml"), "config"],
                            capture_output=True, text=True, env=env, timeout=120, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    services = yaml.safe_load(result.stdout)["services"]
    assert services["shopping"]["image"] == "my/shop:1"
    assert any(str(p.get("published")) == "17770" or "17770" in str(p) for p in services["shopping"]["ports"])
    assert services["classifieds"]["environment"]["RESET_TOKEN"] == "s3cret"
    assert services["classifieds"]["environment"]["CLASSIFIEDS"] == "http://host.example:9980/"
    assert str(tmp_path) in str(services["wikipedia"]["volumes"])


def test_official_compose_matches_the_sdk_stack(monkeypatch):
    for var in ("SHOPPING_IMAGE", "REDDIT_IMAGE", "CLASSIFIEDS_IMAGE", "CLASSIFIEDS_DB_IMAGE", "WIKIPEDIA_IMAGE",
                "HOMEPAGE_IMAGE", "CLASSIFIEDS_CONTAINER_PORT"):
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
    assert set(raw) == {s.key for s in config.services()}
