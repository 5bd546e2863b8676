"""Merge run folders (the shards of one run, made on several machines with `--shard I/N`) into one.

    python -m evaluation.report merge results/shard1 results/shard2 --out results/merged [--allow-mixed]

The merged folder holds each task once (`results.jsonl`: the line the task's own folder counts, see
`results.read_results`; a task found in several folders keeps its scored line over an error over a skip,
then the latest), the trajectories of those lines with their frames and network logs, the auto-evaluator's
verdicts of those tasks, `usage.json`, `merge.json` (where each line came from), and a fresh report
(report.md, summary.json, report.html). Folders whose results differ in agent, model or scoring mode are
refused, naming what differs and where, unless `allow_mixed`.
"""

from __future__ import annotations

import json
import re
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import environment
from .results import RESULTS_FILE, append_result, read_results, task_key

MATCHED = ("agent", "model", "scoring")  # what every merged line must share (unless allow_mixed)
_RANK = {"scored": 2, "error": 1, "skipped": 0}
TRAJECTORIES = "trajectories"
_FRAME_SRC = re.compile(r'src="frames/([0-9A-Za-z_.-]+)"')  # agent.trajectory's frames/<pixel hash>.webp


class MergeError(ValueError):
    """The folders cannot be merged (missing results, mixed settings, an output folder in use)."""


@dataclass
class MergeResult:
    out: Path
    tasks: int
    by_source: dict[str, int] = field(default_factory=dict)  # folder -> tasks taken from it
    duplicates: list[str] = field(default_factory=list)  # tasks found in more than one folder
    mixed: dict[str, dict[str, list[object]]] = field(default_factory=dict)
    environment_differences: list[str] = field(default_factory=list)  # lines: what another machine ran with


def _settings(records: list[dict[str, Any]]) -> dict[str, set[object]]:
    """The agents, models and scoring modes of a folder's results (skipped tasks ran nothing: left out)."""
    values: dict[str, set[object]] = {k: set() for k in MATCHED}
    for r in records:
        if r.get("status") != "skipped":
            for k in MATCHED:
                values[k].add(r.get(k))
    return values


def differences(per_folder: dict[str, list[dict[str, Any]]]) -> dict[str, dict[str, list[object]]]:
    """{setting: {folder: its values}} for each of MATCHED on which the folders' results disagree."""
    found: dict[str, dict[str, list[object]]] = {}
    settings = {folder: _settings(records) for folder, records in per_folder.items()}
    for key in MATCHED:
        every = set().union(*(s[key] for s in settings.values())) if settings else set()
        if len(every) > 1:
            found[key] = {folder: sorted(s[key], key=str) for folder, s in settings.items() if s[key]}
    return found


def _better(new: dict[str, Any], old: dict[str, Any]) -> bool:
    a, b = _RANK.get(str(new.get("status")), -1), _RANK.get(str(old.get("status")), -1)
    if a != b:
        return a > b
    return (new.get("started_at") or 0) >= (old.get("started_at") or 0)


