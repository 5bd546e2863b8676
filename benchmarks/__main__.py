"""Run the benchmarks: every benchmarks/bench_*.py, or those whose name contains an argument.

python -m benchmarks             # all
python -m benchmarks browser     # bench_browser.py only
"""

from __future__ import annotations

import importlib
import sys
import time
from pathlib import Path


def main(argv: list[str]) -> int:
    names = sorted(p.stem for p in Path(__file__).parent.glob("bench_*.py"))
    selected = [n for n in names if not argv or any(a in n for a in argv)]
    if not selected:
        print(f"no benchmark matches {argv}; available: {', '.join(names)}", file=sys.stderr)
        return 2
    failed = []
    for name in selected:
        print(f"== {name}", flush=True)
        start = time.perf_counter()
        try:
            importlib.import_module(f"benchmarks.{name}").main([])
        except Exception as exc:  # one broken benchmark must not hide the others' figures
            print(f"!! {name} failed: {type(exc).__name__}: {exc}", flush=True)
            failed.append(name)
        print(f"== {name} done in {time.perf_counter() - start:.1f} s\n", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
