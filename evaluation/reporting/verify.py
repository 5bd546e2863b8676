"""`make verify`: can this checkout reproduce its data and its reference results?

    python -m evaluation.verify [--workers 2,4] [--skip-runs] [--keep DIR]
    python -m evaluation.verify --write-manifest          # `make verify-manifest`: rewrite the manifest

1. Regenerates the data of every embedded site (SEED and SCALE of the environment) into a temporary
   folder, never into data/, and compares its fingerprints (evaluation.reporting.fingerprints: databases as an
   ordered SQL dump, the ZIM by its entries, a sample of rendered photos by their pixels) and those of
   the task files and task images with the committed manifest `data-manifest.json`.
2. Rebuilds the task suites from the regenerated data and checks they equal the committed task files.
3. Runs the reference agent over the whole suite twice, with two worker counts, on the regenerated
   data, and checks every task has the same status, reward, answer and final URL (ports masked) in both.
Prints a short verdict; exit code 0 when everything holds, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from sites.config import PROJECT_ROOT, Settings

from . import environment
from .fingerprints import file_digest, photo_digest, sqlite_digest, zim_digest
from .results import read_results

MANIFEST = PROJECT_ROOT / "data-manifest.json"
TASKS_DIR = PROJECT_ROOT / "tasks"


# ---- data ------------------------------------------------------------------------------------------
def _rows(db: Path, sql: str) -> list[sqlite3.Row]:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    con.row_factory = sqlite3.Row
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def sites_with_data() -> tuple[str, ...]:
    """The registered sites that generate data (sites/registry.py: a spec with `data`), in registration order."""
    from sites.registry import DATA

    return tuple(DATA)


def generate_site(site: str, data_dir: Path, seed: int, scale: str | int) -> str:
    """Generate the site's data in `data_dir` if missing; the site's line saying what it made."""
    from sites.registry import DATA

    if site not in DATA:
        raise ValueError(f"no generated data for site {site!r}")
    return DATA[site].generate(data_dir, seed, scale)


def site_fingerprints(
    site: str, data_dir: Path, seed: int, scale: str | int, failures: list[str] | None = None
) -> dict[str, str]:
    """Generate (if needed) the data of one site in `data_dir` and return its fingerprints, as its spec names them;
    sampled photos that cannot be rendered are named in `failures`."""
    from sites.registry import DATA

    failures = [] if failures is None else failures
    generate_site(site, data_dir, seed, scale)
    found = {}
    for part in DATA[site].fingerprints(data_dir, seed, scale):
        if part.kind == "sqlite":
            found[part.key] = sqlite_digest(part.path)
        elif part.kind == "zim":
            found[part.key] = zim_digest(part.path)
        elif part.kind == "photos" and part.render is not None:
            found[part.key] = photo_digest(_rows(part.path, part.photo_sql), part.render, failures)
        else:
            raise ValueError(f"{site}: fingerprint {part.key} of unknown kind {part.kind!r} (or photos without render)")
    return found


def task_fingerprints(tasks_dir: Path = TASKS_DIR) -> dict[str, str]:
    """The bytes of the committed task files, task images and the sighted agent's pictures (tasks/sight/)."""
    files = sorted(tasks_dir.glob("*.json")) + sorted(p for p in (tasks_dir / "images").rglob("*") if p.is_file())
    files += sorted(p for p in (tasks_dir / "sight").rglob("*") if p.is_file())
    return {f"tasks/{p.relative_to(tasks_dir).as_posix()}": file_digest(p) for p in files}


def compare(expected: dict[str, str], found: dict[str, str]) -> list[str]:
    """Differences between two fingerprint maps, one readable line each."""
    lines = [f"changed: {k}" for k in sorted(expected) if k in found and found[k] != expected[k]]
    lines += [f"missing: {k} (in the manifest, not produced)" for k in sorted(expected) if k not in found]
    lines += [f"new: {k} (produced, not in the manifest)" for k in sorted(found) if k not in expected]
    return lines


def read_manifest(path: Path = MANIFEST) -> dict[str, Any]:
    try:
        manifest: dict[str, Any] = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SystemExit(f"error: no manifest {path}: write it with `make verify-manifest`") from None
    except ValueError as exc:
        raise SystemExit(f"error: {path} is not JSON ({exc})") from None
    if not isinstance(manifest.get("entries"), dict):
        raise SystemExit(f"error: {path} has no 'entries' object")
    return manifest


