"""Time per task of the two paths on the same tasks, interleaved task by task so that both see the same load:
the pytest/Selenium path (the reference agent, one Runtime, as a pytest worker runs it), the BrowserGym path as
make test runs it (gym.make, reset, the reference solution replayed as BrowserGym actions, close; the process's
Chromiums kept across episodes, evaluation/bgym/reuse.py, and no fixed pause before an observation), and the
BrowserGym path with BrowserGym's defaults (two new Chromiums per episode, 0.5 s before each observation).

    python scripts/browsergym_timing.py [SUITE] [N]      # default: classifieds 10 (N tasks spread over the ids)

Prints each task's reward and wall time on the three, their medians, and the load average (on a shared machine
the figures scale with it). Needs the browsergym extra (in the default install).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _browsergym_episode(suite: str, task_id: int, fast: bool) -> tuple[float, float]:
    import gymnasium as gym
    from browsergym.core.action.highlevel import HighLevelActionSet

    import browsergym.vwa_arena  # noqa: F401
    from evaluation.bgym.replay import replay
    from evaluation.bgym.reuse import keep_browsers, release

    if fast:
        keep_browsers()
    else:
        release()
    actions = HighLevelActionSet(subsets=["chat", "infeas", "bid", "nav", "tab"], multiaction=False)
    start = time.perf_counter()
    env = gym.make(
        f"browsergym/vwa_arena.{suite}.{task_id}",
        action_mapping=actions.to_python_code,
        disable_env_checker=True,  # as AgentLab's and BrowserGym's study loops make their environments
        **({"pre_observation_delay": 0.0} if fast else {}),
    )
    try:
        env.reset()
        reward, *_ = replay(env, list(env.unwrapped.task.session.resolved.reference_solution))
    finally:
        env.close()
    return reward, time.perf_counter() - start


def main(argv: list[str]) -> int:
    suite = argv[0] if argv else "classifieds"
    n = int(argv[1]) if len(argv) > 1 else 10
    from evaluation.bgym import suites
    from evaluation.running.runtime import RunOptions, Runtime

    every = suites.task_ids(suite)
    ids = sorted({every[round(i * (len(every) - 1) / max(n - 1, 1))] for i in range(n)})
    print(f"load average before: {os.getloadavg()}", flush=True)
    runtime = Runtime(RunOptions(agent="reference", results_dir=Path(tempfile.mkdtemp()), worker="timing"))
    rows: list[tuple[int, tuple[float, float], tuple[float, float], tuple[float, float]]] = []
    try:
        runtime.run_task(suites.load(suite, ids[0]))  # starts the sites and the browser: not counted
        _browsergym_episode(suite, ids[0], fast=True)  # starts this process's BrowserGym sites: not counted
        for task_id in ids:
            start = time.perf_counter()
            outcome = runtime.run_task(suites.load(suite, task_id))
            selenium = (outcome.reward.score if outcome.reward else float("nan"), time.perf_counter() - start)
            fast = _browsergym_episode(suite, task_id, fast=True)
            plain = _browsergym_episode(suite, task_id, fast=False)
            rows.append((task_id, selenium, fast, plain))
            print(
                f"{suite}/{task_id}: selenium {selenium[0]} {selenium[1]:.2f} s | browsergym (kept, no pause) "
                f"{fast[0]} {fast[1]:.2f} s | browsergym (defaults) {plain[0]} {plain[1]:.2f} s",
                flush=True,
            )
    finally:
        runtime.close()
    medians = [
        statistics.median(r[1][1] for r in rows),
        statistics.median(r[2][1] for r in rows),
        statistics.median(r[3][1] for r in rows),
    ]
    print(
        f"median per task over {len(rows)} tasks of {suite}: selenium {medians[0]:.2f} s, browsergym as make test "
        f"runs it {medians[1]:.2f} s, browsergym with its defaults {medians[2]:.2f} s"
    )
    print(f"load average after: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
