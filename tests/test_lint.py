"""ruff (pycodestyle errors, pyflakes, import order, bugbear, pyupgrade, ruff's own rules; settings in pyproject.toml)
is clean on the project's code, and `ruff format` would change nothing. No line is over 120 characters, not even
behind a `noqa` (but in two files whose bytes version a data set): literal text (prompts, SQL, in-page HTML) is split
into adjacent literals or continued with a backslash at the end of the line, so its value stays the same."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.commands import require_module, run_module

ROOT = Path(__file__).resolve().parent.parent
CHECKED = (
    "agent",
    "evaluation",
    "sites",
    "tasks",
    "tests",
    "benchmarks",
    "scripts",
    "compose",
    "browsergym",
    "devtools",
)


def _ruff(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return run_module("ruff", *args, cwd=cwd)


@pytest.fixture(scope="module")
def ruff_available():
    require_module("ruff", "a dependency of the tests")


def test_ruff_is_clean_on_the_project(ruff_available):
    result = _ruff("check", "--no-cache", *CHECKED)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_code_is_laid_out_by_ruff_format(ruff_available):
    result = _ruff("format", "--check", "--no-cache", *CHECKED)
    assert result.returncode == 0, result.stdout + result.stderr


# files whose bytes name a data set's folder (sites/common/datafiles.py code_version): re-wrapping one of their lines
# would move every copy of that data set to a new folder and generate it again
VERSIONED_DATA_SOURCES = {"sites/shopping/schema.py", "sites/wikipedia/entities.py"}


def test_no_line_is_over_120_characters():
    long = [
        f"{path.relative_to(ROOT)}:{number}"
        for folder in CHECKED
        if (ROOT / folder).is_dir()
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path.relative_to(ROOT).as_posix() not in VERSIONED_DATA_SOURCES
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if len(line) > 120
    ]
    assert not long, long


def test_ruff_reads_the_projects_settings_and_finds_what_they_select(ruff_available, tmp_path):
    """The same settings on a small tree with one finding of each selected family: all are reported."""
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "agent").mkdir()
    (tmp_path / "agent" / "bad.py").write_text(
        "import sys\nimport os\n\n\ndef f():\n    return undefined_name\n\n\nX = '" + "x" * 130 + "'\n"
        "for i in range(3):\n    print([lambda: i])\n"
        "from typing import List\n\n\ndef g(x: List[int]) -> list:\n    return x + [1]\n",
        encoding="utf-8",
    )
    result = _ruff("check", "--no-cache", "--output-format", "concise", "agent", cwd=tmp_path)
    assert result.returncode == 1
    for code in ("I001", "F401", "F821", "E501", "B023", "UP006", "RUF005"):
        assert code in result.stdout, (code, result.stdout)
