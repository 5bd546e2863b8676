"""Fixtures of the task-suite tests, per suite of tasks.build.SUITES (each site's own and the multi-site one): its
committed tasks, and the pristine data of the suites' SEED/SCALE of every site the grounding lint reads."""

from __future__ import annotations

import json

import pytest

from tasks.build import SUITES, grounding_sites, site_module, suite_module
from tasks.build import suite_settings as make_settings


@pytest.fixture(scope="session")
def suite_settings():
    return make_settings()


@pytest.fixture(scope="session", params=SUITES)
def name(request) -> str:
    """The suite's name: tasks/<name>.json."""
    return request.param


@pytest.fixture(scope="session")
def builder(name):
    return suite_module(name)


@pytest.fixture(scope="session")
def site_data(suite_settings):
    """site -> its pristine data (opened on first use, once per session)."""
    opened = {}

    def get(site: str):
        if site not in opened:
            opened[site] = site_module(site).open_pristine(suite_settings, generate=True)
        return opened[site]

    yield get
    for data in opened.values():
        data.close()


@pytest.fixture(scope="session")
def fields_of(site_data):
    """(grounding key, id) -> the text fields of that item the lint searches (KeyError for an unknown id)."""
    sites = grounding_sites()

    def lookup(key: str, item_id: int) -> dict[str, str]:
        site = sites[key]
        return site_module(site).grounding_fields(site_data(site), item_id)

    return lookup


@pytest.fixture(scope="session")
def built(builder, suite_settings):
    return builder.build_suite(suite_settings)


@pytest.fixture(scope="session")
def committed_tasks(built) -> list[dict]:
    return json.loads(built.task_file.read_text(encoding="utf-8"))


def pytest_collection_modifyitems(config, items):
    """Under `--dist loadgroup` (make test) the tests of one suite share a worker, so that its session-scoped
    build and data (a minute for the store's suite) are made once rather than on every worker."""
    here = str(config.rootpath / "tests" / "tasks")
    for item in items:
        suite = getattr(getattr(item, "callspec", None), "params", {}).get("name")
        if suite and str(item.path).startswith(here) and not item.get_closest_marker("xdist_group"):
            item.add_marker(pytest.mark.xdist_group(f"suite-{suite}"))
