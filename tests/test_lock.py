"""The Python lock is the install: compiled from the current pyproject.toml, every pin hashed, and the venv
holding exactly what it pins (scripts/install.sh installs it with --require-hashes)."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

from scripts import lockfile  # noqa: E402


@pytest.mark.parametrize("extras", ["models", "", "browsergym"])
def test_the_lock_is_compiled_from_the_current_pyproject(extras):
    assert lockfile.check(lockfile.LOCKS[extras]) == []


def test_a_changed_dependency_makes_the_lock_stale(tmp_path):
    lock = tmp_path / "lock.txt"
    text = lockfile.LOCKS["models"].read_text()
    lock.write_text(text.replace(lockfile.digest(), "0" * 64))
    assert "make lock" in lockfile.check(lock)[0]


@pytest.mark.parametrize("extras", ["models", "", "browsergym"])
def test_every_pin_is_exact_and_hashed(extras):
    blocks = re.split(r"\n(?=[A-Za-z0-9])", lockfile.LOCKS[extras].read_text())
    pinned = [b for b in blocks if lockfile.PIN.match(b)]
    assert len(pinned) >= 60
    for block in pinned:
        assert "--hash=sha256:" in block, f"no hash for {block.splitlines()[0]}"
    names = set(lockfile.pins(lockfile.LOCKS[extras]))
    for needed in ("selenium", "numpy", "pillow", "nltk", "flask", "setuptools"):
        assert needed in names
    assert ("torch" in names) == (extras in ("models", "browsergym"))
    assert ("playwright" in names) == (extras == "browsergym")


@pytest.mark.parametrize("extras", ["models", "", "browsergym"])
def test_the_dev_tools_are_an_extra_in_the_locks_make_install_installs(extras):
    """ruff and mypy (make test's checks) are the dev extra, not dependencies of the project: in the two locks of
    extras (make install), not in the base lock (the container image)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = {re.split(r"[<>=\[ ;]", spec, maxsplit=1)[0].lower() for spec in project["dependencies"]}
    assert not runtime & {"ruff", "mypy"}
    assert {re.split(r"[<>=]", spec, maxsplit=1)[0] for spec in project["optional-dependencies"]["dev"]} == {
        "ruff",
        "mypy",
    }
    names = set(lockfile.pins(lockfile.LOCKS[extras]))
    assert ("ruff" in names, "mypy" in names) == (extras != "", extras != "")


def test_the_browsergym_lock_moves_no_package_of_the_full_lock():
    full, more = lockfile.pins(lockfile.LOCKS["models"]), lockfile.pins(lockfile.LOCKS["browsergym"])
    assert {name: (version, more.get(name)) for name, version in full.items() if more.get(name) != version} == {}


def test_the_official_tokenizer_version_is_locked():
    assert lockfile.pins(lockfile.LOCKS["models"])["nltk"] == "3.8.1"


def test_the_venv_holds_exactly_the_lock():
    stamp = ROOT / ".venv" / ".installed-pyproject"
    if Path(sys.prefix).resolve() != (ROOT / ".venv").resolve() or not stamp.is_file():
        pytest.skip("not running in the project's .venv made by scripts/install.sh")
    if "lock=none" in stamp.read_text():
        pytest.skip("installed with LOCK=none (unlocked on purpose)")
    lock = next(
        (path for path in lockfile.LOCKS.values() if f"lock={path.relative_to(ROOT)} " in stamp.read_text()),
        lockfile.LOCKS[""],
    )
    assert lockfile.installed(lock) == []


def test_the_installed_check_names_a_wrong_version(tmp_path):
    lock = tmp_path / "lock.txt"
    lock.write_text("pytest==0.0.1 \\\n    --hash=sha256:" + "0" * 64 + "\nno-such-package-xyz==1.0\n")
    problems = lockfile.installed(lock)
    assert any(p.startswith("pytest:") and "0.0.1" in p for p in problems)
    assert any("no-such-package-xyz: not installed" in p for p in problems)


def test_the_cli_exits_1_on_a_stale_lock(tmp_path):
    lock = tmp_path / "lock.txt"
    lock.write_text("# pyproject-dependencies-sha256: deadbeef\n")
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "lockfile.py"), "check", str(lock)], capture_output=True, text=True
    )
    assert done.returncode == 1 and "make lock" in done.stderr
