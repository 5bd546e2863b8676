"""mypy (settings in pyproject.toml's [tool.mypy]) finds no error in the project's code: agent, evaluation, sites,
tasks, benchmarks, scripts and the tests themselves. Third-party packages without types are listed there by name;
the optional models extra (torch, transformers) is read as untyped whether it is installed or not. The packages of
STRICT_PACKAGES get every check of `mypy --strict`."""

from __future__ import annotations

import re
import subprocess
import tomllib
from pathlib import Path

import pytest

from tests.commands import require_module, run_module

ROOT = Path(__file__).resolve().parent.parent


def _mypy(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return run_module("mypy", *args, cwd=cwd, timeout=900)


@pytest.fixture(scope="module")
def mypy_available():
    require_module("mypy", "a dependency of the tests; run make install")


def test_mypy_is_clean_on_the_project(mypy_available):
    result = _mypy()  # the files and settings of pyproject.toml
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout


def test_mypy_reads_the_projects_settings_and_finds_type_errors(mypy_available, tmp_path):
    """The same settings on a small tree with a wrong argument, a missing attribute, a bad Literal and an
    unchecked None: all are reported (the bodies of unannotated functions are checked too)."""
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "agent").mkdir()
    (tmp_path / "agent" / "bad.py").write_text(
        "from typing import Literal\n\n"
        "Mode = Literal['som', 'accessibility_tree']\n\n\n"
        "def length(text: str) -> int:\n    return len(text)\n\n\n"
        "def choose(mode: Mode) -> Mode:\n    return mode\n\n\n"
        "def unannotated():\n    length(3)\n    'x'.no_such_method()\n    choose('screenshot')\n\n\n"
        "def maybe(text: str | None) -> str:\n    return text.strip()\n",
        encoding="utf-8",
    )
    result = _mypy("--cache-dir", str(tmp_path / "cache"), "agent", cwd=tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    for code in ("[arg-type]", "[attr-defined]", "[union-attr]"):
        assert code in result.stdout, (code, result.stdout)
    assert result.stdout.count("[arg-type]") == 2, result.stdout  # length(3) and choose('screenshot')


# mypy --strict's checks: the whole agent and evaluation packages and the sites' shared pieces
STRICT_PACKAGES = ["sites.common.*", "agent.*", "evaluation.*"]


def _strict_overrides() -> list[dict[str, object]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    return [o for o in config.get("overrides", []) if o.get("disallow_untyped_defs")]


def test_the_strict_packages_get_every_check_of_mypy_strict(mypy_available):
    """The override of the strict packages sets every flag `mypy --strict` enables (read from mypy's own help),
    except those the global section sets for every module already."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    usage = _mypy("--help").stdout
    listed = usage[usage.index("--strict ") : usage.index("--disable-error-code")]
    flags = {f.replace("-", "_") for f in re.findall(r"--([a-z-]+)", re.sub(r"-\s+", "-", listed))} - {"strict"}
    assert len(flags) >= 12, listed
    [override] = _strict_overrides()
    assert override["module"] == STRICT_PACKAGES
    missing = {f for f in flags if override.get(f) is not True and config.get(f) is not True}
    assert missing == set()
    assert "strict" not in override  # in an override, it turns strict on for every module


def test_strict_is_checked_in_the_strict_packages_only(mypy_available, tmp_path):
    """An untyped function and a bare generic are errors in a strict package and not in the other packages."""
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text(encoding="utf-8"), encoding="utf-8")
    loose = "def untyped(x):\n    return x\n\n\ndef bare() -> dict:\n    return {}\n"
    for package in ("sites/common", "tasks"):
        (tmp_path / package).mkdir(parents=True)
        (tmp_path / package / "__init__.py").write_text("")
        (tmp_path / package / "loose.py").write_text(loose, encoding="utf-8")
    (tmp_path / "sites" / "__init__.py").write_text("")
    result = _mypy("--cache-dir", str(tmp_path / "cache"), "sites", "tasks", cwd=tmp_path)
    found = {(line.split(":")[0], line.rsplit("[", 1)[-1]) for line in result.stdout.splitlines() if "error:" in line}
    assert found == {("sites/common/loose.py", "no-untyped-def]"), ("sites/common/loose.py", "type-arg]")}, (
        result.stdout
    )
