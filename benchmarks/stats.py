"""Small helpers the benchmarks share: percentiles and a uniform printed line."""
from __future__ import annotations

import statistics


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
    line = (f"{label:<44} n={len(ms):<4} p50={percentile(ms, 0.5):8.1f} ms  "
            f"p95={percentile(ms, 0.95):8.1f} ms  mean={statistics.fmean(ms) if ms else float('nan'):8.1f} ms")
    print(line, flush=True)
    return line
