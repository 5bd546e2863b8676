"""`python -m evaluation.run --backend ray`: the run's options and tasks, as the pytest path would take them.

The arguments after `--` are the task plugin's own options (those that make sense without pytest, declared once
with the plugin's in evaluation/harness/options.py): --task-file, --max-steps, --viewport, --image-root,
--observation, --expect-reward, --scoring, --record-network, --require-complete-observations, and -k with a site
name or a test id substring (`-k classifieds`, `-k classifieds/12`). Anything else is refused with its name, not
silently dropped.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from evaluation.harness.options import parse_viewport, ray_flags, ray_parser
from evaluation.reporting.results import other_scorings, point_latest, scored_tasks
from evaluation.taskfiles.loader import Task, load_task_entries
from evaluation.vocabulary.errors import TaskFormatError

from .driver import RayRun, run_on_ray


def select_tasks(
    files: list[Path], keyword: str | None, shard: str | None, done: set[tuple[str, str]]
) -> tuple[list[Task], list[str]]:
    """The tasks to run, in file order, and the problems of bad entries (each naming file and task)."""
    from evaluation.harness.plugin import parse_shard, shard_of  # the pytest path's shard rule, exactly

    part = parse_shard(shard)
    tasks, problems = [], []
    for file in files:
        for _name, entry in load_task_entries(file.resolve()):
            if isinstance(entry, TaskFormatError):
                problems.append(f"bad task: {entry}")
                continue
            if keyword and keyword not in entry.test_id and keyword not in entry.sites:
                continue
            if part is not None and shard_of(str(entry.file), entry.task_id, part[1]) != part[0]:
                continue
            if (entry.file.name, str(entry.task_id)) in done:
                continue
            tasks.append(entry)
    return tasks, problems


def main_ray(args: argparse.Namespace, extra: list[str], agent: str, results: Path, task_files: list[Path]) -> int:
    """Run the selected tasks on Ray into `results`; the exit code of `python -m evaluation.run`."""
    import pytest  # parse_shard's usage errors

    try:
        opts, unknown = ray_parser().parse_known_args(extra)
        if unknown:
            raise ValueError(
                f"not an option of the Ray backend: {' '.join(unknown)} (it takes {', '.join(ray_flags())})"
            )
        viewport = parse_viewport(opts.viewport)
    except (argparse.ArgumentError, ValueError) as exc:
        print(f"--backend ray: {exc}", file=sys.stderr)
        return 2
    files = [Path(f) for f in opts.task_file] or task_files
    missing = [str(f) for f in files if not f.is_file()]
    if missing:
        print(f"--backend ray: no such task file: {', '.join(missing)}", file=sys.stderr)
        return 2
    done: set[tuple[str, str]] = set()
    try:
        if args.resume:
            done = scored_tasks(results, agent=agent, model=args.model, scoring=opts.scoring)
        other = other_scorings(results, opts.scoring)
        if other:
            raise ValueError(
                f"{results} holds results scored with --scoring {', '.join(other)}; this run "
                f"scores with --scoring {opts.scoring}: use another --results folder"
            )
        tasks, problems = select_tasks(files, opts.keyword, args.shard, done)
    except (OSError, ValueError, pytest.UsageError) as exc:
        print(f"--backend ray: {exc}", file=sys.stderr)
        return 2
    for problem in problems:
        print(problem, file=sys.stderr)
    if done:
        print(f"--resume: {len(done)} task(s) already scored in {results} are not run again")
    if not tasks:
        print("No task to run (the selection matched none, or every task is scored already).")
        return 0
    image_root = Path(opts.image_root).resolve() if opts.image_root else None
    options = dict(
        agent=agent,
        model=args.model,
        max_steps=opts.max_steps,
        viewport=viewport,
        stack=args.stack,
        observation=opts.observation,
        image_root=image_root,
        expect_reward=opts.expect_reward,
        scoring=opts.scoring,
        record_network=opts.record_network,
        require_complete_observations=opts.require_complete_observations,
    )
    workers = args.workers if args.workers > 0 else 1
    run = RayRun(
        tasks=tasks,
        options=options,
        results_dir=results,
        retries=1 if args.retries is None else args.retries,
        workers=workers,
        address=os.environ.get("RAY_ADDRESS") or None,
    )
    code = run_on_ray(run)
    if not (args.resume or args.results):
        point_latest(results)
    return code
