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

Which sites have a suite, and its module, is read from the sites' registry (sites/registry.py: SiteSpec.
suite_module, a dotted name, so sites never import tasks).

Each task names its sites (`sites`, the first is the main one). A suite's file is named after the suite:
tasks/<site>.json for a site's own suite, tasks/multisite.json for the tasks that need two sites.
A suite's task ids and template ids come from its committed id ledger, tasks/build/ids/<suite>.json, by
(template, index): the order of TEMPLATES does not number the tasks (suite.py).

May import: the sites' data modules and sites.imagery (pristine data, pictures). Never agent or evaluation:
the suites are checked by running them (tests/tasks).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType

from sites.config import DEFAULT_SCALE, DEFAULT_SEED
from sites.registry import site_specs

from .text import mentions  # noqa: F401  (the lint's whole-word test)

MULTISITE = "multisite"  # the tasks that cross sites: tasks/multisite.json, built by tasks/build/multisite.py
SUITE_SEED = DEFAULT_SEED  # the suites are written for the default data set (SEED, SCALE of .env.example)
SUITE_SCALE = DEFAULT_SCALE


def suite_sites() -> dict[str, str]:
    """Site -> the module of its own suite, for every registered site that has one (SiteSpec.suite_module)."""
    return {name: spec.suite_module for name, spec in site_specs().items() if spec.suite_module}


def __getattr__(name: str):
    # SITES: the sites with a suite (and a grounding lookup) of their own; SUITES: every suite, tasks/<name>.json.
    # Read from the sites' registry each time, so a site registered later has its suite here.
    if name == "SITES":
        return tuple(suite_sites())
    if name == "SUITES":
        return (*suite_sites(), MULTISITE)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def suite_module(name: str) -> ModuleType:
    modules = {**suite_sites(), MULTISITE: f"{__name__}.{MULTISITE}"}
    if name not in modules:
        raise ValueError(f"no task builder for suite {name!r} (known: {', '.join(modules)})")
    return importlib.import_module(modules[name])


def site_module(site: str) -> ModuleType:
    """The suite module of one site (its grounding lookup included)."""
    sites = suite_sites()
    if site not in sites:
        raise ValueError(f"no task builder for site {site!r} (known: {', '.join(sites)})")
    return importlib.import_module(sites[site])


def grounding_sites() -> dict[str, str]:
    """Which site's data a grounding key names ids of: {"listings": "classifieds", "products": "shopping", ...}."""
    return {site_module(site).Suite.grounding_key: site for site in suite_sites()}


def suite_settings():
    from sites.config import Settings

    return Settings(seed=SUITE_SEED, scale=SUITE_SCALE)


def build_pristine(open_pristine: Callable, build: Callable, conf=None):
    """What a suite module's `build_suite` returns: its `build` over the pristine data its `open_pristine` opens
    for `conf` (default: SUITE_SEED / SUITE_SCALE), generating the data if needed."""
    conf = conf or suite_settings()
    with open_pristine(conf, generate=True) as data:
        return build(data, conf.seed)