# ---- reference runs ------------------------------------------------------------------------------------
_ORIGIN = re.compile(r"https?://[^/\s]+")


def outcome(record: dict[str, Any]) -> dict[str, Any]:
    """What must not depend on the run: status, reward, answer, and the final URL with its origin masked
    (every worker serves the sites on ports of its own)."""
    url = record.get("final_url")
    return {
        "status": record.get("status"),
        "reward": record.get("reward"),
        "answer": record.get("answer"),
        "final_url": _ORIGIN.sub("<site>", url) if isinstance(url, str) else url,
    }


def compare_runs(first: list[dict[str, Any]], second: list[dict[str, Any]]) -> list[str]:
    """Tasks whose outcome differs between two runs (or that one run lacks), one readable line each."""

    def key(r: dict[str, Any]) -> tuple[str, str]:
        return (Path(str(r.get("task_file"))).name, str(r.get("task_id")))

    a, b = {key(r): outcome(r) for r in first}, {key(r): outcome(r) for r in second}
    lines = []
    for k in sorted(set(a) | set(b)):
        name = f"{k[0]}#{k[1]}"
        if k not in a or k not in b:
            lines.append(f"{name}: only in the {'second' if k not in a else 'first'} run")
            continue
        diff = [f"{field} {a[k][field]!r} vs {b[k][field]!r}" for field in a[k] if a[k][field] != b[k][field]]
        if diff:
            lines.append(f"{name}: " + "; ".join(diff))
    return lines


