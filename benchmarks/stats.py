"""Small helpers the benchmarks share: percentiles, a uniform printed line, what a step must have made, a site's data
at a scale (its generation timed), and a site up in a temporary run folder."""

from __future__ import annotations

import contextlib
import importlib
import re
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from sites.arena import Arena
    from sites.common.launch import SqliteSite
    from sites.config import Settings

T = TypeVar("T")


def generated(result: T | None, what: str) -> T:
    """The result of a data generation the benchmark times (None: the data appeared meanwhile, nothing timed)."""
    if result is None:
        raise RuntimeError(f"{what}: the data was already there, so nothing was generated to time")
    return result


def page_field(pattern: str, html: str, what: str) -> str:
    """The first group of `pattern` in a page (a form's hidden token); a clear error when the page has none."""
    match = re.search(pattern, html)
    if match is None:
        raise RuntimeError(f"{what}: not found in the page")
    return match.group(1)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def report(label: str, samples_s: list[float]) -> str:
    """`label  n=..  p50=.. ms  p95=.. ms  mean=.. ms` for samples in seconds; printed and returned."""
    ms = [s * 1000 for s in samples_s]
    line = (
        f"{label:<44} n={len(ms):<4} p50={percentile(ms, 0.5):8.1f} ms  "
        f"p95={percentile(ms, 0.95):8.1f} ms  mean={statistics.fmean(ms) if ms else float('nan'):8.1f} ms"
    )
    print(line, flush=True)
    return line


def each_scale(bench: Callable[[str], None]) -> Callable[[list[str]], int]:
    """A benchmark's `main(argv)`: `bench(scale)` for each scale named in `argv` (default and full when none)."""

    def main(argv: list[str]) -> int:
        for scale in [a for a in argv if not a.startswith("-")] or ["default", "full"]:
            bench(scale)
        return 0

    return main


@contextlib.contextmanager
def temporary_arena(site: str, settings: Settings, prefix: str) -> Iterator[Arena]:
    """`site` up in an Arena of its own whose run folder (named `prefix`...) is removed afterwards."""
    from sites.arena import Arena

    with (
        tempfile.TemporaryDirectory(prefix=prefix, ignore_cleanup_errors=True) as run_dir,
        Arena([site], run_dir=Path(run_dir), settings=settings) as arena,
    ):
        yield arena


def data_at_scale(site: SqliteSite, scale: str) -> tuple[Settings, Any]:
    """The configured settings at `scale` and the data set of a SQLite site (its site.py `STORE`) there, generated
    when missing: a `[site scale]` line says what was there or what was made, in how long."""
    from sites.config import settings as load_settings

    s = replace(load_settings(), scale=scale)
    ds = importlib.import_module(site.store).dataset(s.data_dir, s.seed, scale)
    started = time.perf_counter()
    if ds.exists():
        print(f"[{site.name} {scale}] data already present ({site.size(ds)}); delete {ds.root} to time generation")
    else:
        made = generated(site.ensure(s.data_dir, s.seed, scale)[1], f"{site.name} {scale}")
        took, size = time.perf_counter() - started, ds.db.stat().st_size / 1e6
        print(f"[{site.name} {scale}] generated {site.made(made)} in {took:.1f} s ({size:.1f} MB)", flush=True)
    return s, ds
