"""Small helpers the benchmarks share: percentiles, a uniform printed line, what a step must have made, and a site up
in a temporary run folder."""

from __future__ import annotations

import contextlib
import re
import statistics
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from sites.arena import Arena
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
