"""Time per task of the two paths on the same tasks: the pytest/Selenium path (the reference agent, one
Runtime, as a pytest worker runs it) and the BrowserGym path (gym.make, reset, the reference solution replayed
as BrowserGym actions, close), one process each, sequentially, on the embedded stack.

    python scripts/browsergym_timing.py [SUITE] [N]      # default: classifieds 10 (the first N tasks)

Prints each task's reward and wall time on both paths, their medians, and the load average (on a shared machine
the figures scale with it). Needs the browsergym extra (make install EXTRAS=browsergym).
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


def selenium_times(suite: str, ids: list[int]) -> list[tuple[float, float]]:
    from evaluation.bgym import suites
    from evaluation.running.runtime import RunOptions, Runtime

    runtime = Runtime(RunOptions(agent="reference", results_dir=Path(tempfile.mkdtemp()), worker="timing"))
    out = []
    try:
        runtime.run_task(suites.load(suite, ids[0]))  # starts the sites and the browser: not counted
        for task_id in ids:
            start = time.perf_counter()
            outcome = runtime.run_task(suites.load(suite, task_id))
            out.append((outcome.reward.score if outcome.reward else float("nan"), time.perf_counter() - start))
    finally:
        runtime.close()
    return out


def browsergym_times(suite: str, ids: list[int]) -> list[tuple[float, float]]:
    import gymnasium as gym
    from browsergym.core.action.highlevel import HighLevelActionSet

    import browsergym.vwa_arena  # noqa: F401
    from evaluation.bgym.replay import replay

    actions = HighLevelActionSet(subsets=["chat", "infeas", "bid", "nav", "tab"], multiaction=False)
    out = []
    for task_id in [ids[0], *ids]:  # the first run starts the sites: not counted
        start = time.perf_counter()
        env = gym.make(f"browsergym/vwa_arena.{suite}.{task_id}", action_mapping=actions.to_python_code)
        try:
            env.reset()
            reward, *_ = replay(env, list(env.unwrapped.task.session.resolved.reference_solution))
        finally:
            env.close()
        out.append((reward, time.perf_counter() - start))
    return out[1:]


def main(argv: list[str]) -> int:
    suite = argv[0] if argv else "classifieds"
    n = int(argv[1]) if len(argv) > 1 else 10
    from evaluation.bgym import suites

    ids = suites.task_ids(suite)[:n]
    print(f"load average before: {os.getloadavg()}", flush=True)
    sel = selenium_times(suite, ids)
    bgym = browsergym_times(suite, ids)
    for task_id, (rs, ts), (rb, tb) in zip(ids, sel, bgym, strict=False):
        print(f"{suite}/{task_id}: selenium reward {rs} {ts:.2f} s | browsergym reward {rb} {tb:.2f} s")
    print(
        f"median per task: selenium {statistics.median(t for _, t in sel):.2f} s, "
        f"browsergym {statistics.median(t for _, t in bgym):.2f} s ({len(ids)} tasks of {suite})"
    )
    print(f"load average after: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
