"""What a task's proof costs: make test's task pass on a sample of every suite, and where its time went.

A sample (every 20th task of each suite by default) is proven as `make test-tasks` proves every task (sighted
agent, --prove, whole observations, frames only on failure), with make test's workers; printed: the wall
time per task of the sample (the target is 0.5 s on 2 cores), its CPU time per task (of the whole process
tree, which a loaded machine changes much less than the wall time), that CPU split by process (Chromium's browser,
GPU, renderer and utility processes, ChromeDriver, the sites, pytest and its workers) and the phase table of its
result lines (evaluation/reporting/phases.py), so each phase's share can be followed from one change to the next.

    python -m benchmarks proof                                 # every 20th task, make test's workers
    python -m benchmarks.bench_proof [--every N] [--workers N]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from benchmarks.sample import every_nth_task

PROJECT = Path(__file__).resolve().parent.parent


def sample(every: int) -> list[str]:
    """pytest node ids of every `every`-th task of each suite (an item is named by its main site)."""
    return [f"tasks/{suite}.json::{task['sites'][0]}/{task['task_id']}" for suite, task in every_nth_task(every)]


class TreeCPU(threading.Thread):
    """User + system CPU seconds of a process and all its descendants (pytest, its workers, their sites,
    ChromeDriver, Chromium's processes), read from /proc every `period` seconds: what a process spent after the
    last reading before it ended is missed (getrusage's children figures miss more: Chromium's processes are
    not reaped by the processes that started them). Linux only; elsewhere 0."""

    def __init__(self, root: int, period: float = 0.2, lines: Path | None = None):
        super().__init__(daemon=True)
        self.root, self.period, self.lines = root, period, lines
        # (result lines written, CPU seconds of the tree then) each time `lines` grew: what the tasks cost once
        # every worker has started its browser and imported its modules (steady_seconds_per_task)
        self.marks: list[tuple[int, float]] = []
        self.spent: dict[tuple[int, str], int] = {}  # (pid, start time) -> clock ticks
        self.kinds: dict[tuple[int, str], str] = {}  # (pid, start time) -> what the process is (process_kind)
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.wait(self.period):
            self.read()
            self.mark()

    def mark(self) -> None:
        if self.lines is None or not self.lines.is_file():
            return
        try:
            written = self.lines.read_bytes().count(b"\n")
        except OSError:
            return
        if not self.marks or written > self.marks[-1][0]:
            self.marks.append((written, self.seconds()))

    def steady_seconds_per_task(self, after: int) -> float | None:
        """CPU seconds per task between the `after`-th result line and the last (None: too few lines): the
        start-up of each worker (its imports, its browser and that browser's first renderers, its sites), which
        a sample of a few dozen tasks pays in large part and make test's 1,150 tasks hardly, left out."""
        first = next(((n, cpu) for n, cpu in self.marks if n >= after), None)
        if first is None or not self.marks or self.marks[-1][0] <= first[0]:
            return None
        last = self.marks[-1]
        return (last[1] - first[1]) / (last[0] - first[0])

    def stop(self) -> None:
        self.done.set()
        self.join()

    def read(self) -> None:
        parents: dict[int, int] = {}
        ticks: dict[int, tuple[str, int]] = {}
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue  # ended meanwhile
            pid = int(stat.parent.name)
            parents[pid] = int(fields[1])
            ticks[pid] = (fields[19], int(fields[11]) + int(fields[12]))
        for pid, (started, used) in ticks.items():
            ancestor = pid
            while ancestor not in (self.root, 0, 1) and ancestor in parents:
                ancestor = parents[ancestor]
            if ancestor == self.root:
                self.spent[(pid, started)] = used
                # read each time: a process seen between its fork and its exec (Debian's chromium is a shell
                # script that execs the browser) has its parent's command line at first; an ended one not yet
                # reaped has none, and keeps what it was
                kind = process_kind(pid)
                if kind != "other" or (pid, started) not in self.kinds:
                    self.kinds[(pid, started)] = kind

    def seconds(self) -> float:
        return sum(self.spent.values()) / os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 0.0

    def by_kind(self) -> dict[str, float]:
        """CPU seconds by what the processes are (process_kind), most first."""
        ticks: dict[str, int] = {}
        for key, used in self.spent.items():
            kind = self.kinds.get(key, "other")
            ticks[kind] = ticks.get(kind, 0) + used
        per_second = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
        return {kind: used / per_second for kind, used in sorted(ticks.items(), key=lambda item: -item[1])}

    def counts(self) -> dict[str, int]:
        """How many processes of each kind the run started (a renderer per new tab or browsing instance...)."""
        counted: dict[str, int] = {}
        for key in self.spent:
            kind = self.kinds.get(key, "other")
            counted[kind] = counted.get(kind, 0) + 1
        return counted


def process_kind(pid: int) -> str:
    """What a process of the proof's tree is, from its command line: Chromium's browser process, its GPU
    process (compositing and the screenshots' pixels), its renderers (the zygote's children keep its command
    line), its utility processes; ChromeDriver; the sites' servers; pytest and its workers (the harness and the
    sighted agent)."""
    try:
        words = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").split()
    except OSError:
        return "other"
    program = Path(words[0]).name if words else ""
    kind = next((w.split("=", 1)[1] for w in words if w.startswith("--type=")), None)
    if "chrom" in program and "driver" not in program:
        names = {None: "Chromium browser process", "gpu-process": "Chromium GPU process", "utility": "Chromium utility"}
        return names.get(kind, "Chromium renderers")
    if "chromedriver" in program:
        return "ChromeDriver"
    if "kiwix" in program or any(w in ("sites", "sites.serve") or w.startswith("sites.") for w in words[1:3]):
        return "sites"
    if program.startswith("python"):
        return "pytest and its workers"
    return "other"


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks proof")
    parser.add_argument("--every", type=int, default=20, help="prove every N-th task of each suite (default 20)")
    parser.add_argument(
        "--workers",
        type=int,
        default=int(os.environ.get("TEST_WORKERS", (os.cpu_count() or 2) + 1)),
        help="pytest-xdist workers (default: make test's, the cores plus one)",
    )
    args = parser.parse_args(argv)
    ids = sample(args.every)
    if not ids:
        print("no task files in tasks/: nothing to prove")
        return
    with tempfile.TemporaryDirectory(prefix="bench-proof-") as tmp:
        results = Path(tmp) / "results"
        command = [
            sys.executable,
            "-m",
            "pytest",
            *ids,
            "-n",
            str(args.workers),
            "-q",
            "-p",
            "no:cacheprovider",
            "--agent",
            "sighted",
            "--prove",
            "--require-complete-observations",
            "--frames",
            "failed",
            "--results",
            str(results),
        ]
        start = time.perf_counter()
        with subprocess.Popen(command, cwd=PROJECT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as run:
            meter = TreeCPU(run.pid, lines=results / "results.jsonl")
            meter.start()
            out, err = run.communicate()
            meter.stop()
        done = subprocess.CompletedProcess(command, run.returncode, out, err)
        wall = time.perf_counter() - start
        cpu = meter.seconds()
        kinds = meter.by_kind()
        counts = meter.counts()
        steady = meter.steady_seconds_per_task(after=args.workers)
        if done.returncode != 0:
            tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
            raise RuntimeError(f"the sample's proofs failed (exit {done.returncode}):\n{tail}")
        # the table by its own command: a benchmark uses the project as a user does, not its packages' insides
        table = subprocess.run(
            [sys.executable, "-m", "evaluation.reporting.phases", str(results)],
            cwd=PROJECT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    print(
        f"proof cost: {len(ids)} tasks (every {args.every}th of each suite) with {args.workers} workers in "
        f"{wall:.1f} s, pytest's start-up included: {wall / len(ids):.3f} s of wall time per task "
        f"(target 0.5 s on 2 cores); {cpu / len(ids):.2f} s of CPU per task (user + system of the whole "
        f"process tree: pytest, its workers, the sites, ChromeDriver and Chromium; a loaded machine's wall time "
        f"is noise, its CPU time much less)"
    )
    print(
        "CPU per task by process: "
        + ", ".join(f"{kind} {seconds / len(ids):.3f} s" for kind, seconds in kinds.items() if seconds > 0)
    )
    if steady is not None:
        print(
            f"CPU per task once every worker is going: {steady:.2f} s (from the {args.workers}th result line to the "
            f"last: the start-up of the workers, their browsers and sites left out, as over make test's whole pass)"
        )
    print("processes seen: " + ", ".join(f"{kind} {counts.get(kind, 0)}" for kind in kinds))
    print(table)


if __name__ == "__main__":  # `python -m benchmarks proof` runs the defaults; this module alone takes the options
    main(sys.argv[1:])
