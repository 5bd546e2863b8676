"""Per-worker machinery of a task run: the sites (a `Stack`: evaluation/running/stacks.py), the browser, judges,
and the run of one task in named phases: sites (start, restart a dead one), input (the task's images), reset,
login, episode, scoring, record (result line and trajectory).

Created lazily by the pytest plugin, one per pytest(-xdist) worker process, reused across tasks.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from evaluation.reporting.results import append_result, one_line
from evaluation.rewards.evaluators import EvalContext, evaluate_task
from evaluation.rewards.judges import VQA, Judge, Usage, judge_from_env, vqa_from_env
from evaluation.scoring.matching import ScoringMode
from evaluation.taskfiles.loader import RESOLVED_KEYS, Task
from evaluation.vocabulary.errors import EvaluationError, HarnessError, SkipTask, VQAError
from evaluation.vocabulary.outcome import Phase, ResultStatus, Reward
from evaluation.vocabulary.placeholders import PLACEHOLDERS, sites_referenced

from .stacks import Stack, StackName, make_stack

if TYPE_CHECKING:
    from PIL import Image

    from agent.agents import AgentSpec
    from agent.browser import BrowserEnv
    from agent.episode import EpisodeResult
    from agent.observation import ObservationMode
    from evaluation.scoring.site_api import ShoppingAPI

T = TypeVar("T")

TRAJECTORIES = "trajectories"  # the run folder's episode pages, frames and network logs
SETTLE_TIMEOUT_S = 10.0  # a page's settle timeout on an idle machine; scaled by the load (agent/load.py)


def settle_timeout_s() -> float:
    """SETTLE_TIMEOUT from the environment (seconds on an idle machine), else SETTLE_TIMEOUT_S."""
    text = os.environ.get("SETTLE_TIMEOUT", "").strip()
    if not text:
        return SETTLE_TIMEOUT_S
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0.5 <= value <= 600:
        raise ValueError(f"SETTLE_TIMEOUT={text!r}: expected seconds between 0.5 and 600")
    return value


@dataclass
class RunOptions:
    agent: str = "reference"
    model: str | None = None
    max_steps: int | None = None  # None: the agent's own limit (its `max_steps`), else 30
    viewport: tuple[int, int] | None = None  # None: each task's own
    stack: StackName = "embedded"
    observation: ObservationMode | None = None  # None: the agent's own mode
    image_root: Path | None = None
    results_dir: Path = Path("results")
    expect_reward: int = 1
    worker: str = "main"
    scoring: ScoringMode = "official"
    record_network: bool = False  # save each episode's network log next to its trajectory
    require_complete_observations: bool = False  # an observation with an undecoded image in view fails the task
    frames: str = "all"  # trajectory frames: "all", or "failed" (outcome not the expected)
    prove: bool = False  # the null and reference proofs in the sighted episode (running/proof.py)


@dataclass
class TaskOutcome:
    reward: Reward | None
    record: dict[str, Any]
    error: str | None = None
    retryable: bool = False  # a harness error another attempt may not hit (not a bad task)


def should_retry(outcome: TaskOutcome, attempt: int, retries: int) -> bool:
    """Whether a task runs again after `attempt` (1, 2, ...) with `retries` retries allowed: only after a
    harness error another attempt may not hit. The pytest items and the Ray actors' driver both ask this."""
    return bool(outcome.error) and outcome.retryable and attempt <= retries


class _LazyVQA:
    """The VQA backend of the environment, built on first use (a misconfiguration only matters then)."""

    def __init__(self) -> None:
        self._backend: VQA | None = None

    def ask(self, image: Image.Image, question: str) -> str:
        if self._backend is None:
            self._backend = vqa_from_env()
            if self._backend is None:
                raise VQAError(
                    "eval_vqa needs a VQA backend: set VQA_BACKEND (openai or blip2) and its model", retryable=False
                )
        return self._backend.ask(image, question)

    @property
    def usage(self) -> Usage:
        """The backend's usage (an empty one before the first question)."""
        return self._backend.usage if self._backend is not None else Usage()


def sites_of(task: Task) -> set[str]:
    """Sites a task needs: its `sites` and every site whose placeholder it uses."""
    needed = set(task.sites)
    for key in RESOLVED_KEYS:  # the fields whose strings hold site placeholders
        if key in task.raw:
            needed |= sites_referenced(json.dumps(task.raw[key]))
    return needed


