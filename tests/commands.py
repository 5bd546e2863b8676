"""Running the project's commands as a user does: `python -m MODULE ARGS` with this interpreter, from the project's
root, output captured as text. `run_module` for one run; `require_module` fails a test (rather than skipping it)
when a tool the tests depend on does not run."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_module(
    module: str, *args: str, env: Mapping[str, str] | None = None, cwd: Path = ROOT, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", module, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout
    )


def require_module(module: str, where_from: str) -> None:
    """Fail when `python -m module --version` does not run; `where_from` says how it gets installed."""
    found = run_module(module, "--version")
    if found.returncode != 0:
        pytest.fail(f"{module} is not installed in {sys.executable} ({where_from}): {found.stderr.strip()}")
