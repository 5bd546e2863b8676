"""Print the success-rate tables of a results folder: `python -m evaluation.report DIR` (`make report`).

Also (re)writes DIR/report.md, DIR/summary.json and DIR/report.html (charts in DIR/report_files/), so
merged or resumed runs get a fresh report.

`python -m evaluation.report merge DIR... --out DIR [--allow-mixed]` merges run folders (the shards of
one run, `--shard I/N` on several machines) into a new folder, each task once, and writes its report
(evaluation/reporting/merge.py).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .autoeval_report import add_to_report
from .report_html import write_html_report
from .results import write_report


def _report(results_dir: Path) -> int:
    try:
        _, text = write_report(results_dir)
        page = write_html_report(results_dir)
    except (FileNotFoundError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(add_to_report(results_dir, text), end="")  # the auto-evaluator's section, when judged
    print(f"Run report with charts: {page}", file=sys.stderr)  # stdout stays report.md
    return 0


def merge_main(argv: list[str]) -> int:
    from .merge import MergeError, merge_runs
    from .usage import run_usage

    parser = argparse.ArgumentParser(
        prog="python -m evaluation.report merge",
        description="merge run folders (shards of one run) into one, each task once",
    )
    parser.add_argument("folders", type=Path, nargs="+", metavar="DIR", help="run folders holding results.jsonl")
    parser.add_argument("--out", type=Path, required=True, metavar="DIR", help="the merged folder (new or empty)")
    parser.add_argument(
        "--allow-mixed", action="store_true", help="merge even when the folders' agents, models or scoring modes differ"
    )
    args = parser.parse_args(argv)
    try:
        merged = merge_runs(args.folders, args.out, allow_mixed=args.allow_mixed)
    except (MergeError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    import json

    (args.out / "usage.json").write_text(json.dumps(run_usage(args.out), indent=2) + "\n", encoding="utf-8")
    for folder, count in merged.by_source.items():
        print(f"{count} task(s) from {folder}", file=sys.stderr)
    for line in merged.environment_differences:
        print(f"warning: the runs ran on different environments: {line}", file=sys.stderr)
    for duplicate in merged.duplicates:
        print(f"note: {duplicate}: kept one line (scored over error over skipped, then the latest)", file=sys.stderr)
    if merged.mixed:
        print("warning: MIXED runs merged (--allow-mixed): " + ", ".join(merged.mixed), file=sys.stderr)
    print(f"Merged {merged.tasks} task(s) into {args.out}", file=sys.stderr)
    return _report(args.out)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["merge"]:  # a results folder named "merge": ./merge
        return merge_main(argv[1:])
    parser = argparse.ArgumentParser(
        prog="python -m evaluation.report",
        description=__doc__.splitlines()[0],
        epilog="python -m evaluation.report merge DIR... --out DIR: merge shard folders",
    )
    parser.add_argument("results_dir", type=Path, help="a results folder (holding results.jsonl)")
    args = parser.parse_args(argv)
    return _report(args.results_dir)


if __name__ == "__main__":
    sys.exit(main())
