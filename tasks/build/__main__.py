"""`python -m tasks.build [--check] [SITE...]`: write (or check) the committed task suites."""
from __future__ import annotations

import argparse
import sys

from . import SITES, site_module


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tasks.build",
                                     description="Build the task suites tasks/<site>.json and tasks/images/<site>/.")
    parser.add_argument("--check", action="store_true", help="compare with the committed files, write nothing")
    parser.add_argument("sites", nargs="*", metavar="SITE", help=f"one of {', '.join(SITES)} (default: all)")
    args = parser.parse_args(argv)
    unknown = [s for s in args.sites if s not in SITES]
    if unknown:
        parser.error(f"unknown site {', '.join(unknown)} (known: {', '.join(SITES)})")
    status = 0
    for site in args.sites or SITES:
        suite = site_module(site).build_suite()
        if args.check:
            stale = suite.stale_files()
            if stale:
                print(f"{site}: out of date: " + ", ".join(stale) + " (run python -m tasks.build " + site + ")",
                      file=sys.stderr)
                status = 1
            continue
        suite.write()
        print(f"{site}: {len(suite.tasks)} tasks from {len(suite.templates)} templates, "
              f"{len(suite.images)} images -> {suite.task_file}")
    return status


if __name__ == "__main__":
    sys.exit(main())