def task_origins(task: Task, urls: dict[str, str]) -> list[str]:
    """The origins a task's agent may reach: its sites', its start URLs', and the homepage's."""
    named = [urls[site] for site in (*task.sites, "homepage") if site in urls]
    return [*named, *task.start_urls]


@dataclass
class _Run:
    """The state of one task's run, handed from phase to phase."""

    task: Task
    record: dict[str, Any]
    started: float = field(default_factory=time.perf_counter)
    timings: dict[str, float] = field(default_factory=dict)
    phase: Phase = "sites"
    urls: dict[str, str] = field(default_factory=dict)
    resolved: Task | None = None
    images: list[Image.Image] = field(default_factory=list)
    env: BrowserEnv | None = None
    result: EpisodeResult | None = None
    reward: Reward | None = None

    def ready(self, value: T | None, what: str) -> T:
        """`value`, which an earlier phase of the run made (HarnessError if it did not: a phase out of order)."""
        if value is None:
            raise HarnessError(f"{what} is missing in the {self.phase} phase: an earlier phase did not make it")
        return value


@dataclass
class Runtime:
    options: RunOptions
    needed_sites: set[str] = field(default_factory=set)
    env: BrowserEnv | None = None
    stack: Stack = field(init=False)
    _judge: Judge | None = None
    _vqa: _LazyVQA | None = None

    def __post_init__(self) -> None:
        self.stack = make_stack(self.options.stack, worker=self.options.worker)

    @property
    def urls(self) -> dict[str, str]:
        return self.stack.urls

    # ---- browser ------------------------------------------------------------------------------------
    def observation_mode(self) -> ObservationMode:
        if self.options.observation:
            return self.options.observation
        from agent.agents import agent_observation_mode

        return agent_observation_mode(self.options.agent)

    def ensure_browser(self, viewport: tuple[int, int]) -> BrowserEnv:
        from selenium.common.exceptions import WebDriverException

        from agent.browser import BrowserEnv
        from agent.browser.driver import BrowserUnavailable
        from agent.load import load_scaled, retry_slow_renderer

        cleared = False
        if self.env is not None:
            try:  # the cookies of the last task go; a browser that does not answer is started again
                self.env.cdp("Network.clearBrowserCookies")
                cleared = True
            except Exception:
                self.close_browser()
        if self.env is None:

            def start() -> BrowserEnv:
                return BrowserEnv(
                    viewport=viewport,
                    mode=self.observation_mode(),
                    settle_timeout=load_scaled(settle_timeout_s()),
                    record_network=self.options.record_network,
                )

            try:
                # a browser whose first renderer starves on a busy machine is started again, in place
                self.env = retry_slow_renderer(start)
            except (BrowserUnavailable, WebDriverException) as exc:
                raise HarnessError(f"the browser did not start: {one_line(str(exc))}") from exc
        elif tuple(self.env.viewport) != tuple(viewport):
            self.env.set_viewport(*viewport)
        try:
            # waits that account for load: on an oversubscribed machine pages take longer to settle
            self.env.set_settle_timeout(load_scaled(settle_timeout_s()))
            if not cleared:
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

    def recover(self) -> None:
        """Before a retry: a fresh browser (the old one may be the cause); sites are healed by the run."""
        self.close_browser()

    def close(self) -> None:
        self.close_browser()
        self.stack.close()

    # ---- judges -------------------------------------------------------------------------------------
    def judge(self) -> Judge | None:
        if self._judge is None:
            self._judge = judge_from_env()
        return self._judge

    def vqa(self) -> _LazyVQA:
        if self._vqa is None:
            self._vqa = _LazyVQA()
        return self._vqa

    # ---- one task -----------------------------------------------------------------------------------
    def base_record(self, task: Task) -> dict[str, Any]:
        o = self.options
        return {
            "task_file": str(task.file),
            "task_id": task.task_id,
            "test_id": task.test_id,
            "site": task.site,
            "sites": list(task.sites),
            "needed_sites": list(task.needed_sites),
            "difficulty": task.difficulty,
            "official_template_id": task.official_template_id,
            "eval_types": list(task.eval.types),
            "intent": task.intent,
            "agent": o.agent,
            "model": o.model,
            "stack": o.stack,
            "expected_reward": o.expect_reward,
            "worker": o.worker,
            "scoring": o.scoring,
            "started_at": time.time(),
        }

    def check_runnable(self, task: Task) -> None:
        served = self.stack.served()
        if served is not None:
            missing = [s for s in sorted(sites_of(task)) if s not in served]
            if missing:
                raise SkipTask(f"the {self.options.stack} stack cannot serve site(s) {', '.join(missing)}")
        spec = self._agent_spec()
        if ((spec is not None and spec.needs_solution) or self.options.prove) and not task.reference_solution:
            raise SkipTask("no reference solution")

    def run_task(self, task: Task, attempt: int = 1, retried_errors: list[str] | None = None) -> TaskOutcome:
        """Run and score one task through its phases; the result line is appended before returning or
        raising. `attempt` > 1 is a retry after the harness errors `retried_errors`."""
        record = self.base_record(task)
        record.update(attempt=attempt, retried_errors=list(retried_errors or []) or None)
        try:
            self.check_runnable(task)
        except SkipTask as exc:
            record.update(status="skipped", reward=None, skip_reason=str(exc))
            append_result(self.options.results_dir, record)
            raise
        run = _Run(task, record)
        try:
            with contextlib.ExitStack() as held:
                self._phase("sites", run, self._sites)
                self._phase("input", run, self._input)
                held.enter_context(self.stack.lock(list(task.sites), exclusive=task.require_reset))
                self._phase("reset", run, self._reset)
                self._phase("login", run, self._login)
                self._phase("episode", run, self._episode)
                self._phase("scoring", run, self._scoring)
        except EvaluationError as exc:  # a missing input or setting, a 404: a retry would fail the same way
            return self._finish_error(run, str(exc), retryable=exc.retryable)
        except Exception as exc:  # a bug or an unexpected crash: still an error with its cause, recorded
            detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
            return self._finish_error(run, f"unexpected {detail}", retryable=True)
        run.phase = "record"
        run.timings["total_s"] = time.perf_counter() - run.started
        reward = run.ready(run.reward, "the reward")
        status: ResultStatus = "scored"
        record.update(
            status=status,
            phase=None,
            reward=reward.score,
            checks=[c.to_dict() for c in reward.checks],
            error=None,
            timings=run.timings,
        )
        append_result(self.options.results_dir, record)
        proved = True
        if self.options.prove:
            from .proof import proof_failures

            proved = not proof_failures(record)
        self._write_trajectory(
            task, run.result, run.ready(run.resolved, "the resolved task"), run.images, reward, proved=proved
        )
        return TaskOutcome(reward=reward, record=record)

    def _phase(self, name: Phase, run: _Run, step: Callable[[_Run], None]) -> None:
        run.phase = name
        t = time.perf_counter()
        step(run)
        run.timings[f"{name}_s"] = time.perf_counter() - t

    def _sites(self, run: _Run) -> None:
        """Start this worker's sites (once), restart any of the task's sites that died since the last task."""
        self.stack.start(self.needed_sites | set(run.task.sites))
        restarted = self.stack.heal(sorted(sites_of(run.task)))
        if restarted:
            run.record["restarted_sites"] = restarted
        run.urls = dict(self.stack.urls)
        run.record["site_urls"] = {site: run.urls[site] for site in sorted(sites_of(run.task)) if site in run.urls}
        run.resolved = run.task.resolve(run.urls)

    def _reset(self, run: _Run) -> None:
        # Embedded: every task starts from pristine sites. Docker: resets take minutes, so only tasks that
        # require one get it, as in the official harness.
        if self.stack.must_reset(run.task.require_reset):
            self.stack.reset(sorted(run.task.sites))

    def _input(self, run: _Run) -> None:
        """The task's input images (read before the sites are locked and reset: a missing one is the task's)."""
        from evaluation.rewards.images import load_input_images

        run.images = load_input_images(run.ready(run.resolved, "the resolved task"), self.options.image_root)

    def _login(self, run: _Run) -> None:
        resolved = run.ready(run.resolved, "the resolved task")
        env = run.env = self.ensure_browser(self.options.viewport or resolved.viewport)
        try:  # from here the agent's browser reaches only the task's sites (agent/browser/sandbox.py)
            env.confine(task_origins(resolved, run.urls))
        except Exception as exc:
            self.close_browser()
            raise HarnessError(f"the browser could not be confined to the task's sites: {one_line(str(exc))}") from exc
        if resolved.require_login:
            from evaluation.running.login import LoginError, login_sites

            try:
                with env.harness():
                    login_sites(env, list(resolved.sites), run.urls, session_token=self.stack.session_token())
            except LoginError as exc:
                raise HarnessError(f"login failed: {exc}") from exc

    def _agent_spec(self) -> AgentSpec | None:
        """The agent's spec: what it needs (a model, a reference solution, a step limit) and what it reports;
        None for a name no agent has (making the agent then says so)."""
        from agent.agents import get_agent_spec

        try:
            return get_agent_spec(self.options.agent)
        except ValueError:
            return None

    def _episode(self, run: _Run) -> None:
        from agent.agents import get_agent_spec, make_agent
        from agent.episode import run_episode

        resolved, urls = run.ready(run.resolved, "the resolved task"), run.urls
        env = run.ready(run.env, "the browser")
        url_map = {token: urls[site] for token, site in PLACEHOLDERS.items() if site in urls}
        try:
            agent = made = make_agent(
                self.options.agent,
                env=env,
                model=self.options.model,
                solution=list(resolved.reference_solution or []) or None,
                observation_mode=self.options.observation,
                settings={"url_map": url_map, "task_dir": str(run.task.file.parent)},
            )
            spec = get_agent_spec(self.options.agent)
        except ValueError as exc:
            raise HarnessError(f"agent {self.options.agent!r}: {exc}") from exc
        if self.options.record_network:
            from agent.network import drain

            drain(env.driver)  # the login's requests are not the episode's
        check = before = None
        if self.options.prove:
            from agent.agents.sighted import SightedAgent

            from .proof import ReferenceCheck

            if not isinstance(made, SightedAgent):
                raise HarnessError(f"--prove runs the sighted agent's episode, not {self.options.agent!r}'s")
            agent = check = ReferenceCheck(made, env)
            before = self._null_proof(run)
        try:
            result = run.result = run_episode(
                env,
                agent,
                intent=resolved.intent,
                images=run.images,
                start_urls=list(resolved.start_urls),
                max_steps=self.options.max_steps or spec.max_steps,
                before_first_action=before,
            )
        finally:
            if self.options.record_network:
                self._save_network_log(run)
        if check is not None:
            run.record.setdefault("proof", {})["reference"] = check.comparison()
        run.record["blocked"] = {"count": len(result.blocked), "first": result.blocked[:5]} if result.blocked else None
        run.record.update(
            answer=result.answer,
            final_url=result.final_url,
            stop_reason=result.stop_reason,
            steps=len(result.steps),
            usage=result.usage,
            episode_timings=result.timings,
            tokenizer=spec.tokenizer(made) if spec.tokenizer else None,
            pending_images=result.pending,
        )
        if spec.summary is not None:  # the sighted agent: how its targets were found
            run.record["sight"] = spec.summary(made)
        dead = self.stack.unhealthy(sorted(sites_of(run.task)))
        if dead:  # the episode saw a broken site: not the agent's fault, and its score would mean nothing
            raise HarnessError(
                "site died during the episode: " + "; ".join(f"{site}: {why}" for site, why in dead.items())
            )
        if result.error or result.stop_reason == "error":
            raise HarnessError(f"the episode failed: {result.error or 'unknown error'}")

    def _null_proof(self, run: _Run) -> Callable[[], bool]:
        """The episode's hook that scores the untouched start state as the null agent's outcome (proof.py);
        True (open the start pages again) when that scoring ran a script on the agent's page."""
        from .proof import score_start_as_null, scripts_on_last_page

        resolved = run.ready(run.resolved, "the resolved task")

        def hook() -> bool:
            env = run.ready(run.env, "the browser")
            with env.harness():
                # right after the start pages' observation: the URL it saw is the null agent's final URL, and
                # the page it shows, untouched, is read there rather than loaded again
                context = replace(self._eval_context(run, answer="", final_url=env.url), shown_url=env.url)
                reward = score_start_as_null(resolved, context)
            run.record.setdefault("proof", {})["null"] = {
                "reward": reward.score,
                "scoring": "strict",
                "checks": [c.to_dict() for c in reward.checks],
            }
            return scripts_on_last_page(resolved)

        return hook

    def _eval_context(self, run: _Run, answer: str | None, final_url: str) -> EvalContext:
        env = run.ready(run.env, "the browser")
        return EvalContext(
            answer=answer,
            final_url=final_url,
            driver=env.driver,
            new_tab=env.open_tab,
            release_tab=env.release_tab,
            judge=self.judge(),
            vqa=self.vqa(),
            shopping_api=self._shopping_api_factory(run.urls),
            image_root=self.options.image_root,
            scoring=self.options.scoring,
        )

    def _save_network_log(self, run: _Run) -> None:
        """The episode's requests, gzipped JSON lines next to its trajectory (agent.network)."""
        from agent.network import read_requests, write_log

        name = f"{TRAJECTORIES}/{run.task.site}_{run.task.task_id}.network.jsonl.gz"
        try:
            write_log(self.options.results_dir / name, read_requests(run.ready(run.env, "the browser").driver))
        except Exception as exc:  # a dead browser has no log to give: say so on the line, keep the cause
            run.record["network_log"] = None
            run.record["network_log_error"] = one_line(f"{type(exc).__name__}: {exc}")
            return
        run.record["network_log"] = name

    def _scoring(self, run: _Run) -> None:
        judge = self.judge()
        before = judge.usage.to_dict() if judge else {}
        result = run.ready(run.result, "the episode's result")
        with run.ready(run.env, "the browser").harness():
            reward = run.reward = evaluate_task(
                run.ready(run.resolved, "the resolved task"), self._eval_context(run, result.answer, result.final_url)
            )
        worst = result.pending
        if self.options.require_complete_observations and worst and worst.get("max_images"):
            reward.add(
                "observation",
                "complete_view",
                False,
                f"{worst['max_images']} image(s) in view were not decoded when the {worst['where']} "
                f"observation was taken ({worst['url']}): {', '.join(worst['image_urls'][:3])}",
            )
        if judge:
            after = judge.usage.to_dict()
            run.record["judge_usage"] = {k: after[k] - before[k] for k in after}

    def _shopping_api_factory(self, urls: dict[str, str]) -> Callable[[], ShoppingAPI]:
        def factory() -> ShoppingAPI:
            from evaluation.scoring.site_api import get_shopping_api

            return get_shopping_api(self.options.stack, urls)

        return factory

    def _finish_error(self, run: _Run, message: str, retryable: bool) -> TaskOutcome:
        run.timings["total_s"] = time.perf_counter() - run.started
        message = f"{run.phase}: {one_line(message)}"
        status: ResultStatus = "error"
        run.record.update(status=status, phase=run.phase, reward=None, checks=[], error=message, timings=run.timings)
        append_result(self.options.results_dir, run.record)
        if run.result is not None:
            with contextlib.suppress(Exception):
                self._write_trajectory(run.task, run.result, run.task, [], None, error=message)
        return TaskOutcome(reward=None, record=run.record, error=message, retryable=retryable)

    def _write_trajectory(
        self,
        task: Task,
        result: EpisodeResult | None,
        resolved: Task,
        images: list[Image.Image],
        reward: Reward | None,
        error: str | None = None,
        proved: bool = True,
    ) -> None:
        if result is None:
            return
        from agent.trajectory import write_trajectory

        path = self.options.results_dir / TRAJECTORIES / f"{task.site}_{task.task_id}.html"
        summary = (
            {"score": reward.score, "checks": [c.to_dict() for c in reward.checks]}
            if reward is not None
            else {"score": None, "error": error, "checks": []}
        )
        as_expected = reward is not None and reward.score == self.options.expect_reward and proved
        note = (
            "Frames not kept: this run keeps them only for tasks whose outcome differs from the expected "
            f"reward {self.options.expect_reward} or whose proofs fail (--frames failed)"
            if self.options.frames == "failed" and as_expected
            else ""
        )
        write_trajectory(
            path,
            result,
            resolved.intent,
            images,
            reward=summary,
            title=f"{task.test_id} ({task.file.name})",
            no_frames_note=note,
        )
