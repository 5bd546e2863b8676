"""Observations on the real store category page (the embedded store at the default scale, 1280x2048, quiet,
images complete), p50/p95 in ms, three rows against the issue's targets:

    store AX observe     observe() in accessibility-tree mode (tree text and screenshot)          target 100 ms
    store SoM observe    observe() in Set-of-Marks mode and its marked PNG (obs.som_screenshot)   target 120 ms
    store click + SoM    click on the mini-cart toggle (it opens and closes a panel, no navigation)
                         and the next Set-of-Marks observation with its PNG                       target 180 ms

Each row also gives the CPU time per operation of this process (Python: the collector's answer, the drawing, the
PNG encoding) and of the browser's processes (ChromeDriver and Chromium: the page's scripts, layout, the capture and
its PNG): on a loaded machine the wall time moves with the load, the CPU time much less.
`--detail` adds each observation part (settle, view wait, text, screenshot) of the SoM rows.

    python -m benchmarks store_page            # or: python -m benchmarks.bench_store_page [--reps N] [--detail]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from agent.actions import parse_action
from agent.browser import BrowserEnv
from agent.observation import Observation
from benchmarks.stats import report, temporary_arena
from sites.config import settings as load_settings
from sites.shopping import store
from sites.shopping.data import ShoppingData

TARGETS_MS = {"store AX observe": 100, "store SoM observe": 120, "store click + SoM": 180}


def category_path(data_dir: Path, seed: int) -> str:
    """The store's first top-level category with products (the page the issue's figures were taken on)."""
    ds = store.dataset(data_dir, seed, "default")
    if not ds.exists():
        store.ensure(data_dir, seed, "default")
    with ShoppingData(ds.db) as data:
        paths = [path for _, _, path, _ in data.categories()]
    top = [p for p in paths if "/" not in p]
    return (top or paths)[0]


def _som(env: BrowserEnv) -> Observation:
    obs = env.observe()
    if not obs.som_screenshot:  # the marked frame as the agent and the trajectory get it
        raise RuntimeError("the Set-of-Marks observation has no marked screenshot")
    if obs.meta["pending"]["images"]:
        raise RuntimeError(f"images left undecoded on the store page: {obs.meta['pending']}")
    return obs


def _browser_cpu(env: BrowserEnv) -> float:
    """CPU seconds so far of the browser's processes: ChromeDriver's process group (Chromium's processes join it),
    read from /proc (NaN where there is none)."""
    group = getattr(env.driver, "_vwa_pgid", None)
    if group is None or not Path("/proc").is_dir():
        return float("nan")
    ticks = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = stat.read_text().rsplit(")", 1)[1].split()  # after the command's name, which may hold spaces
            if int(fields[2]) == group:  # pgrp; then utime and stime are fields 11 and 12 of this list
                ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


class _Clock:
    """Wall time of each call, and the CPU time of this process and of the browser's processes."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.browser: list[float] = []

    def __call__(self, env: BrowserEnv, fn: Callable[[], Observation]) -> Observation:
        browser, wall, cpu = _browser_cpu(env), time.perf_counter(), time.process_time()
        out = fn()
        self.cpu.append(time.process_time() - cpu)
        self.wall.append(time.perf_counter() - wall)
        self.browser.append(_browser_cpu(env) - browser)
        return out


def _load() -> str:
    return " ".join(f"{v:.2f}" for v in os.getloadavg())


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="bench_store_page")
    parser.add_argument("--reps", type=int, default=20)
    parser.add_argument("--detail", action="store_true", help="also each part of the Set-of-Marks observations")
    args = parser.parse_args(argv)
    s = replace(load_settings(), scale="default")
    path = category_path(s.data_dir, s.seed)
    clocks: dict[str, _Clock] = {name: _Clock() for name in TARGETS_MS}
    parts: dict[str, list[float]] = {}
    print(f"load average before: {_load()}", flush=True)
    with temporary_arena("shopping", s, "bench-store-page-") as arena:
        url = f"{arena.urls['shopping']}/{path}.html"
        with BrowserEnv(viewport=(1280, 2048), mode="accessibility_tree") as env:
            env.open([url])
            env.observe()
            for _ in range(args.reps):
                clocks["store AX observe"](env, env.observe)
        with BrowserEnv(viewport=(1280, 2048), mode="som") as env:
            env.open([url])
            obs = _som(env)
            print(f"-- {url}: {obs.meta['n_elements']} marks, {len(obs.text.splitlines())} text lines", flush=True)
            for _ in range(args.reps):
                obs = clocks["store SoM observe"](env, lambda: _som(env))
                for name, seconds in obs.meta["timings"].items():
                    parts.setdefault(f"  SoM: {name}", []).append(seconds)
            cart = env.resolve_element_id(css="a.showcart")

            def click_and_observe() -> Observation:
                error = env.step(parse_action(f"click [{cart}]"))
                if error:
                    raise RuntimeError(f"the click failed during the benchmark: {error}")
                return _som(env)

            for _ in range(args.reps):
                obs = clocks["store click + SoM"](env, click_and_observe)
                cart = env.resolve_element_id(css="a.showcart")
                for name, seconds in obs.meta["timings"].items():
                    parts.setdefault(f"  click + SoM: {name}", []).append(seconds)
    if args.detail:
        for label, samples in parts.items():
            report(label, samples)
    for name, clock in clocks.items():
        report(f"{name} (target {TARGETS_MS[name]} ms)", clock.wall)
        report(f"{name}: CPU of this process", clock.cpu)
        report(f"{name}: CPU of the browser", clock.browser)
    print(f"load average after: {_load()}", flush=True)
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
