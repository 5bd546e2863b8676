"""`LAUNCHERS`: name -> SiteLauncher of every registered site, and `LOCAL`, the opener that reaches them.

A launcher says how to prepare an instance folder (in the arena's process: make sure the data exists,
copy the pristine database), how to build the WSGI app (in the site's process), how to check its
health and how to reset it. Each site's is part of its spec, in its package's `site` module
(sites/classifieds/site.py, ...); the common steps of the SQLite sites are in sites/common/launch.py.
"""

from __future__ import annotations

import urllib.request
from collections.abc import Mapping

from sites.registry import SiteLauncher, SpecView

# The sites are on loopback: never send requests to them through an HTTP proxy from the environment.
LOCAL = urllib.request.build_opener(urllib.request.ProxyHandler({}))


# name -> launcher of every registered site that the arena can start (sites/builtin.py registers this
# project's; sites/registry.py says how to add one)
LAUNCHERS: Mapping[str, SiteLauncher] = SpecView(lambda spec: spec.launcher)
