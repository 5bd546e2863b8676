"""How many browser round trips a task's proof costs: counted, not timed (a loaded machine moves the timings,
not the counts).

A sample of tasks (every N-th of each suite) is proven in this process as make test's task pass proves each
(sighted agent, --prove, whole observations), one browser, one after another; every ChromeDriver request
(by WebDriver command; a DevTools command relayed by ChromeDriver as `cdp:<method>`) and every command sent on
Chromium's own DevTools sockets (`ws:<method>`) is counted, by phase of the run. Printed: the requests per task
of each kind and of each phase, ChromeDriver's first, and each task's outcome (a proof that fails is reported,
since a cheaper step that breaks a proof is no gain).

    python scripts/round_trips.py [--every N] [--suite classifieds ...]

`make bench` runs it (benchmarks/bench_round_trips.py, in a process of its own: the benchmarks use the project as
a user does, not its packages' insides).
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from unittest import mock

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))

from benchmarks.sample import SUITES, every_nth_task  # noqa: E402


class Counter:
    """Requests by (phase, name); `phase` is set by the run as it goes."""

    def __init__(self) -> None:
        self.phase = "start"
        self.counts: collections.Counter = collections.Counter()

    def add(self, name: str) -> None:
        self.counts[(self.phase, name)] += 1

    @contextlib.contextmanager
    def installed(self) -> Iterator[None]:
        """Count every ChromeDriver request and DevTools socket command of this process while the block runs."""
        from selenium.webdriver.remote.remote_connection import RemoteConnection

        from agent.browser.devtools import DevToolsPage

        execute, send = RemoteConnection.execute, DevToolsPage.send
        counter = self

        def counting_execute(connection, command, params):
            counter.add(f"cdp:{params.get('cmd')}" if command == "vwaCdp" else command)
            return execute(connection, command, params)

        def counting_send(page, method, params=None):
            counter.add(f"ws:{method}")
            return send(page, method, params)

        with (
            mock.patch.object(RemoteConnection, "execute", counting_execute),
            mock.patch.object(DevToolsPage, "send", counting_send),
        ):
            yield


def sample(every: int, suites: tuple[str, ...]) -> list[tuple[str, int]]:
    """(suite, task id) of every `every`-th task of each suite."""
    return [(suite, int(task["task_id"])) for suite, task in every_nth_task(every, suites)]


def counting_runtime(counter: Counter, results: Path, sites: set[str]):
    """make test's task pass as one Runtime, which tells `counter` the phase of the run it is in (the null
    proof apart from the episode)."""
    from evaluation.running.runtime import RunOptions, Runtime

    class CountingRuntime(Runtime):
        def _phase(self, name, run, step) -> None:
            counter.phase = name
            super()._phase(name, run, step)

        def _null_proof(self, run) -> Callable[[], bool]:
            hook = super()._null_proof(run)

            def counted() -> bool:
                counter.phase = "null proof"
                try:
                    return hook()
                finally:
                    counter.phase = "steps"

            return counted

    return CountingRuntime(
        RunOptions(
            agent="sighted",
            results_dir=results,
            worker="round-trips",
            require_complete_observations=True,
            frames="failed",
            prove=True,
        ),
        needed_sites=sites,
    )


@contextlib.contextmanager
def phase_of_open(counter: Counter) -> Iterator[None]:
    """The env's open() (the start pages) and the observation after it count as "open + first observation";
    what follows in the episode as "steps"."""
    from agent.browser.env import BrowserEnv

    open_, observe = BrowserEnv.open, BrowserEnv.observe

    def opening(env, urls):
        counter.phase = "open + first observation"
        return open_(env, urls)

    def observing(env):
        try:
            return observe(env)
        finally:
            if counter.phase == "open + first observation":
                counter.phase = "steps"

    with mock.patch.object(BrowserEnv, "open", opening), mock.patch.object(BrowserEnv, "observe", observing):
        yield


def run(picked: list[tuple[str, int]]) -> tuple[Counter, list[str], int, float]:
    """Prove the picked tasks (the first one twice: its first run starts the sites and the browser and is not
    counted); the counter, the failures, the tasks counted and their wall time."""
    from evaluation.bgym import suites
    from evaluation.running.proof import proof_failures
    from evaluation.running.runtime import sites_of

    counter = Counter()
    failures = []
    tasks = [suites.load(suite, task_id) for suite, task_id in picked]
    with tempfile.TemporaryDirectory(prefix="bench-round-trips-") as tmp:
        runtime = counting_runtime(counter, Path(tmp) / "results", set().union(*(sites_of(t) for t in tasks)))
        try:
            runtime.run_task(tasks[0])  # warm-up: sites and browser start
            with counter.installed(), phase_of_open(counter):
                start = time.perf_counter()
                for (suite, task_id), task in zip(picked, tasks, strict=True):
                    outcome = runtime.run_task(task)
                    problems = [outcome.error] if outcome.error else []
                    if outcome.reward is not None and outcome.reward.score != 1:
                        problems.append(f"reward {outcome.reward.score}")
                    problems += proof_failures(outcome.record)
                    if problems:
                        failures.append(f"{suite}/{task_id}: " + "; ".join(str(p) for p in problems))
                wall = time.perf_counter() - start
        finally:
            runtime.close()
    return counter, failures, len(picked), wall


def report(counter: Counter, tasks: int) -> str:
    by_name: collections.Counter = collections.Counter()
    by_phase: collections.Counter = collections.Counter()
    driver_by_phase: collections.Counter = collections.Counter()
    for (phase, name), n in counter.counts.items():
        by_name[name] += n
        by_phase[phase] += n
        if not name.startswith("ws:"):
            driver_by_phase[phase] += n
    driver = sum(n for name, n in by_name.items() if not name.startswith("ws:"))
    socket = sum(n for name, n in by_name.items() if name.startswith("ws:"))
    lines = [
        f"per task: {driver / tasks:.1f} ChromeDriver requests, {socket / tasks:.1f} DevTools socket commands",
        "",
        f"{'request':<40} {'per task':>9}",
    ]
    for name, n in sorted(by_name.items(), key=lambda kv: (kv[0].startswith("ws:"), -kv[1], kv[0])):
        lines.append(f"{name:<40} {n / tasks:>9.2f}")
    lines += ["", f"{'phase':<30} {'ChromeDriver':>13} {'all':>7}   (per task)"]
    for phase, n in sorted(by_phase.items(), key=lambda kv: -kv[1]):
        lines.append(f"{phase:<30} {driver_by_phase[phase] / tasks:>13.2f} {n / tasks:>7.2f}")
        named = sorted(
            ((name, k) for (p, name), k in counter.counts.items() if p == phase and not name.startswith("ws:")),
            key=lambda kv: (-kv[1], kv[0]),
        )
        lines.append("    " + ", ".join(f"{name} {k / tasks:.2f}" for name, k in named))
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python scripts/round_trips.py")
    parser.add_argument("--every", type=int, default=60, help="prove every N-th task of each suite (default 60)")
    parser.add_argument("--suite", action="append", choices=SUITES, help="only these suites (default: all)")
    args = parser.parse_args(argv)
    picked = sample(args.every, tuple(args.suite or SUITES))
    if not picked:
        print("no task files in tasks/: nothing to count")
        return
    counter, failures, tasks, wall = run(picked)
    print(
        f"round trips: {tasks} tasks (every {args.every}th of each suite), one browser, in {wall:.1f} s "
        f"({wall / tasks:.3f} s per task; timings move with the load, the counts do not)"
    )
    print(report(counter, tasks))
    if failures:
        raise RuntimeError("proofs failed:\n" + "\n".join(failures))


if __name__ == "__main__":
    main(sys.argv[1:])
