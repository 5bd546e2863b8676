"""A pytest run in a subprocess, and its environment against the fixture server's pages."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def fixture_env(fixture_server: str, run_dir, model_url: str | None = None, **more: str) -> dict[str, str]:
    """Every site at the fixture server's evaluation page on the compose stack, none of the outer run's pytest,
    judge or VQA settings; with `model_url`, a model stub serves both the judge and the VQA model."""
    base = f"{fixture_server}/evaluation"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "JUDGE_", "VQA_"))}
    env.update(CLASSIFIEDS=base, SHOPPING=base, REDDIT=base, STACK="docker", RUN_DIR=str(run_dir))
    if model_url is not None:
        env.update(
            JUDGE_MODEL="judge", JUDGE_BASE_URL=model_url, JUDGE_API_KEY="k", VQA_BACKEND="openai", VQA_MODEL="vision"
        )
    env.update(more)
    return env


def run_pytest(env: dict[str, str], *args, cwd: Path = ROOT, timeout: float = 600) -> subprocess.CompletedProcess:
    """`python -m pytest -p no:cacheprovider ARGS` in `cwd` with `env`, its output captured."""
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *map(str, args)],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
