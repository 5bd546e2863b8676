"""Fixtures of the task-suite tests: the pristine classifieds data of the suite's SEED/SCALE."""
from __future__ import annotations

import json

import pytest

from tasks.build_classifieds import SUITE_SCALE, SUITE_SEED, TASK_FILE


@pytest.fixture(scope="session")
def suite_settings():
    from sites.config import Settings
    return Settings(seed=SUITE_SEED, scale=SUITE_SCALE)


@pytest.fixture(scope="session")
def pristine(suite_settings):
    from sites.classifieds.data import open_pristine
    data = open_pristine(suite_settings, generate=True)
    yield data
    data.close()


@pytest.fixture(scope="session")
def committed_tasks() -> list[dict]:
    return json.loads(TASK_FILE.read_text(encoding="utf-8"))
