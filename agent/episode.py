"""The episode loop: observation -> agent -> action text -> parsed action -> executed, recorded.

    result = run_episode(env, agent, intent=..., images=[...], start_urls=[...], max_steps=30,
                         record_dir=Path("results/run/trajectories/classifieds_3"))

The loop ends on `stop [answer]`, after `max_steps` actions (invalid ones count too), after three consecutive actions
that cannot be parsed (or that the agent itself marks invalid), when the same action is proposed on
the same page for the third time in a row (it is recorded but not executed again), or on a harness
failure (browser crash, model API down): then `stop_reason` is "error" and `error` says why. Nothing
already recorded is lost on an error.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol, get_args

from PIL import Image

from agent.actions import Action, ActionType, InvalidAction, parse_action
from agent.agents.base import AgentOutput
from agent.browser.sandbox import refusal_line
from agent.observation import Observation
from agent.pending import pending_images
from agent.usage import UsageMeter
from agent.usage import add_usage as add_usage  # re-exported: evaluation.reporting.usage sums episodes

if TYPE_CHECKING:
    from agent.browser.env import BrowserEnv

MAX_INVALID_IN_A_ROW = 3
MAX_SAME_ACTION = 3

StopReason = Literal["stop", "max_steps", "invalid_actions", "repeated_action", "error"]
STOP_REASONS: tuple[StopReason, ...] = get_args(StopReason)


@dataclass
class StepRecord:
    index: int
    url: str  # page the action was decided on
    action_text: str  # what the agent emitted
    action: Action | InvalidAction
    reasoning: str = ""
    error: str | None = None  # invalid-action reason or the browser's error executing it
    observation_text: str = ""  # the observation the agent saw
    tabs: str = ""
    # the frame the agent saw is the Set-of-Marks one when the mode draws marks; then the raw frame too. Written
    # as files with a record_dir; without one, read from the observation when asked for (screenshot_png).
    screenshot_path: Path | None = None
    raw_screenshot_path: Path | None = None
    frames: Observation | None = field(default=None, repr=False)
    model_s: float = 0.0  # time inside agent.act
    harness_s: float = 0.0  # parse + execute + observe + record
    execute_s: float = 0.0  # env.step (the action and the page settling)
    observe_s: float = 0.0  # env.observe after the action
    usage: dict[str, Any] = field(default_factory=dict)
    pending: dict[str, Any] | None = None  # what was still missing in the observation (meta["pending"])
    detail: dict[str, Any] = field(default_factory=dict)  # what the agent found (the sighted agent: match scores)
    blocked: list[str] = field(default_factory=list)  # addresses refused during this step (outside the task's sites)

    @property
    def screenshot_png(self) -> bytes | None:
        """The frame the agent saw (without a record_dir; the marked PNG is encoded on first read)."""
        return _frame_png(self.frames, raw=False)

    @property
    def raw_screenshot_png(self) -> bytes | None:
        return _frame_png(self.frames, raw=True)

    @property
    def parsed(self) -> str:
        return str(self.action) if isinstance(self.action, Action) else f"INVALID: {self.action.reason}"

    @property
    def valid(self) -> bool:
        return isinstance(self.action, Action)


@dataclass
class EpisodeResult:
    answer: str | None  # None when the episode did not end with stop
    final_url: str
    steps: list[StepRecord]
    stop_reason: StopReason
    error: str | None = None
    usage: dict[str, Any] = field(default_factory=dict)  # prompt_tokens, completion_tokens, cost_usd, model
    timings: dict[str, float] = field(default_factory=dict)  # total_s, model_s, harness_s, *_per_step_s, open_s
    final_screenshot_path: Path | None = None
    final_raw_screenshot_path: Path | None = None
    final_frames: Observation | None = field(default=None, repr=False)  # as StepRecord.frames
    # the worst observation of the episode: most undecoded images in view, and where (None: not measured)
    pending: dict[str, Any] | None = None
    blocked: list[str] = field(default_factory=list)  # every address refused in the episode, in order

    @property
    def final_screenshot_png(self) -> bytes | None:
        return _frame_png(self.final_frames, raw=False)

    @property
    def final_raw_screenshot_png(self) -> bytes | None:
        return _frame_png(self.final_frames, raw=True)


def _worst_pending(steps: list[StepRecord], final: Observation | None) -> dict[str, Any] | None:
    """The episode's worst figure: the largest count of undecoded images in view over its observations."""
    seen = [(s.pending, f"step {s.index}", s.url) for s in steps if s.pending is not None]
    last = steps[-1].pending if steps else None
    if final is not None and final.meta.get("pending") is not None and final.meta["pending"] is not last:
        seen.append((final.meta["pending"], "final", final.url))
    if not seen:
        return None
    report, where, url = max(seen, key=lambda item: pending_images({"pending": item[0]}))
    incomplete = sum(1 for r, _, _ in seen if pending_images({"pending": r}))
    return {
        "max_images": pending_images({"pending": report}),
        "where": where,
        "url": url,
        "image_urls": list(report.get("image_urls") or []),
        "incomplete_observations": incomplete,
        "observations": len(seen),
    }


