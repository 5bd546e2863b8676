"""Fixtures of the task-suite tests, per site of tasks.build.SITES: its committed tasks and the pristine data
of the suite's SEED/SCALE."""
from __future__ import annotations

import json

import pytest

from tasks.build import SITES, site_module, suite_settings as make_settings


@pytest.fixture(scope="session")
def suite_settings():
    return make_settings()


@pytest.fixture(scope="session", params=SITES)
def site(request) -> str:
    return request.param


@pytest.fixture(scope="session")
def builder(site):
    return site_module(site)


@pytest.fixture(scope="session")
def pristine(builder, suite_settings):
    data = builder.open_pristine(suite_settings, generate=True)
    yield data
    data.close()


@pytest.fixture(scope="session")
def built(builder, suite_settings):
    return builder.build_suite(suite_settings)


@pytest.fixture(scope="session")
def committed_tasks(built) -> list[dict]:
    return json.loads(built.task_file.read_text(encoding="utf-8"))
