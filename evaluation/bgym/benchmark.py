"""The suites as an AgentLab `Benchmark` (browsergym-experiments' class, which AgentLab's studies run):
`vwa_arena` with every task, and one subset per suite, `vwa_arena_<suite>`.

    from evaluation.bgym.benchmark import benchmarks
    bench = benchmarks()["vwa_arena_classifieds"]
    Study(agent_args, bench).run(...)        # AgentLab; or bench.env_args_list[i].make_env(...)

Each task's `EnvArgs` imports `browsergym.vwa_arena` before making its environment (BrowserGym's loop imports
only the benchmark packages it knows by name), so a study's worker processes find the tasks registered. The
backend preparation starts (or reuses) this process's embedded sites; each worker process starts its own on its
first task (evaluation/bgym/session.py).

May import: evaluation.bgym.suites, evaluation.bgym.session (the stack), browsergym.experiments, pandas.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd
from browsergym.experiments.benchmark.base import Benchmark, HighLevelActionSetArgs
from browsergym.experiments.loop import EnvArgs

from . import suites

NAME = "vwa_arena"
MAX_STEPS = 30  # the pytest path's step limit
ACTION_SUBSETS = ("chat", "infeas", "bid", "nav", "tab")


@dataclass
class VwaArenaEnvArgs(EnvArgs):  # type: ignore[misc]  # browsergym-experiments ships no types
    def make_env(
        self,
        action_mapping: Any,
        exp_dir: Any,
        exp_task_kwargs: dict[str, Any] | None = None,
        use_raw_page_output: bool = False,
    ) -> Any:
        import browsergym.vwa_arena  # noqa: F401  (registers the tasks in this process)

        return super().make_env(action_mapping, exp_dir, exp_task_kwargs or {}, use_raw_page_output)


@dataclass
class VwaArenaBenchmark(Benchmark):  # type: ignore[misc]  # browsergym-experiments ships no types
    def prepare_backends(self) -> None:
        """Start (or reuse) this process's embedded sites: a missing data set or a site that does not start
        shows here, before any episode."""
        from .session import shared_stack

        stack = shared_stack()
        served = stack.served()
        stack.start(served if served is not None else set())


def _metadata() -> pd.DataFrame:
    rows = []
    for suite, task_id in suites.all_tasks():
        raw = suites.raw_entry(suite, task_id)
        rows.append(
            {
                "task_name": suites.gym_name(suite, task_id),
                "suite": suite,
                "task_id": task_id,
                "sites": " ".join(raw.get("sites", [])),
                "difficulty": raw.get("overall_difficulty"),
                "official_template_id": raw.get("official_template_id"),
                "eval_types": " ".join(raw.get("eval", {}).get("eval_types", [])),
                "image_input": bool(raw.get("image")),
                "require_login": bool(raw.get("require_login")),
            }
        )
    return pd.DataFrame(rows)


def _benchmark(name: str, names: list[str], metadata: pd.DataFrame, max_steps: int) -> VwaArenaBenchmark:
    return VwaArenaBenchmark(
        name=name,
        high_level_action_set_args=HighLevelActionSetArgs(subsets=ACTION_SUBSETS, multiaction=False),
        is_multi_tab=True,
        supports_parallel_seeds=False,
        backends=[],
        env_args_list=[VwaArenaEnvArgs(task_name=n, task_seed=0, max_steps=max_steps, headless=True) for n in names],
        task_metadata=metadata,
    )


def benchmarks(max_steps: int = MAX_STEPS) -> dict[str, VwaArenaBenchmark]:
    """`vwa_arena` (every task) and `vwa_arena_<suite>` for each suite."""
    metadata = _metadata()
    out = {NAME: _benchmark(NAME, list(metadata["task_name"]), metadata, max_steps)}
    for suite in suites.suite_files():
        names = list(metadata.loc[metadata["suite"] == suite, "task_name"])
        out[f"{NAME}_{suite}"] = _benchmark(f"{NAME}_{suite}", names, metadata, max_steps)
    return out
