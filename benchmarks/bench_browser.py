"""Speed of the browser environment on a ~500-element page at 1280x2048, p50/p95 in ms, six rows:

    a11y observe    observe() in accessibility-tree mode (tree text and screenshot)
    SoM observe     observe() in Set-of-Marks mode, and its marked PNG (obs.som_screenshot) as consumers get it
    SoM first visit the same on a fresh copy of the page: its lazy photos fetched, those in view decoded
    click           step(click [id]) on a button: the action and its settle wait, no observation
    type            step(type [id] [text] [0]) into a text field
    scroll          step(scroll [down])

with the machine's load average before and after (timings on a shared machine move with it).
`--detail` adds each observation part (settle, text, screenshot, drawing, PNG encoding, HTML) and the
other actions (goto, new_tab, tab_focus, close_tab).

    python -m benchmarks browser            # or: python -m benchmarks.bench_browser [--reps N] [--detail]
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TypeVar

from agent.actions import parse_action
from agent.browser import BrowserEnv
from agent.observation import Observation, ObservationMode
from benchmarks.stats import report
from devtools.local_http import send, serve

T = TypeVar("T")


def bench_page(token: str = "") -> bytes:
    """About 500 interactable elements: products with links, real (lazy) photos, buttons, fields, and text.
    The photos' URLs carry `token`, so a page with a new token loads them afresh (the first-visit row)."""
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Bench catalogue</title>",
        "<style>body{font-family:sans-serif;margin:8px} .p{display:inline-block;width:300px;margin:3px;"
        "padding:4px;border:1px solid #ddd;font-size:12px} .p img{width:48px;height:48px;background:#9cf}"
        " input{width:120px}</style></head><body><h1>Catalogue</h1><p id='count'>0</p>"
        "<input id='search' placeholder='Search the catalogue'>",
    ]
    for i in range(100):
        parts.append(
            f"<div class='p'><a href='?item={i}'><img alt='Item {i}' loading='lazy' width='48' height='48' "
            f"src='/img/{token or 'x'}/{i}.png'></a> <a href='?item={i}'>Item {i}</a>"
            f"<p>Fine product number {i}, sold by shop {i % 7}.</p>"
            f"<button onclick=\"document.getElementById('count').textContent={i}\">Add {i}</button>"
            f"<input placeholder='qty {i}'></div>"
        )
    parts.append("<div style='height:3000px'>Footer</div></body></html>")
    return "".join(parts).encode()


def _photo(i: int) -> bytes:
    """A 96x96 photo-like PNG (a gradient in a colour of its own), as a store thumbnail."""
    import io

    from PIL import Image

    image = Image.linear_gradient("L").resize((96, 96)).convert("RGB")
    tint = Image.new("RGB", (96, 96), ((i * 53) % 256, (i * 97) % 256, (i * 31) % 256))
    buf = io.BytesIO()
    Image.blend(image, tint, 0.6).save(buf, "PNG")
    return buf.getvalue()


def _serve(page: bytes) -> tuple[ThreadingHTTPServer, str]:
    photos = [_photo(i) for i in range(100)]

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

        def do_GET(self) -> None:
            path, _, query = self.path.partition("?")
            if path.startswith("/img/"):
                body, kind = photos[int(path.rsplit("/", 1)[1].split(".")[0]) % 100], "image/png"
            else:
                token = query.split("t=", 1)[1].split("&")[0] if "t=" in query else ""
                body, kind = (bench_page(token) if token else page), "text/html; charset=utf-8"
            send(self, 200, body, kind, {"Cache-Control": "max-age=3600"})

    server, url = serve(Handler)
    return server, f"{url}/"


def _timed(samples: list[float], fn: Callable[[], T]) -> T:
    start = time.perf_counter()
    out = fn()
    samples.append(time.perf_counter() - start)
    return out


def _check(error: str | None, what: str) -> None:
    if error:
        raise RuntimeError(f"{what} failed during the benchmark: {error}")


def _load() -> str:
    return " ".join(f"{v:.2f}" for v in os.getloadavg())


