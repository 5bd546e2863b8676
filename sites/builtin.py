"""This project's sites: each package's `site` module exports its one `SiteSpec` (sites/registry.py) as `SPEC`;
this module registers them, in this order (the order `python -m sites data`, verify and the homepage list them).

May import: sites.registry and each site's `site` module (which loads the rest of its site only when run).
"""

from __future__ import annotations

import sites.classifieds.site as classifieds
import sites.homepage.site as homepage
import sites.reddit.site as reddit
import sites.shopping.site as shopping
import sites.wikipedia.site as wikipedia
from sites.registry import register_site

SPECS = (classifieds.SPEC, shopping.SPEC, reddit.SPEC, wikipedia.SPEC, homepage.SPEC)


def register_builtin_sites() -> None:
    for spec in SPECS:
        register_site(spec, replace=True)