def _screenshot(obs: Observation) -> bytes:
    return obs.som_screenshot if obs.som_screenshot else obs.screenshot


def _raw_screenshot(obs: Observation) -> bytes | None:
    """The frame without marks, when the agent saw one with marks (else the frame is already raw)."""
    return obs.screenshot if obs.som_screenshot else None


def _frame_png(obs: Observation | None, raw: bool) -> bytes | None:
    """An observation's frame as the agent saw it (or, with `raw`, without marks); None without an observation."""
    if obs is None:
        return None
    return _raw_screenshot(obs) if raw else _screenshot(obs)


def _save_frames(record_dir: Path | None, name: str, obs: Observation) -> tuple[Path | None, Path | None]:
    """The observation's frames written as `<name>.png` and `<name>_raw.png` in `record_dir` (None: nothing
    written; the caller keeps the observation, whose frames are made only if read)."""
    if record_dir is None:
        return None, None

    def write(png: bytes | None, file: str) -> Path | None:
        if not png:
            return None
        (record_dir / file).write_bytes(png)
        return record_dir / file

    return write(_screenshot(obs), f"{name}.png"), write(_raw_screenshot(obs), f"{name}_raw.png")


class EpisodeAgent(Protocol):
    """What the loop needs of an agent (agent.agents.base.Agent has more: its name and observation mode)."""

    def reset(self, intent: str, images: list[Image.Image]) -> None: ...

    def act(self, obs: Observation, history: list[StepRecord]) -> AgentOutput: ...


