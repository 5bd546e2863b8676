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


# data, not source: records and prose (JSON, JSON Lines, Markdown, the pinned requirements), and pictures
DATA_SUFFIXES = {".json", ".jsonl", ".md", ".txt", ".png", ".jpg", ".jpeg", ".webp", ".gif"}


def long_source_lines(root: Path, paths: list[str]) -> list[str]:
    """`path:line (length)` of every line over 120 characters in the text files of `paths` (relative to `root`)
    but data (DATA_SUFFIXES) and the versioned data sources."""
    found = []
    for name in paths:
        path = root / name
        if Path(name).suffix.lower() in DATA_SUFFIXES or name in VERSIONED_DATA_SOURCES or not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:  # a binary file
            continue
        found += [f"{name}:{n} ({len(line)})" for n, line in enumerate(text.splitlines(), 1) if len(line) > 120]
    return found


def test_no_tracked_source_line_is_over_120_characters():
    """The same limit for every language of the tree: templates, CSS, JavaScript, shell, the Makefile, Dockerfile,
    YAML, TOML. A long tag breaks between its attributes or inside a Jinja tag (whitespace control where the break
    would add a space to the text), a CSS rule one declaration a line, a recipe or shell command with a backslash."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    paths = [p for p in listed.split("\0") if p]
    assert len(paths) > 100, "git ls-files listed almost nothing: not the project's checkout?"
    long = long_source_lines(ROOT, paths)
    assert not long, "lines over 120 characters:\n" + "\n".join(long)


def test_the_line_check_names_long_source_lines_and_passes_data(tmp_path):
    (tmp_path / "page.html").write_text("<p>\n" + "x" * 121 + "\n</p>\n", encoding="utf-8")
    (tmp_path / "rows.jsonl").write_text('{"a": "' + "x" * 200 + '"}\n', encoding="utf-8")
    (tmp_path / "Makefile").write_text("all:\n\techo " + "y" * 114 + "\n", encoding="utf-8")
    (tmp_path / "logo.bin").write_bytes(bytes(range(256)) * 2)
    paths = ["page.html", "rows.jsonl", "Makefile", "logo.bin"]
    assert long_source_lines(tmp_path, paths) == ["page.html:2 (121)"]
    (tmp_path / "Makefile").write_text("all:\n\techo " + "y" * 115 + "\n", encoding="utf-8")
    assert long_source_lines(tmp_path, paths) == ["page.html:2 (121)", "Makefile:2 (121)"]


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
