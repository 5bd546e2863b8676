"""mypy (settings in pyproject.toml's [tool.mypy]) finds no error in the project's code: agent, evaluation, sites,
tasks, benchmarks, scripts and the tests themselves. Third-party packages without types are listed there by name;
the optional models extra (torch, transformers) is read as untyped whether it is installed or not."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _mypy(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mypy", *args], cwd=cwd, capture_output=True, text=True, timeout=900)


@pytest.fixture(scope="module")
def mypy_available():
    found = _mypy("--version")
    if found.returncode != 0:
        pytest.fail(
            f"mypy is not installed in {sys.executable} (a dependency of the tests; run make install): "
            f"{found.stderr.strip()}"
        )


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