def reference_run(results: Path, workers: int, env: dict[str, Any]) -> list[dict[str, Any]]:
    cmd = [
        sys.executable,
        "-m",
        "evaluation.run",
        "--agent",
        "reference",
        "--workers",
        str(workers),
        "--results",
        str(results),
        "--",
        "-q",
    ]
    shutil.rmtree(results, ignore_errors=True)  # a kept folder from an earlier verify: start afresh
    print(f"  reference run, {workers} workers -> {results}", flush=True)
    done = subprocess.run(cmd, cwd=PROJECT_ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise RuntimeError(
            f"the reference run with {workers} workers failed (exit {done.returncode}): {done.stderr.strip()[-500:]}"
        )
    return read_results(results)


# ---- the command -------------------------------------------------------------------------------------------
def _workers(text: str) -> tuple[int, int]:
    parts = [p for p in text.split(",") if p.strip()]
    if len(parts) != 2 or not all(p.strip().isdigit() and int(p) > 0 for p in parts) or parts[0] == parts[1]:
        raise argparse.ArgumentTypeError(f"{text!r}: expected two different worker counts, e.g. 2,4")
    return int(parts[0]), int(parts[1])


def _load() -> str:
    try:
        return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "load average unknown"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m evaluation.verify",
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--workers", type=_workers, default=(2, 4), help="the two worker counts (default 2,4)")
    p.add_argument("--skip-runs", action="store_true", help="check the data and task files only")
    p.add_argument("--write-manifest", action="store_true", help="rewrite data-manifest.json from fresh data")
    p.add_argument("--manifest", type=Path, default=MANIFEST)
    p.add_argument("--keep", type=Path, default=None, help="work in this folder and keep it (default: a temporary one)")
    args = p.parse_args(argv)

    settings = Settings()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="vwa-verify-") as tmp:
        work = args.keep.resolve() if args.keep else Path(tmp)
        data_dir = work / "data"
        data_dir.mkdir(parents=True, exist_ok=True)
        print(
            f"Regenerating the sites' data (seed {settings.seed}, scale {settings.scale}) into {data_dir}", flush=True
        )
        found: dict[str, str] = {}
        unrenderable: list[str] = []
        for site in sites_with_data():
            before = len(unrenderable)
            found.update(site_fingerprints(site, data_dir, settings.seed, settings.scale, unrenderable))
            unrenderable[before:] = [f"{site} {line}" for line in unrenderable[before:]]
        found.update(task_fingerprints())
        if args.write_manifest:
            written = {
                "seed": settings.seed,
                "scale": settings.scale,
                "about": "fingerprints checked by `make verify`; rewritten by `make verify-manifest` "
                "(see evaluation/reporting/fingerprints.py for the canonical forms)",
                "environment": environment.describe(),  # what wrote it: told when verify fails
                "entries": found,
            }
            args.manifest.write_text(json.dumps(written, indent=1, sort_keys=True) + "\n", encoding="utf-8")
            print(f"Wrote {args.manifest} ({len(found)} entries)")
            return 0

        problems: list[str] = []
        manifest = read_manifest(args.manifest)
        if (manifest.get("seed"), str(manifest.get("scale"))) != (settings.seed, str(settings.scale)):
            problems.append(
                f"the manifest is for seed {manifest.get('seed')}, scale {manifest.get('scale')}; "
                f"this environment has seed {settings.seed}, scale {settings.scale}"
            )
        data_diff = compare(manifest["entries"], found)
        problems += [f"data: {line}" for line in data_diff]
        env_diff = environment.differences(
            manifest.get("environment"), environment.describe(), ("manifest", "this machine")
        )
        print(f"  data: {len(found)} fingerprints, {len(data_diff)} differ from {args.manifest.name}", flush=True)

        env = {**os.environ, "DATA_DIR": str(data_dir), "PYTHONUNBUFFERED": "1"}
        build = subprocess.run(
            [sys.executable, "-m", "tasks.build", "--check"], cwd=PROJECT_ROOT, env=env, capture_output=True, text=True
        )
        if build.returncode != 0:
            problems.append(
                "tasks: rebuilt from the regenerated data, the suites differ from the committed files: "
                + " ".join(build.stderr.split())[:600]
            )
        print(
            f"  tasks: rebuilt from the regenerated data, {'equal' if build.returncode == 0 else 'DIFFERENT'}",
            flush=True,
        )

        runs_line = "reference runs: skipped (--skip-runs)"
        if not args.skip_runs:
            (w1, w2), runs = args.workers, []
            try:
                for w in (w1, w2):
                    runs.append(reference_run(work / f"run-{w}-workers", w, env))
            except RuntimeError as exc:
                problems.append(str(exc))
            if len(runs) == 2:
                diff = compare_runs(*runs)
                problems += [f"runs: {line}" for line in diff]
                problems += [
                    f"runs: environment: {line}"
                    for line in environment.differences(
                        environment.read(work / f"run-{w1}-workers"),
                        environment.read(work / f"run-{w2}-workers"),
                        (f"{w1} workers", f"{w2} workers"),
                    )
                ]
                scored = [r for r in runs[0] if r.get("status") != "skipped"]
                failed = [
                    f"{r.get('test_id')}: {r.get('error') or 'reward ' + str(r.get('reward'))}"
                    for run in runs
                    for r in run
                    if r.get("status") != "skipped" and r.get("reward") != 1
                ]
                problems += [f"runs: the reference solution did not score 1: {line}" for line in failed[:20]]
                runs_line = (
                    f"reference runs with {w1} and {w2} workers: {len(scored)} tasks, "
                    f"{len(diff)} differ in status, reward, answer or final URL; "
                    f"{sum(1 for r in scored if r.get('reward') == 1)} scored 1"
                )
        minutes, seconds = divmod(int(time.monotonic() - started), 60)
        print()
        print(f"make verify: {'PASS' if not problems else 'FAIL'}  ({minutes} min {seconds:02d} s, {_load()})")
        print(
            f"  data and task files: {len(found)} fingerprints, "
            f"{'all match' if not data_diff else f'{len(data_diff)} differ'} ({args.manifest.name})"
        )
        print(f"  task suites rebuilt from the regenerated data: {'equal' if build.returncode == 0 else 'different'}")
        print(f"  {runs_line}")
        if unrenderable:
            print(
                f"  warning: {len(unrenderable)} sampled photo(s) cannot be rendered (a data defect, the same in "
                f"every build): " + "; ".join(unrenderable[:3])
            )
        if env_diff:
            print(
                f"  environment: {len(env_diff)} difference(s) from the one that wrote {args.manifest.name} "
                "(python, packages, browser, CPU; a changed fingerprint above may come from one of these):"
            )
            for line in env_diff:
                print(f"    {line}")
        for line in problems[:40]:
            print(f"  - {line}")
        if len(problems) > 40:
            print(f"  ... and {len(problems) - 40} more")
        return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
