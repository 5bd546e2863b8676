"""The embedded shopping store: data generation time, page latency (home, category, search, product, cart,
checkout, order view) and reset time, at the default scale and at the official (full) scale.

    python -m benchmarks sites                          # with the classifieds benchmark, both scales
    python -m benchmarks.bench_sites_shopping full      # one scale

Data sets are generated into the configured DATA_DIR (and reused by `make up`); the store runs in a temporary
run folder on a free port. Timings are of the HTML only (photos are separate requests); signed-in pages use a
session signed in through the login form.
"""

from __future__ import annotations

import http.cookiejar
import random
import sys
import time
import urllib.parse
import urllib.request

from benchmarks.bench_sites import resets_between_tasks
from benchmarks.stats import data_at_scale, each_scale, page_field, report, temporary_arena
from sites.shopping.data import ShoppingData
from sites.shopping.site import STORE

SAMPLES = 40


def _session() -> urllib.request.OpenerDirector:
    return urllib.request.build_opener(
        urllib.request.ProxyHandler({}), urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )


def _get(opener, url: str) -> float:
    started = time.perf_counter()
    with opener.open(url, timeout=60) as response:
        response.read()
        if response.status != 200:
            raise RuntimeError(f"{url}: HTTP {response.status}")
    return time.perf_counter() - started


def _post(opener, url: str, fields: dict) -> str:
    with opener.open(url, data=urllib.parse.urlencode(fields).encode(), timeout=60) as response:
        return response.read().decode()


def _form_key(opener, url: str) -> str:
    with opener.open(url, timeout=60) as response:
        return page_field(r'name="form_key" value="([^"]+)"', response.read().decode(), f"form_key of {url}")


def bench_scale(scale: str) -> None:
    s, ds = data_at_scale(STORE, scale)
    with ShoppingData(ds.db) as data:
        cats = [path for _, _, path, _ in data.categories()]
        keys = [r[0] for r in data.conn.execute("SELECT url_key FROM product ORDER BY id")]
        orders = [o.url_path for o in data.customer_orders()]
        simple = data.conn.execute("SELECT id FROM product WHERE option_kind = '' LIMIT 1").fetchone()[0]
    rng = random.Random(7)
    with temporary_arena("shopping", s, "bench-shop-") as arena:
        base = arena.urls["shopping"]
        guest = _session()
        _get(guest, base + "/")
        report(f"[shopping {scale}] home", [_get(guest, base + "/") for _ in range(SAMPLES)])
        sorts = [
            "",
            "?product_list_order=price&product_list_dir=desc",
            "?product_list_order=name&p=3",
            "?product_list_mode=list&product_list_limit=25",
            "?price=0-100&p=2",
        ]
        report(
            f"[shopping {scale}] category (sort, page, filter)",
            [_get(guest, f"{base}/{rng.choice(cats)}.html{sorts[i % 5]}") for i in range(SAMPLES)],
        )
        words = [
            "backpack",
            "chocolate",
            "classic shoe",
            "kitchen knife",
            "premium",
            "travel mug",
            "soap",
            "wireless mouse",
            "cotton",
            "gift",
        ]
        report(
            f"[shopping {scale}] search (relevance, pages)",
            [
                _get(
                    guest,
                    f"{base}/catalogsearch/result/index/?p={1 + i % 3}&q={urllib.parse.quote(rng.choice(words))}",
                )
                for i in range(SAMPLES)
            ],
        )
        report(f"[shopping {scale}] product", [_get(guest, f"{base}/{rng.choice(keys)}.html") for _ in range(SAMPLES)])
        emma = _session()
        key = _form_key(emma, base + "/customer/account/login/")
        _post(
            emma,
            base + "/customer/account/loginPost/",
            {"form_key": key, "login[username]": "emma.lopez@gmail.com", "login[password]": "Password.123"},
        )
        key = _form_key(emma, base + "/customer/account/")
        for _ in range(3):
            _post(emma, base + "/checkout/cart/add/", {"form_key": key, "product": simple, "qty": "1"})
        report(f"[shopping {scale}] cart (signed in)", [_get(emma, base + "/checkout/cart/") for _ in range(SAMPLES)])
        report(f"[shopping {scale}] checkout (signed in)", [_get(emma, base + "/checkout/") for _ in range(SAMPLES)])
        report(
            f"[shopping {scale}] order view (signed in)",
            [_get(emma, base + rng.choice(orders)) for _ in range(SAMPLES)],
        )
        report(
            f"[shopping {scale}] order history (signed in)",
            [_get(emma, base + "/sales/order/history/") for _ in range(SAMPLES // 2)],
        )
        report(f"[shopping {scale}] reset, between tasks (spare ready)", resets_between_tasks(arena, "shopping"))


main = each_scale(bench_scale)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