def merge_runs(sources: list[Path], out: Path, allow_mixed: bool = False) -> MergeResult:
    sources = [Path(s) for s in sources]
    out = Path(out)
    if not sources:
        raise MergeError("nothing to merge: give the run folders (DIR...)")
    resolved = [s.resolve() for s in sources]
    if len(set(resolved)) != len(resolved):
        raise MergeError("a folder is given twice: " + ", ".join(str(s) for s in sources))
    if out.resolve() in resolved:
        raise MergeError(f"--out {out} is one of the folders to merge: write the merge to a new folder")
    if (out / RESULTS_FILE).exists():
        raise MergeError(f"--out {out} already holds a {RESULTS_FILE}: choose a new or empty folder")
    per_folder: dict[str, list[dict[str, Any]]] = {}
    for source in sources:
        if not (source / RESULTS_FILE).is_file():
            raise MergeError(f"{source}: no {RESULTS_FILE} there (is it a run folder?)")
        try:
            per_folder[str(source)] = read_results(source)
        except ValueError as exc:
            raise MergeError(str(exc)) from None

    mixed = differences(per_folder)
    if mixed and not allow_mixed:
        detail = "; ".join(
            f"{key}: "
            + ", ".join(f"{', '.join(repr(v) for v in values)} in {folder}" for folder, values in where.items())
            for key, where in mixed.items()
        )
        raise MergeError(
            f"the folders' results differ ({detail}); merging them would mix different runs in "
            "one table: merge folders of one run only, or pass --allow-mixed"
        )

    chosen: dict[tuple[str, object], tuple[str, dict[str, Any]]] = {}
    seen: dict[tuple[str, object], list[str]] = {}
    for folder, records in per_folder.items():
        for record in records:
            key = task_key(record)
            seen.setdefault(key, []).append(folder)
            if key not in chosen or _better(record, chosen[key][1]):
                chosen[key] = (folder, record)

    out.mkdir(parents=True, exist_ok=True)
    result = MergeResult(
        out=out,
        tasks=len(chosen),
        mixed=mixed,
        duplicates=[
            f"{name}#{task_id} (in {', '.join(folders)})"
            for (name, task_id), folders in seen.items()
            if len(folders) > 1
        ],
    )
    for folder, record in chosen.values():
        append_result(out, record)
        result.by_source[folder] = result.by_source.get(folder, 0) + 1
        _copy_episode_files(Path(folder), out, record)
    _merge_autoeval(per_folder, chosen, out)
    environments = {f: environment.read(Path(f)) for f in per_folder}
    first_folder = next(iter(per_folder))
    if environments[first_folder] is not None:
        (out / environment.FILE).write_text(
            json.dumps(environments[first_folder], indent=1, sort_keys=True) + "\n", encoding="utf-8"
        )
    result.environment_differences = [
        f"{folder}: {line}"
        for folder in per_folder
        if folder != first_folder
        for line in environment.differences(environments[first_folder], environments[folder], (first_folder, folder))
    ]
    (out / "merge.json").write_text(
        json.dumps(
            {
                "sources": [
                    {"folder": f, "tasks_taken": result.by_source.get(f, 0), "tasks_there": len(r)}
                    for f, r in per_folder.items()
                ],
                "tasks": result.tasks,
                "duplicates": result.duplicates,
                "mixed": mixed,
                "environment_differences": result.environment_differences,
                "merged_at": time.time(),
            },
            indent=2,
            default=str,
        )
        + "\n",
        encoding="utf-8",
    )
    return result


def _copy_episode_files(source: Path, out: Path, record: dict[str, Any]) -> None:
    """The task's trajectory page and the files named after it (its network log), and the frames the page
    shows (named by their pixels: a frame already in the merged folder is the same image)."""
    src, dst = source / TRAJECTORIES, out / TRAJECTORIES
    stem = f"{record.get('site')}_{record.get('task_id')}"
    page = src / f"{stem}.html"
    if not src.is_dir():
        return
    dst.mkdir(parents=True, exist_ok=True)
    for path in [page, *src.glob(f"{stem}.*.*")]:
        if path.is_file():
            shutil.copy2(path, dst / path.name)
    if page.is_file():
        frames = dst / "frames"
        for name in set(_FRAME_SRC.findall(page.read_text(encoding="utf-8", errors="replace"))):
            frame = src / "frames" / name
            if frame.is_file() and not (frames / name).exists():
                frames.mkdir(exist_ok=True)
                shutil.copy2(frame, frames / name)


def _merge_autoeval(
    per_folder: dict[str, list[dict[str, Any]]], chosen: dict[tuple[str, object], tuple[str, dict[str, Any]]], out: Path
) -> None:
    from .autoeval_report import AUTOEVAL_FILE, read_autoeval

    rows = []
    for folder in per_folder:
        for row in read_autoeval(Path(folder)):
            picked = chosen.get(task_key(row))
            if picked is not None and picked[0] == folder:
                rows.append(row)
    if rows:
        (out / AUTOEVAL_FILE).write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8"
        )
