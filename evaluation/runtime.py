"""Per-worker machinery of a task run: the sites (arena or docker stack), the browser, judges, and the
run of one task (reset, login, episode, scoring, result line, trajectory).

Created lazily by the pytest plugin, one per pytest(-xdist) worker process, reused across tasks.
"""
from __future__ import annotations

import contextlib
import json
import os
import shutil
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sites.config import site_urls

from .errors import EvaluationError, TaskInputError, VQAError
from .evaluators import EvalContext, evaluate_task
from .judges import judge_from_env, vqa_from_env
from .outcome import Reward
from .placeholders import PLACEHOLDERS, sites_referenced
from .results import append_result, one_line
from .tasks import RESOLVED_KEYS, Task


class HarnessError(EvaluationError):
    """The harness could not run the task (site down, browser crash, model API down...)."""


class SkipTask(Exception):
    """The task cannot run here (a site this stack cannot serve, no reference solution)."""


@dataclass
class RunOptions:
    agent: str = "reference"
    model: str | None = None
    max_steps: int | None = None         # None: the agent's own limit (its `max_steps`), else 30
    viewport: tuple[int, int] | None = None   # None: each task's own
    stack: str = "embedded"
    observation: str | None = None
    image_root: Path | None = None
    results_dir: Path = Path("results")
    expect_reward: int = 1
    worker: str = "main"
    scoring: str = "official"           # matching.MODES


@dataclass
class TaskOutcome:
    reward: Reward | None
    record: dict
    error: str | None = None


class _LazyVQA:
    """The VQA backend of the environment, built on first use (a misconfiguration only matters then)."""

    def __init__(self):
        self._backend = None

    def ask(self, image, question):
        if self._backend is None:
            self._backend = vqa_from_env()
            if self._backend is None:
                raise VQAError("eval_vqa needs a VQA backend: set VQA_BACKEND (openai or blip2) and its model")
        return self._backend.ask(image, question)

    @property
    def usage(self):
        return getattr(self._backend, "usage", None)


def sites_of(task: Task) -> set[str]:
    """Sites a task needs: its `sites` and every site whose placeholder it uses."""
    needed = set(task.sites)
    for key in RESOLVED_KEYS:   # the fields whose strings hold site placeholders
        if key in task.raw:
            needed |= sites_referenced(json.dumps(task.raw[key]))
    return needed


