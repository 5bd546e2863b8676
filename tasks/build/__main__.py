"""`python -m tasks.build [--check | --pictures [--if-missing]] [SUITE...]`: write (or check) the task suites.

The task files (tasks/<suite>.json) and id ledgers are committed; the pictures they name (tasks/images/<suite>/,
tasks/sight/<suite>/) are generated from the same builders and data, and are not: `--pictures` writes them
(make install runs it with `--if-missing`), and make verify compares their bytes with data-manifest.json."""

from __future__ import annotations

import argparse
import json
import sys

from . import SUITES, suite_module
from .suite import TASKS_DIR


def named_pictures(name: str) -> list[str]:
    """The picture files a committed task file names (input images and sight pictures), relative to tasks/."""
    path = TASKS_DIR / f"{name}.json"
    if not path.is_file():
        return []
    found: list[str] = []

    def walk(value) -> None:
        if isinstance(value, str):
            if value.startswith(("images/", "sight/")):
                found.append(value)
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)

    for task in json.loads(path.read_text(encoding="utf-8")):
        walk(task.get("image"))
        walk(task.get("reference_solution"))
    return sorted(set(found))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tasks.build", description="Build the task suites tasks/<suite>.json and their pictures."
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="compare with the committed files, write nothing")
    mode.add_argument(
        "--pictures",
        action="store_true",
        help="write only the pictures the committed task files name (input images, sight pictures)",
    )
    parser.add_argument(
        "--if-missing",
        action="store_true",
        help="with --pictures: build only the suites one of whose named pictures is missing",
    )
    parser.add_argument("suites", nargs="*", metavar="SUITE", help=f"one of {', '.join(SUITES)} (default: all)")
    args = parser.parse_args(argv)
    unknown = [s for s in args.suites if s not in SUITES]
    if unknown:
        parser.error(f"unknown suite {', '.join(unknown)} (known: {', '.join(SUITES)})")
    if args.if_missing and not args.pictures:
        parser.error("--if-missing goes with --pictures")
    status = 0
    for name in args.suites or SUITES:
        if args.if_missing and all((TASKS_DIR / p).is_file() for p in named_pictures(name)):
            continue
        suite = suite_module(name).build_suite()
        if args.check:
            stale = suite.stale_files()
            if stale:
                print(
                    f"{name}: out of date: " + ", ".join(stale) + " (run python -m tasks.build " + name + ")",
                    file=sys.stderr,
                )
                status = 1
            continue
        if args.pictures:
            try:
                written = suite.write_pictures()
            except ValueError as exc:
                print(f"{name}: {exc}", file=sys.stderr)
                status = 1
                continue
            folders = ", ".join(str(f.relative_to(TASKS_DIR.parent)) for f in (suite.image_dir, suite.sight_dir))
            print(f"{name}: {written} of {len(suite.images) + len(suite.sight_pictures)} pictures written -> {folders}")
            continue
        suite.write()
        print(
            f"{name}: {len(suite.tasks)} tasks from {len(suite.templates)} templates, "
            f"{len(suite.images)} images -> {suite.task_file}"
        )
    return status


if __name__ == "__main__":
    sys.exit(main())
