"""Embedded Wikipedia: ZIM build time and size, and kiwix-serve's page latency (article, landing article, search,
image), at the default and the full scale.

    python -m benchmarks sites                           # with the other sites' benchmarks, both scales
    python -m benchmarks.bench_sites_wikipedia default   # one scale

The ZIM is built into the configured DATA_DIR (and reused by `make up`); kiwix-serve runs from a temporary run
folder on a free port.
"""

from __future__ import annotations

import random
import sys
import time
import urllib.parse
from dataclasses import replace

from benchmarks.bench_sites_shopping import _get, _session
from benchmarks.stats import generated, report, temporary_arena
from sites.config import settings as load_settings
from sites.wikipedia import BOOK, LANDING, ZIM_NAME
from sites.wikipedia.build import ensure, zim_dir
from sites.wikipedia.entities import core_entities

SAMPLES = 40


def bench_scale(scale: str) -> None:
    s = replace(load_settings(), scale=scale)
    if (zim_dir(s.data_dir, s.seed, scale) / ZIM_NAME).is_file():
        print(f"[wikipedia {scale}] ZIM already present; delete {zim_dir(s.data_dir, s.seed, scale)} to time the build")
    else:
        made = generated(ensure(s.data_dir, s.seed, scale)[1], f"wikipedia {scale}")
        print(
            f"[wikipedia {scale}] built {made.articles:,} articles in {made.seconds:.1f} s ({made.size / 1e6:.1f} MB)",
            flush=True,
        )
    titles = [e.path for e in core_entities(s.seed)]
    rng = random.Random(7)
    with temporary_arena("wikipedia", s, "bench-wiki-") as arena:
        base = f"{arena.urls['wikipedia']}/{BOOK}"
        web = _session()
        _get(web, f"{base}/A/{LANDING}")
        report(
            f"[wikipedia {scale}] article",
            [_get(web, f"{base}/{urllib.parse.quote(rng.choice(titles))}") for _ in range(SAMPLES)],
        )
        report(f"[wikipedia {scale}] landing article", [_get(web, f"{base}/A/{LANDING}") for _ in range(SAMPLES)])
        report(
            f"[wikipedia {scale}] search",
            [
                _get(
                    web,
                    f"{arena.urls['wikipedia']}/search?content={BOOK}&pattern="
                    f"{urllib.parse.quote(rng.choice(titles)[2:].replace('_', ' '))}",
                )
                for _ in range(SAMPLES)
            ],
        )
        report(f"[wikipedia {scale}] image", [_get(web, f"{base}/I/France.png") for _ in range(SAMPLES)])


def main(argv: list[str]) -> int:
    for scale in [a for a in argv if not a.startswith("-")] or ["default", "full"]:
        started = time.perf_counter()
        bench_scale(scale)
        print(f"[wikipedia {scale}] done in {time.perf_counter() - started:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
