"""The benchmark's tasks as AgentLab's own `EnvArgs` (AgentLab's venv only: evaluation/bgym/study.py). A study
converts BrowserGym's EnvArgs into AgentLab's class, losing the import of browsergym.vwa_arena a worker process
needs before making the environment; this subclass keeps it, at module level so that a study pickles it.

May import: agentlab, browsergym.vwa_arena.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from agentlab.experiments.loop import EnvArgs  # type: ignore[import-not-found]  # AgentLab's venv only


@dataclass
class VwaArenaAgentLabEnvArgs(EnvArgs):  # type: ignore[misc]  # AgentLab ships no types
    def make_env(self, *args: Any, **kwargs: Any) -> Any:
        import browsergym.vwa_arena  # noqa: F401  (registers the tasks in this process)

        return super().make_env(*args, **kwargs)


def agentlab_env_args(env_args_list: list[Any]) -> list[VwaArenaAgentLabEnvArgs]:
    fields = ("task_name", "task_seed", "max_steps", "headless")
    return [VwaArenaAgentLabEnvArgs(**{f: getattr(a, f) for f in fields}) for a in env_args_list]
