"""Waits that account for load: a timeout measured on an idle machine, stretched by how oversubscribed
the machine is now (`pytest -n 8` on two cores runs eight Chromiums and their sites at once)."""
from __future__ import annotations

import os

MAX_FACTOR = 6.0


def load_factor() -> float:
    """The 1-minute load average per core, at least 1 and at most MAX_FACTOR (1 where unknown)."""
    try:
        per_core = os.getloadavg()[0] / (os.cpu_count() or 1)
    except (OSError, AttributeError):
        return 1.0
    return min(MAX_FACTOR, max(1.0, per_core))


def load_scaled(seconds: float) -> float:
    return seconds * load_factor()
