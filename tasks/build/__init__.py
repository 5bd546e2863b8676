"""Builders of the committed task suites, one module of templates per site (tasks/build/<site>.py), sharing
the suite writer (suite.py), the eval and solution-step builders (evals.py) and wording helpers (text.py).

    .venv/bin/python -m tasks.build                     # write every site's suite
    .venv/bin/python -m tasks.build --check [SITE]      # exit 1 if a committed file differs

A site module provides `build_suite(conf=None) -> Suite` (from the pristine data of SUITE_SEED/SUITE_SCALE),
`open_pristine(conf)` and `grounding_fields(data, item_id) -> {field name: text}` (KeyError for an unknown
id), which the grounding lint (tests/tasks/test_grounding.py) uses to prove that the visual words of a task
are not written in the text of the items it touches.
"""
from __future__ import annotations

import importlib
from types import ModuleType

from .text import mentions  # noqa: F401  (the lint's whole-word test)

SITES = ("classifieds", "shopping", "reddit")
SUITE_SEED = 20240101      # the suites are written for the default data set (SEED, SCALE of .env.example)
SUITE_SCALE = "default"


def site_module(site: str) -> ModuleType:
    if site not in SITES:
        raise ValueError(f"no task builder for site {site!r} (known: {', '.join(SITES)})")
    return importlib.import_module(f"{__name__}.{site}")


def suite_settings():
    from sites.config import Settings
    return Settings(seed=SUITE_SEED, scale=SUITE_SCALE)