def _observe_with_png(env: BrowserEnv) -> Observation:
    obs = env.observe()
    if not obs.som_screenshot:  # the marked frame as the agent and the trajectory get it
        raise RuntimeError("the Set-of-Marks observation has no marked screenshot")
    return obs


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="bench_browser")
    parser.add_argument("--reps", type=int, default=20)
    parser.add_argument("--detail", action="store_true", help="also each observation part and the other actions")
    args = parser.parse_args(argv)
    server, url = _serve(bench_page())
    print(f"load average before: {_load()}", flush=True)
    rows: list[tuple[str, list[float]]] = []
    detail: list[tuple[str, list[float]]] = []
    try:
        passes: list[tuple[ObservationMode, str, Callable[[BrowserEnv], Observation]]] = [
            ("accessibility_tree", "a11y observe", BrowserEnv.observe),
            ("som", "SoM observe", _observe_with_png),
        ]
        for mode, label, observe in passes:
            with BrowserEnv(viewport=(1280, 2048), mode=mode) as env:
                env.open([url])
                obs = observe(env)
                print(f"-- {mode}: {obs.meta['n_elements']} ids, {len(obs.text.splitlines())} text lines", flush=True)
                total: list[float] = []
                parts: dict[str, list[float]] = {}
                for _ in range(args.reps):
                    obs = _timed(total, lambda: observe(env))
                    if args.detail:
                        _ = obs.html  # read (lazily) so that its time is known; not part of the row
                    for name, seconds in obs.meta["timings"].items():
                        parts.setdefault(name, []).append(seconds)
                rows.append((label, total))
                if mode == "som":  # a first visit: the photos in view are fetched and decoded before the frame
                    first: list[float] = []
                    waited: list[float] = []
                    for i in range(max(3, args.reps // 4)):
                        env.open([f"{url}?t={mode}{i}"])
                        obs = _timed(first, lambda: observe(env))
                        waited.append(obs.meta["timings"]["view"])
                        if obs.meta["pending"]["images"]:
                            raise RuntimeError(f"images left undecoded on the bench page: {obs.meta['pending']}")
                    rows.append(("SoM first visit", first))
                    detail.append(("  som: first visit, view wait", waited))
                detail += [(f"  {mode}: {name}", samples) for name, samples in parts.items()]
        with BrowserEnv(viewport=(1280, 2048), mode="som") as env:
            env.open([url])
            env.observe()
            times: dict[str, list[float]] = {
                k: [] for k in ("click", "type", "scroll", "goto", "new_tab", "tab_focus", "close_tab")
            }
            for i in range(args.reps):
                button = env.resolve_element_id(text=f"Add {i % 40}")
                _check(_timed(times["click"], lambda: env.step(parse_action(f"click [{button}]"))), "click")
                field = env.resolve_element_id(css="#search")
                _check(
                    _timed(times["type"], lambda: env.step(parse_action(f"type [{field}] [lamp {i}] [0]"))),
                    "type",
                )
                _check(_timed(times["scroll"], lambda: env.step(parse_action("scroll [down]"))), "scroll")
                _check(env.step(parse_action("scroll [up]")), "scroll")
                if args.detail:
                    _check(_timed(times["goto"], lambda: env.step(parse_action(f"goto [{url}?r={i}]"))), "goto")
                    _check(_timed(times["new_tab"], lambda: env.step(parse_action("new_tab"))), "new_tab")
                    _check(_timed(times["tab_focus"], lambda: env.step(parse_action("tab_focus [0]"))), "tab_focus")
                    _check(env.step(parse_action("tab_focus [1]")), "tab_focus")
                    _check(_timed(times["close_tab"], lambda: env.step(parse_action("close_tab"))), "close_tab")
                env.observe()
            rows += [(name, times[name]) for name in ("click", "type", "scroll")]
            detail += [
                (f"  step {name}", times[name]) for name in ("goto", "new_tab", "tab_focus", "close_tab") if times[name]
            ]
    finally:
        server.shutdown()
        server.server_close()
    if args.detail:
        for label, samples in detail:
            report(label, samples)
    for label, samples in rows:
        report(label, samples)
    print(f"load average after: {_load()}", flush=True)
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
