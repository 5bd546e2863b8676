"""The project's task suites as BrowserGym tasks: importing this package registers every task of tasks/*.json
as the gymnasium environment `browsergym/vwa_arena.<suite>.<task_id>`.

    import gymnasium as gym
    import browsergym.vwa_arena  # noqa: F401
    env = gym.make("browsergym/vwa_arena.classifieds.0")

A thin shim over evaluation/bgym/ (the setup, the validation, the Playwright driver of the scorers): this package
is only BrowserGym's task class and its registration. Playwright drives Debian's Chromium (no browser download).
"""

from __future__ import annotations

from typing import Any

import playwright.sync_api
from browsergym.core.registration import register_task
from browsergym.core.task import AbstractBrowserTask

from evaluation.bgym import suites
from evaluation.bgym.chromium import use_debian_chromium
from evaluation.bgym.session import TaskSession

use_debian_chromium()


class VwaArenaTask(AbstractBrowserTask):
    """One task of the suites (its viewport, as the pytest path gives it; BrowserGym's usual timeouts)."""

    def __init__(self, seed: int, suite: str, task_id: int, scoring: str | None = None) -> None:
        super().__init__(seed)
        self.session = TaskSession(suite, task_id, scoring=scoring)
        self.viewport = self.session.viewport
        self.slow_mo = 0  # the embedded sites answer in milliseconds; actions wait for their page instead
        self.timeout = 10000  # ms, as BrowserGym's VisualWebArena tasks

    @classmethod
    def get_task_id(cls) -> str:
        raise NotImplementedError("one class for every task: the id is the registered name")

    def setup(self, page: playwright.sync_api.Page) -> tuple[Any, dict]:
        return self.session.setup(page)

    def validate(self, page: playwright.sync_api.Page, chat_messages: list) -> tuple[float, bool, str, dict]:
        return self.session.validate(page, chat_messages)

    def teardown(self) -> None:
        self.session.teardown()


ALL_VWA_ARENA_TASK_IDS: list[str] = []
TASK_IDS_BY_SUITE: dict[str, list[str]] = {}

for _suite, _task_id in suites.all_tasks():
    _name = suites.gym_name(_suite, _task_id)
    register_task(_name, VwaArenaTask, task_kwargs={"suite": _suite, "task_id": _task_id})
    ALL_VWA_ARENA_TASK_IDS.append(f"browsergym/{_name}")
    TASK_IDS_BY_SUITE.setdefault(_suite, []).append(f"browsergym/{_name}")
