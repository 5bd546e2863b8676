"""The embedded forum: data generation time, page latency (front page, forum hot and top, a post with 200+
comments, search, user page; anonymous and logged in) and reset time, at the default and the full scale.

    python -m benchmarks sites                        # with the other sites' benchmarks, both scales
    python -m benchmarks.bench_sites_reddit full      # one scale

Data sets are generated into the configured DATA_DIR (and reused by `make up`); the forum runs in a temporary
run folder on a free port. Timings are of the HTML only (images are separate requests).
"""

from __future__ import annotations

import random
import sys

from benchmarks.bench_sites import resets_between_tasks
from benchmarks.bench_sites_shopping import _get, _post, _session
from benchmarks.stats import data_at_scale, each_scale, page_field, report, temporary_arena
from sites.reddit.data import RedditData
from sites.reddit.site import STORE

SAMPLES = 40
WORDS = ["dinner", "hike", "collection", "setup", "city", "question", "painting", "chart", "grandfather", "moon"]


def _login(opener, base: str) -> None:
    with opener.open(base + "/login", timeout=60) as response:
        token = page_field(r'name="_csrf_token" value="([^"]+)"', response.read().decode(), "login CSRF token")
    _post(opener, base + "/login", {"_username": "MarvelsGrantMan136", "_password": "test1234", "_csrf_token": token})


def bench_scale(scale: str) -> None:
    s, ds = data_at_scale(STORE, scale)
    with RedditData(ds.db) as data:
        busy = [p.url_path for p in data.find_posts(min_comments=200, limit=None)]
        forums = [f.name for f in data.forums()]
        users = data.usernames(limit=500)
    rng = random.Random(7)
    with temporary_arena("reddit", s, "bench-forum-") as arena:
        base = arena.urls["reddit"]
        anon, me = _session(), _session()
        _login(me, base)
        _get(anon, base + "/")
        for who, opener in (("anonymous", anon), ("logged in", me)):
            report(f"[reddit {scale}] front page ({who})", [_get(opener, base + "/") for _ in range(SAMPLES)])
            report(
                f"[reddit {scale}] forum hot ({who})",
                [_get(opener, f"{base}/f/{rng.choice(forums)}") for _ in range(SAMPLES)],
            )
            report(
                f"[reddit {scale}] forum top ({who})",
                [_get(opener, f"{base}/f/{rng.choice(forums)}/top?t=all") for _ in range(SAMPLES)],
            )
            report(
                f"[reddit {scale}] post with 200+ comments ({who})",
                [_get(opener, base + rng.choice(busy)) for _ in range(SAMPLES)],
            )
        report(f"[reddit {scale}] search", [_get(anon, f"{base}/search?q={rng.choice(WORDS)}") for _ in range(SAMPLES)])
        report(f"[reddit {scale}] user page", [_get(anon, f"{base}/user/{rng.choice(users)}") for _ in range(SAMPLES)])
        report(f"[reddit {scale}] reset, between tasks (spare ready)", resets_between_tasks(arena, "reddit"))


main = each_scale(bench_scale)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
