"""Embedded sites: data generation time, page latency (home, search, listing) and reset time, at the
default scale and at the official (full) scale.

    python -m benchmarks sites                 # both scales
    python -m benchmarks.bench_sites default   # one scale

Data sets are generated into the configured DATA_DIR (and reused by `make up`); sites run in a
temporary run folder on free ports. Page timings are of the HTML only (photos are separate requests).
"""

from __future__ import annotations

import random
import sys
import time
import urllib.request

from benchmarks.stats import data_at_scale, each_scale, report, temporary_arena
from sites.arena import Arena
from sites.classifieds.site import STORE

SAMPLES = 40


def _get(url: str) -> float:
    started = time.perf_counter()
    with urllib.request.urlopen(url, timeout=60) as response:
        response.read()
        if response.status != 200:
            raise RuntimeError(f"{url}: HTTP {response.status}")
    return time.perf_counter() - started


def _wait_reset_ready(base: str, timeout: float = 60.0) -> None:
    import json
    import threading

    tick, deadline = threading.Event(), time.monotonic() + timeout
    while time.monotonic() < deadline:
        with urllib.request.urlopen(base + "/healthz", timeout=10) as response:
            if json.loads(response.read()).get("reset_ready"):
                return
        tick.wait(0.02)
    raise RuntimeError(f"{base}: the pristine spare was not ready within {timeout:.0f} s")


def resets_between_tasks(arena: Arena, site: str, n: int = 10) -> list[float]:
    """Seconds of `n` resets of `site`, each once its pristine spare is ready (as between two tasks)."""
    samples = []
    for _ in range(n):
        _wait_reset_ready(arena.urls[site])
        samples.append(arena.reset([site]))
    return samples


def bench_scale(scale: str) -> None:
    s, ds = data_at_scale(STORE, scale)
    rng = random.Random(7)
    with temporary_arena("classifieds", s, "bench-sites-") as arena:
        base = arena.urls["classifieds"]
        _get(base + "/")  # warm the process (templates, page cache)
        report(f"[{scale}] home", [_get(base + "/") for _ in range(SAMPLES)])
        words = ["guitar", "chair", "red", "bike", "lamp", "used", "vintage", "table", "phone", "watch"]
        searches = []
        for i in range(SAMPLES):
            params = [
                f"sPattern={rng.choice(words)}",
                f"sCategory={rng.randint(1, 20)}",
                f"sRegion={rng.randint(1, 7)}&sOrder=i_price&iOrderType=asc",
                f"sPriceMin=10&sPriceMax=200&iPage={rng.randint(1, 5)}",
                "sShowAs=gallery",
            ][i % 5]
            searches.append(_get(f"{base}/index.php?page=search&{params}"))
        report(f"[{scale}] search (mixed filters)", searches)
        deep = [
            _get(f"{base}/index.php?page=search&iPage={rng.randint(1, ds.listings // 10)}") for _ in range(SAMPLES // 2)
        ]
        report(f"[{scale}] search, deep page", deep)
        report(
            f"[{scale}] listing",
            [_get(f"{base}/index.php?page=item&id={rng.randint(1, ds.listings)}") for _ in range(SAMPLES)],
        )
        report(f"[{scale}] reset, back to back (waits for the copy)", [arena.reset(["classifieds"]) for _ in range(10)])
        report(f"[{scale}] reset, between tasks (spare ready)", resets_between_tasks(arena, "classifieds"))


main = each_scale(bench_scale)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
