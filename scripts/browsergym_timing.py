"""Time per task of the two paths on the same tasks, interleaved task by task so that both see the same load:
the pytest/Selenium path (the reference agent, one Runtime, as a pytest worker runs it), and the BrowserGym path
(gym.make, reset, the reference solution replayed as BrowserGym actions, close) six ways:

- raw: the process's Chromiums, chat page, browser context and first tab kept across episodes (evaluation/bgym/reuse.py,
  keptcontext.py: the context emptied between episodes), no fixed pause before an
  observation, and BrowserGym's `use_raw_page_output` (no screenshot, DOM snapshot or accessibility tree per step;
  the replay marks the page with BrowserGym's own routine);
- raw-new-contexts: as raw, but a new browser context and first tab per episode, as BrowserGym makes them;
- raw-stock-stacks: as raw, but with Playwright's own stack capture at every call (evaluation/bgym/quickstack.py);
- full: the same as raw with BrowserGym's whole observation at every step (as the tests run it);
- fresh-chat: as full, but a new chat window (context, page) per episode, as BrowserGym makes it;
- defaults: BrowserGym's defaults (two new Chromiums per episode, 0.5 s before each observation, whole observation).

    python scripts/browsergym_timing.py [SUITE] [N] [PATHS]   # default: classifieds 10 (N tasks spread over the
                                                              # ids), every path (PATHS: e.g. selenium,full)
    bash /work/cpurun.sh .venv/bin/python scripts/browsergym_timing.py classifieds 5   # with CPU seconds

Prints each task's reward and wall time on each, their medians, and the load average (on a shared machine the
wall times scale with it). Run inside a cpuacct cgroup of its own (e.g. under cpurun.sh), it also prints the CPU
seconds of each episode: the whole process tree's, Chromium's and the sites' included. Needs the browsergym extra.
"""

from __future__ import annotations

import functools
import math
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
MODES = ("raw", "raw-new-contexts", "raw-stock-stacks", "full", "fresh-chat", "defaults")


def _cpu_counter() -> Callable[[], float] | None:
    """The CPU seconds of this process's cpuacct cgroup, if it has one of its own (not the root's)."""
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        if "cpuacct" in controllers.split(",") and path != "/":
            usage = Path("/sys/fs/cgroup/cpuacct") / path.lstrip("/") / "cpuacct.usage"
            if usage.exists():
                return lambda: int(usage.read_text()) / 1e9
    return None


def _browsergym_episode(suite: str, task_id: int, mode: str) -> float:
    import gymnasium as gym
    from browsergym.core.action.highlevel import HighLevelActionSet

    import browsergym.vwa_arena  # noqa: F401
    from evaluation.bgym.quickstack import stock_stacks
    from evaluation.bgym.replay import replay
    from evaluation.bgym.reuse import keep_browsers, release

    if mode == "defaults":
        release()
    else:
        keep_browsers(chat=mode != "fresh-chat", contexts=mode != "raw-new-contexts")
        if mode == "raw-stock-stacks":
            stock_stacks()
    actions = HighLevelActionSet(subsets=["chat", "infeas", "bid", "nav", "tab"], multiaction=False)
    options: dict = {} if mode == "defaults" else {"pre_observation_delay": 0.0}
    env = gym.make(
        f"browsergym/vwa_arena.{suite}.{task_id}",
        action_mapping=actions.to_python_code,
        disable_env_checker=True,  # as AgentLab's and BrowserGym's study loops make their environments
        use_raw_page_output=mode.startswith("raw"),
        **options,
    )
    try:
        env.reset()
        reward, *_ = replay(env, list(env.unwrapped.task.session.resolved.reference_solution))
    finally:
        env.close()
    return float(reward)


def _timed(run: Callable[[], float], cpu: Callable[[], float] | None) -> tuple[float, float, float]:
    """(reward, wall seconds, CPU seconds or nan); an episode that fails has the reward nan (its error printed)."""
    cpu_start, start = (cpu() if cpu else 0.0), time.perf_counter()
    try:
        reward = run()
    except Exception as exc:  # one failed episode (e.g. BrowserGym's raw output reading a tab mid-navigation)
        print(f"  episode failed: {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}", flush=True)
        reward = float("nan")
    return reward, time.perf_counter() - start, (cpu() - cpu_start) if cpu else float("nan")


def main(argv: list[str]) -> int:
    suite = argv[0] if argv else "classifieds"
    n = int(argv[1]) if len(argv) > 1 else 10
    paths = argv[2].split(",") if len(argv) > 2 else ["selenium", *MODES]
    from evaluation.bgym import suites
    from evaluation.running.runtime import RunOptions, Runtime

    every = suites.task_ids(suite)
    ids = sorted({every[round(i * (len(every) - 1) / max(n - 1, 1))] for i in range(n)})
    cpu = _cpu_counter()
    print(f"load average before: {os.getloadavg()}; CPU per episode: {'yes' if cpu else 'no (no cgroup of its own)'}")
    runtime = Runtime(RunOptions(agent="reference", results_dir=Path(tempfile.mkdtemp()), worker="timing"))
    rows: dict[str, list[tuple[float, float, float]]] = {name: [] for name in paths}
    try:
        runtime.run_task(suites.load(suite, ids[0]))  # starts the sites and the browser: not counted
        _browsergym_episode(suite, ids[0], "raw")  # starts this process's BrowserGym sites: not counted

        def selenium(task_id: int) -> float:
            outcome = runtime.run_task(suites.load(suite, task_id))
            return outcome.reward.score if outcome.reward else float("nan")

        for task_id in ids:
            line = [f"{suite}/{task_id}:"]
            for name in rows:
                if name == "selenium":
                    row = _timed(functools.partial(selenium, task_id), cpu)
                else:
                    row = _timed(functools.partial(_browsergym_episode, suite, task_id, name), cpu)
                rows[name].append(row)
                line.append(f"{name} {row[0]} {row[1]:.2f} s ({row[2]:.2f} s CPU)")
            print(" | ".join(line), flush=True)
    finally:
        runtime.close()

    def median(values: list[float]) -> float:
        return statistics.median(values) if values else float("nan")

    done = {name: [r for r in got if not math.isnan(r[0])] for name, got in rows.items()}  # failed episodes left out
    summary = ", ".join(
        f"{name} {median([r[1] for r in got]):.2f} s ({median([r[2] for r in got]):.2f} s CPU)"
        for name, got in done.items()
    )
    print(f"median per task over {len(ids)} tasks of {suite}, wall (CPU): {summary}")
    print(f"load average after: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
