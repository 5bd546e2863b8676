"""Builders of the committed task suites: one package of templates per site (tasks/build/<site>/: base.py with
what its templates share, one module per theme, the site module's interface in its __init__) and one module
for the tasks that cross sites (tasks/build/multisite.py), sharing the suite writer (suite.py), the eval and
solution-step builders (evals.py) and wording helpers (text.py).

    .venv/bin/python -m tasks.build                     # write every suite
    .venv/bin/python -m tasks.build --check [SUITE]     # exit 1 if a committed file differs

A suite module provides `build_suite(conf=None) -> Suite` (from the pristine data of SUITE_SEED/SUITE_SCALE) and
`open_pristine(conf)`. A site module also provides `grounding_fields(data, item_id) -> {field name: text}`
(KeyError for an unknown id) for the ids its tasks record under its Suite's `grounding_key` (listings,
products, posts); the grounding lint (tests/tasks/test_grounding.py) uses it to prove that the visual words of a
task are not written in the text of the items it touches, whichever suite the task is in.

Each task names its sites (`sites`, the first is the main one). A suite's file is named after the suite:
tasks/<site>.json for a site's own suite, tasks/multisite.json for the tasks that need two sites.

May import: the sites' data modules and sites.imagery (pristine data, pictures). Never agent or evaluation:
the suites are checked by running them (tests/tasks).
"""
from __future__ import annotations

import importlib
from types import ModuleType

from .text import mentions  # noqa: F401  (the lint's whole-word test)

SITES = ("classifieds", "shopping", "reddit")        # sites with a suite (and a grounding lookup) of their own
SUITES = SITES + ("multisite",)                      # every committed suite: tasks/<name>.json
SUITE_SEED = 20240101      # the suites are written for the default data set (SEED, SCALE of .env.example)
SUITE_SCALE = "default"


def suite_module(name: str) -> ModuleType:
    if name not in SUITES:
        raise ValueError(f"no task builder for suite {name!r} (known: {', '.join(SUITES)})")
    return importlib.import_module(f"{__name__}.{name}")


def site_module(site: str) -> ModuleType:
    """The suite module of one site (its grounding lookup included)."""
    if site not in SITES:
        raise ValueError(f"no task builder for site {site!r} (known: {', '.join(SITES)})")
    return suite_module(site)


def grounding_sites() -> dict[str, str]:
    """Which site's data a grounding key names ids of: {"listings": "classifieds", "products": "shopping", ...}."""
    return {site_module(site).Suite.grounding_key: site for site in SITES}


def suite_settings():
    from sites.config import Settings
    return Settings(seed=SUITE_SEED, scale=SUITE_SCALE)
