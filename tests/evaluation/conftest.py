"""Fixtures shared by the plugin's end-to-end tests (test_plugin, test_resume_shard): the model stub, the
environment of a run against the fixture pages, and the reference run.

The reference run over the fixture task file is the same pytest run in both: it is made once per worker and
both tests are in one xdist group (`make test` runs with `--dist loadgroup`, so they land on one worker)."""

from __future__ import annotations

from pathlib import Path

import pytest

from devtools.openai_stub import OpenAIStub
from tests.evaluation.runenv import fixture_env, run_pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURE_TASKS = ROOT / "tests" / "fixtures" / "evaluation" / "tasks_fixture.json"
SHARED_RUN = "fixture-reference-run"  # the xdist group of the tests that read it


@pytest.fixture(scope="session")
def stub():
    # One reply serves both model roles: a VQA answer containing "blue" and a judge verdict.
    s = OpenAIStub(default_reply="The frame is blue. Verdict: correct")
    yield s
    s.close()


@pytest.fixture(scope="session")
def site_env(fixture_server, stub, tmp_path_factory) -> dict[str, str]:
    """Every site at the fixture pages, the stub as judge and VQA model."""
    return fixture_env(fixture_server, tmp_path_factory.mktemp("run"), stub.base_url)


@pytest.fixture(scope="session")
def fixture_reference_run(site_env, tmp_path_factory):
    """(completed process, results folder) of the reference agent over tasks_fixture.json, strict scoring (the
    fixture states the format's semantics: "$120" meets required_values), with `-rs`."""
    results = tmp_path_factory.mktemp("fixture-run") / "whole"
    proc = run_pytest(site_env, "--task-file", FIXTURE_TASKS, "--results", results, "-rs", "--scoring", "strict")
    return proc, results