@dataclass
class Runtime:
    options: RunOptions
    needed_sites: set[str] = field(default_factory=set)
    arena: Any = None
    env: Any = None
    urls: dict[str, str] = field(default_factory=dict)
    _arena_error: str | None = None
    _judge: Any = None
    _vqa: Any = None
    _arena_dir: Path | None = None
    _servable: set[str] | None = None

    # ---- sites --------------------------------------------------------------------------------------
    def servable(self) -> set[str] | None:
        """Sites this stack can serve (None: all, the docker stack)."""
        if self.options.stack != "embedded":
            return None
        if self._servable is None:
            from sites.arena import Arena
            self._servable = set(Arena(sites=[]).available_sites())
        return self._servable

    def ensure_sites(self) -> dict[str, str]:
        if self.options.stack != "embedded":
            self.urls = site_urls()
            return self.urls
        if self._arena_error:
            raise HarnessError(self._arena_error)
        if self.arena is None:
            from sites.arena import Arena, SiteUnavailable
            available = self.servable() or set()
            wanted = sorted(self.needed_sites & available)
            # live database copies and logs of this worker's sites; removed when the session ends
            from sites.config import settings
            run_dir = settings().run_dir / "pytest" / f"{self.options.worker}-{os.getpid()}"
            self._arena_dir = run_dir
            from agent.watchdog import watchdog
            watchdog().guard_path(run_dir)   # removed even if this worker is SIGKILLed
            arena = Arena(sites=wanted, run_dir=run_dir)
            try:
                arena.start()
            except SiteUnavailable as exc:
                self._arena_error = f"the embedded sites did not start: {exc}"
                raise HarnessError(self._arena_error) from exc
            self.arena = arena
            self.urls = dict(arena.urls)
        return self.urls

    def reset(self, sites: list[str]) -> None:
        if self.options.stack == "embedded":
            # Sessions survive an embedded reset (same accounts, same session key): logins stay cached.
            from sites.arena import SiteUnavailable
            try:
                self.arena.reset([s for s in sites if s in self.arena.urls])
            except SiteUnavailable as exc:
                raise HarnessError(f"resetting {', '.join(sites)} failed: {exc}") from exc
            return
        from evaluation.login import forget_logins
        from sites import docker_stack
        from sites.config import settings
        code = docker_stack.reset(settings(), sites)
        if code != 0:
            raise HarnessError(f"docker stack reset of {', '.join(sites)} failed (exit code {code}); "
                               "see the output above and run `make doctor`")
        forget_logins()   # recreated containers have forgotten their sessions

    def site_lock(self, task: Task):
        if self.options.stack == "embedded":
            return contextlib.nullcontext()   # every worker has its own sites
        from evaluation.site_locks import SiteLocks
        from sites.config import settings
        return SiteLocks(settings().run_dir / "locks").hold(list(task.sites), exclusive=task.require_reset)

    # ---- browser ------------------------------------------------------------------------------------
    def observation_mode(self) -> str:
        if self.options.observation:
            return self.options.observation
        from agent.agents import agent_observation_mode
        return agent_observation_mode(self.options.agent)

    def ensure_browser(self, viewport: tuple[int, int]):
        from agent.browser import BrowserEnv
        from agent.driver import BrowserUnavailable
        if self.env is not None:
            try:
                self.env.driver.current_window_handle
            except Exception:
                self.close_browser()
        if self.env is None:
            try:
                self.env = BrowserEnv(viewport=viewport, mode=self.observation_mode())
            except BrowserUnavailable as exc:
                raise HarnessError(f"the browser did not start: {exc}") from exc
        elif tuple(self.env.viewport) != tuple(viewport):
            self.env.set_viewport(*viewport)
        try:
            self.env.cdp("Network.clearBrowserCookies")
        except Exception as exc:
            self.close_browser()
            raise HarnessError(f"the browser does not answer: {exc}") from exc
        return self.env

    def close_browser(self) -> None:
        if self.env is not None:
            with contextlib.suppress(Exception):
                self.env.close()
            self.env = None

    def close(self) -> None:
        self.close_browser()
        if self.arena is not None:
            with contextlib.suppress(Exception):
                self.arena.stop()
            self.arena = None
            if self._arena_dir is not None:
                shutil.rmtree(self._arena_dir, ignore_errors=True)
                from agent.watchdog import watchdog
                watchdog().release_path(self._arena_dir)

    # ---- judges -------------------------------------------------------------------------------------
    def judge(self):
        if self._judge is None:
            self._judge = judge_from_env()
        return self._judge

    def vqa(self):
        if self._vqa is None:
            self._vqa = _LazyVQA()
        return self._vqa

    # ---- one task -----------------------------------------------------------------------------------
    def base_record(self, task: Task) -> dict:
        o = self.options
        return {
            "task_file": str(task.file), "task_id": task.task_id, "test_id": task.test_id,
            "site": task.site, "sites": list(task.sites), "difficulty": task.difficulty,
            "eval_types": list(task.eval.types), "intent": task.intent,
            "agent": o.agent, "model": o.model, "stack": o.stack, "expected_reward": o.expect_reward,
            "worker": o.worker, "scoring": o.scoring, "started_at": time.time(),
        }

    def check_runnable(self, task: Task) -> None:
        servable = self.servable()
        if servable is not None:
            missing = [s for s in sorted(sites_of(task)) if s not in servable]
            if missing:
                raise SkipTask(f"the {self.options.stack} stack cannot serve site(s) {', '.join(missing)}")
        if self.options.agent == "reference" and not task.reference_solution:
            raise SkipTask("no reference solution")

    def run_task(self, task: Task) -> TaskOutcome:
        """Run and score one task; the result line is appended before returning or raising."""
        record = self.base_record(task)
        try:
            self.check_runnable(task)
        except SkipTask as exc:
            record.update(status="skipped", reward=None, skip_reason=str(exc))
            append_result(self.options.results_dir, record)
            raise
        started = time.perf_counter()
        timings: dict[str, float] = {}
        result = None
        phase = "sites"   # the phase running now, recorded with an error
        try:
            t = time.perf_counter()
            urls = self.ensure_sites()
            timings["sites_s"] = time.perf_counter() - t
            resolved = task.resolve(urls)
            with self.site_lock(task):
                phase = "reset"
                t = time.perf_counter()
                # Embedded: a reset costs milliseconds, so every task starts from pristine sites whatever
                # earlier episodes did (a model agent may post or edit on any task). Docker: resets take
                # minutes, so only tasks that require one get it, as in the official harness.
                if self.options.stack == "embedded" or task.require_reset:
                    self.reset(sorted(task.sites))
                timings["reset_s"] = time.perf_counter() - t
                from .images import load_input_images
                images = load_input_images(resolved, self.options.image_root)
                phase = "login"
                t = time.perf_counter()
                env = self.ensure_browser(self.options.viewport or resolved.viewport)
                if resolved.require_login:
                    from evaluation.login import LoginError, login_sites
                    try:
                        login_sites(env, list(resolved.sites), urls)
                    except LoginError as exc:
                        raise HarnessError(f"login failed: {exc}") from exc
                timings["login_s"] = time.perf_counter() - t
                phase = "episode"
                from agent.agents import make_agent
                from agent.episode import run_episode
                url_map = {token: urls[site] for token, site in PLACEHOLDERS.items() if site in urls}
                try:
                    agent = make_agent(self.options.agent, env=env, model=self.options.model,
                                       solution=list(resolved.reference_solution or []) or None,
                                       observation_mode=self.options.observation,
                                       settings={"url_map": url_map})
                except ValueError as exc:
                    raise HarnessError(f"agent {self.options.agent!r}: {exc}") from exc
                result = run_episode(env, agent, intent=resolved.intent, images=images,
                                     start_urls=list(resolved.start_urls),
                                     max_steps=self.options.max_steps or getattr(agent, "max_steps", 30))
                record.update(answer=result.answer, final_url=result.final_url, stop_reason=result.stop_reason,
                              steps=len(result.steps), usage=result.usage, episode_timings=result.timings,
                              tokenizer=getattr(agent, "tokenizer_name", None))
                if result.error or result.stop_reason == "error":
                    raise HarnessError(f"the episode failed: {result.error or 'unknown error'}")
                phase = "scoring"
                t = time.perf_counter()
                judge = self.judge()
                before = judge.usage.to_dict() if judge else None
                reward = evaluate_task(resolved, EvalContext(
                    answer=result.answer, final_url=result.final_url, driver=env.driver, judge=judge,
                    vqa=self.vqa(), shopping_api=self._shopping_api_factory(urls),
                    image_root=self.options.image_root, scoring=self.options.scoring))
                timings["evaluate_s"] = time.perf_counter() - t
                if judge:
                    after = judge.usage.to_dict()
                    record["judge_usage"] = {k: after[k] - before[k] for k in after}
        except (EvaluationError, TaskInputError) as exc:
            return self._finish_error(task, record, timings, started, phase, str(exc), result)
        except Exception as exc:   # a bug or an unexpected crash: still an error with its cause, recorded
            detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
            return self._finish_error(task, record, timings, started, phase, f"unexpected {detail}", result)
        timings["total_s"] = time.perf_counter() - started
        record.update(status="scored", phase=None, reward=reward.score,
                      checks=[c.to_dict() for c in reward.checks], error=None, timings=timings)
        append_result(self.options.results_dir, record)
        self._write_trajectory(task, result, resolved, images, reward)
        return TaskOutcome(reward=reward, record=record)

    def _shopping_api_factory(self, urls: dict[str, str]):
        def factory():
            from .site_api import get_shopping_api
            return get_shopping_api(self.options.stack, urls)
        return factory

    def _finish_error(self, task: Task, record: dict, timings: dict, started: float, phase: str, message: str,
                      result) -> TaskOutcome:
        timings["total_s"] = time.perf_counter() - started
        message = f"{phase}: {one_line(message)}"
        record.update(status="error", phase=phase, reward=None, checks=[], error=message, timings=timings)
        append_result(self.options.results_dir, record)
        if result is not None:
            with contextlib.suppress(Exception):
                self._write_trajectory(task, result, task, [], None, error=message)
        return TaskOutcome(reward=None, record=record, error=message)

    def _write_trajectory(self, task: Task, result, resolved: Task, images, reward: Reward | None,
                          error: str | None = None) -> None:
        if result is None:
            return
        from agent.trajectory import write_trajectory
        path = self.options.results_dir / "trajectories" / f"{task.site}_{task.task_id}.html"
        summary = ({"score": reward.score, "checks": [c.to_dict() for c in reward.checks]}
                   if reward is not None else {"score": None, "error": error, "checks": []})
        write_trajectory(path, result, resolved.intent, images, reward=summary,
                         title=f"{task.test_id} ({task.file.name})")
