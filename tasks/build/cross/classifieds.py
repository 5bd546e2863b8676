"""Multi-site kinds whose main site is classifieds (official templates of test_classifieds.raw.json that span sites).
Each function takes the multi-site Suite (tasks.build.multisite.Suite) and adds its tasks to it."""
from __future__ import annotations

TEMPLATES: list = []
