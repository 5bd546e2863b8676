"""Multi-site kinds whose main site is reddit (official templates of test_reddit.raw.json that span sites).
Each function takes the multi-site Suite (tasks.build.multisite.Suite) and adds its tasks to it."""
from __future__ import annotations

TEMPLATES: list = []
