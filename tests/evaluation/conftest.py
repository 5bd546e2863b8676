"""Fixtures shared by the plugin's end-to-end tests (test_plugin, test_resume_shard).

The reference run over the fixture task file is the same pytest run in both: it is made once per worker and
both tests are in one xdist group (`make test` runs with `--dist loadgroup`, so they land on one worker)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from devtools.openai_stub import OpenAIStub

ROOT = Path(__file__).resolve().parents[2]
FIXTURE_TASKS = ROOT / "tests" / "fixtures" / "evaluation" / "tasks_fixture.json"
SHARED_RUN = "fixture-reference-run"  # the xdist group of the tests that read it


@pytest.fixture(scope="session")
def shared_stub():
    # One reply serves both model roles: a VQA answer containing "blue" and a judge verdict.
    s = OpenAIStub(default_reply="The frame is blue. Verdict: correct")
    yield s
    s.close()


@pytest.fixture(scope="session")
def fixture_reference_run(fixture_server, shared_stub, tmp_path_factory):
    """(completed process, results folder) of the reference agent over tasks_fixture.json, strict scoring (the
    fixture states the format's semantics: "$120" meets required_values), with `-rs`."""
    base = f"{fixture_server}/evaluation"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "JUDGE_", "VQA_"))}
    env.update(
        CLASSIFIEDS=base,
        SHOPPING=base,
        REDDIT=base,
        STACK="docker",
        RUN_DIR=str(tmp_path_factory.mktemp("run")),
        JUDGE_MODEL="judge",
        JUDGE_BASE_URL=shared_stub.base_url,
        JUDGE_API_KEY="k",
        VQA_BACKEND="openai",
        VQA_MODEL="vision",
    )
    results = tmp_path_factory.mktemp("fixture-run") / "whole"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "--task-file",
            str(FIXTURE_TASKS),
            "--results",
            str(results),
            "-rs",
            "--scoring",
            "strict",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    return proc, results
