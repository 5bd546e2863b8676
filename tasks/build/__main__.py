"""`python -m tasks.build [--check] [SUITE...]`: write (or check) the committed task suites."""
from __future__ import annotations

import argparse
import sys

from . import SUITES, suite_module


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tasks.build",
                                     description="Build the task suites tasks/<suite>.json and tasks/images/<suite>/.")
    parser.add_argument("--check", action="store_true", help="compare with the committed files, write nothing")
    parser.add_argument("suites", nargs="*", metavar="SUITE", help=f"one of {', '.join(SUITES)} (default: all)")
    args = parser.parse_args(argv)
    unknown = [s for s in args.suites if s not in SUITES]
    if unknown:
        parser.error(f"unknown suite {', '.join(unknown)} (known: {', '.join(SUITES)})")
    status = 0
    for name in args.suites or SUITES:
        suite = suite_module(name).build_suite()
        if args.check:
            stale = suite.stale_files()
            if stale:
                print(f"{name}: out of date: " + ", ".join(stale) + " (run python -m tasks.build " + name + ")",
                      file=sys.stderr)
                status = 1
            continue
        suite.write()
        print(f"{name}: {len(suite.tasks)} tasks from {len(suite.templates)} templates, "
              f"{len(suite.images)} images -> {suite.task_file}")
    return status


if __name__ == "__main__":
    sys.exit(main())