def run_episode(
    env: BrowserEnv,
    agent: EpisodeAgent,
    *,
    intent: str,
    images: list[Image.Image] | None = None,
    start_urls: list[str],
    max_steps: int = 30,
    record_dir: Path | None = None,
    before_first_action: Callable[[], bool] | None = None,
) -> EpisodeResult:
    """Run one task. Never raises for browser or model failures: they end the episode with
    stop_reason "error" and the cause in `error` (the harness reports the task as an ERROR).

    `before_first_action`, when given, runs once the start pages are open and observed, before the agent's
    first action (the harness scores the untouched start state there: evaluation/running/proof.py). It returns
    True when it may have changed the pages: they are then opened and observed again. An exception it raises
    ends the episode as an error. Its time is `timings["before_first_action_s"]`, not part of `open_s`."""
    if max_steps < 1:
        raise ValueError(f"max_steps must be at least 1, got {max_steps}")
    images = list(images or [])
    if record_dir is not None:
        record_dir = Path(record_dir)
        record_dir.mkdir(parents=True, exist_ok=True)
    steps: list[StepRecord] = []
    usage = UsageMeter()
    started = time.perf_counter()
    answer: str | None = None
    stop_reason: StopReason = "max_steps"
    error: str | None = None
    obs: Observation | None = None
    final_url = start_urls[0] if start_urls else ""
    open_s = 0.0
    hook_s: float | None = None

    try:
        t = time.perf_counter()
        env.open(list(start_urls))
        agent.reset(intent, images)
        obs = env.observe()
        open_s = time.perf_counter() - t
        if before_first_action is not None:
            t = time.perf_counter()
            changed = before_first_action()
            hook_s = time.perf_counter() - t
            if changed:
                t = time.perf_counter()
                env.open(list(start_urls))
                obs = env.observe()
                open_s += time.perf_counter() - t
        invalid_in_a_row = 0
        while True:
            if len(steps) >= max_steps:
                stop_reason = "max_steps"
                break
            t_model = time.perf_counter()
            out: AgentOutput = agent.act(obs, steps)
            model_s = time.perf_counter() - t_model
            t_harness = time.perf_counter()
            usage.add(out.usage)
            if out.invalid_reason:
                action: Action | InvalidAction = InvalidAction(out.action_text, out.invalid_reason)
            else:
                action = parse_action(out.action_text)
            shot_path, raw_path = _save_frames(record_dir, f"step_{len(steps):03d}", obs)
            record = StepRecord(
                index=len(steps),
                url=obs.url,
                action_text=out.action_text,
                action=action,
                reasoning=out.reasoning,
                observation_text=obs.text,
                tabs=obs.tabs_text(),
                screenshot_path=shot_path,
                raw_screenshot_path=raw_path,
                frames=obs if record_dir is None else None,
                model_s=model_s,
                usage=dict(out.usage),
                pending=obs.meta.get("pending"),
                detail=dict(out.detail),
            )
            steps.append(record)

            if isinstance(action, InvalidAction):
                record.error = action.reason
                invalid_in_a_row += 1
                if invalid_in_a_row >= MAX_INVALID_IN_A_ROW:
                    record.harness_s = time.perf_counter() - t_harness
                    stop_reason = "invalid_actions"
                    break
                # Nothing is executed, but the page is observed again (as the official environment does
                # for its no-op action): a page still changing (a script that runs after the last
                # action settled) gets its new state seen, instead of the agent deciding on a stale frame.
                t = time.perf_counter()
                obs = env.observe()
                record.observe_s = time.perf_counter() - t
                obs.error = f"The previous action was invalid: {action.reason}"
                record.harness_s = time.perf_counter() - t_harness
                continue
            invalid_in_a_row = 0

            if action.type is ActionType.STOP:
                answer = action.answer or ""
                stop_reason = "stop"
                record.harness_s = time.perf_counter() - t_harness
                break

            same = [
                s for s in steps[-MAX_SAME_ACTION:] if s.valid and s.url == obs.url and str(s.action) == str(action)
            ]
            if len(same) >= MAX_SAME_ACTION:
                record.error = f"the same action was proposed {MAX_SAME_ACTION} times in a row on this page"
                record.harness_s = time.perf_counter() - t_harness
                stop_reason = "repeated_action"
                break

            t = time.perf_counter()
            step_error = env.step(action)
            record.execute_s = time.perf_counter() - t
            record.error = step_error
            t = time.perf_counter()
            obs = env.observe()
            record.observe_s = time.perf_counter() - t
            record.blocked = _refused(env)
            refused = refusal_line(record.blocked) if record.blocked else None
            obs.error = "\n".join(filter(None, [step_error, refused])) or None
            record.harness_s = time.perf_counter() - t_harness
    except Exception as exc:  # browser crash, model API down, agent bug: an error with its cause
        stop_reason = "error"
        error = f"{type(exc).__name__}: {exc}"

    final_path = final_raw_path = None
    if obs is not None:
        final_url = obs.url
        final_path, final_raw_path = _save_frames(record_dir, "final", obs)
    if stop_reason != "error":
        try:  # the page the agent ends on, even if the last action changed it after observing
            final_url = env.driver.current_url
        except Exception as exc:
            stop_reason, error = "error", f"could not read the final URL: {type(exc).__name__}: {exc}"
    total_s = time.perf_counter() - started
    model_total = sum(s.model_s for s in steps)
    harness_total = sum(s.harness_s for s in steps)
    n = max(1, len(steps))
    timings = {
        "total_s": round(total_s, 4),
        "open_s": round(open_s, 4),
        "model_s": round(model_total, 4),
        "harness_s": round(harness_total, 4),
        "steps": len(steps),
        "model_s_per_step": round(model_total / n, 4),
        "harness_s_per_step": round(harness_total / n, 4),
    }
    if hook_s is not None:
        timings["before_first_action_s"] = round(hook_s, 4)
    return EpisodeResult(
        answer=answer if stop_reason == "stop" else None,
        final_url=final_url,
        steps=steps,
        stop_reason=stop_reason,
        error=error,
        usage=usage.as_dict(),
        timings=timings,
        final_screenshot_path=final_path,
        final_raw_screenshot_path=final_raw_path,
        final_frames=obs if record_dir is None else None,
        pending=_worst_pending(steps, obs),
        blocked=list(dict.fromkeys(url for s in steps for url in s.blocked)),
    )


def _refused(env: BrowserEnv) -> list[str]:
    """What the env refused since it was last asked (agent/browser/sandbox.py); an env without a sandbox: nothing."""
    take = getattr(env, "take_refused", None)
    return list(take()) if take is not None else []
