"""Print the success-rate tables of a results folder: `python -m evaluation.report DIR` (`make report`).

Also (re)writes DIR/report.md, DIR/summary.json and DIR/report.html (charts in DIR/report_files/), so
merged or resumed runs get a fresh report.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .autoeval_report import add_to_report
from .report_html import write_html_report
from .results import write_report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evaluation.report", description=__doc__.splitlines()[0])
    parser.add_argument("results_dir", type=Path, help="a results folder (holding results.jsonl)")
    args = parser.parse_args(argv)
    try:
        _, text = write_report(args.results_dir)
        page = write_html_report(args.results_dir)
    except (FileNotFoundError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(add_to_report(args.results_dir, text), end="")   # the auto-evaluator's section, when judged
    print(f"Run report with charts: {page}", file=sys.stderr)   # stdout stays report.md
    return 0


if __name__ == "__main__":
    sys.exit(main())
