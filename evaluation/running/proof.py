"""`--prove`: the three proofs of a task in one episode of the sighted agent (make test's task pass).

1. **Null**: once the start pages are open and observed, before the agent's first action, the page is what
   the null agent ends on (it stops at once with an empty answer). The harness scores that outcome there,
   in strict scoring, as a null run would, up to the first failed check: it must score 0. The scoring only
   reads (GET pages in its own tab, the sites' read API); when a check runs a page script or a prep action on
   the agent's page, the start pages are opened and observed again before the agent acts.
2. **Sighted**: the sighted agent (agent/agents/sighted.py) finds every target from the observation alone
   and the episode, scored as usual, must get the expected reward (1).
3. **Reference**: at every element step, once the sighted agent has found its mark, the element the task's
   reference solution names (CSS selector and/or text, as the reference agent resolves it) is resolved in the
   same observation: it must be the same mark. The solution's other steps are the same steps for both
   agents, so the reference replay takes the same actions, in the same order, as the sighted agent.

The reference agent over the accessibility tree, in its own episodes, is still `--agent reference`; `make
verify` runs it twice over every task.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from agent.agents.base import AgentOutput
from agent.agents.reference import ELEMENT_STEPS
from agent.observation import Observation
from evaluation.rewards.evaluators import EvalContext, evaluate_task
from evaluation.taskfiles.loader import Task
from evaluation.vocabulary.outcome import Reward

if TYPE_CHECKING:
    from PIL import Image

    from agent.agents.sighted import SightedAgent
    from agent.browser import BrowserEnv

_ELEMENT = ELEMENT_STEPS  # the steps that name an element (the action definitions say which)


def scripts_on_last_page(task: Task) -> bool:
    """Whether scoring `task` runs a page script or prep action on the agent's own page (url "last")."""
    return any(
        t.url == "last" and (t.prep_actions or t.locator.kind in ("js", "lambda")) for t in task.eval.program_html
    )


def score_start_as_null(task: Task, ctx: EvalContext) -> Reward:
    """The null agent's outcome on the page as it is now: an empty answer, the current URL (ctx.final_url when
    given: the URL the start pages' observation saw; else the browser is asked), strict scoring. The checks run
    in the task's order up to the first that fails: the reward is then 0 whatever the others say (the episode's
    own scoring runs every check)."""
    if ctx.driver is None:
        raise ValueError("the null proof needs the browser")
    url = ctx.final_url or ctx.driver.current_url
    return evaluate_task(task, replace(ctx, answer="", final_url=url, scoring="strict", first_failure_ends=True))


@dataclass
class ReferenceCheck:
    """Wraps the sighted agent: after each mark it finds by sight, the reference solution's element for the
    same step is resolved in the same observation (`env.resolve_element_id`), and the two are compared. The
    sighted agent's output is passed on unchanged; disagreements are collected for the test to fail on."""

    inner: SightedAgent  # `steps`, `position`, `act`
    env: BrowserEnv  # `resolve_element_id(css=, text=)`
    checked: int = 0
    disagreements: list[dict[str, Any]] = field(default_factory=list)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)  # name, observation_mode...

    def reset(self, intent: str, images: list[Image.Image]) -> None:
        self.checked, self.disagreements = 0, []
        self.inner.reset(intent, images)

    def act(self, obs: Observation, history: list[Any]) -> AgentOutput:
        position = self.inner.position
        out: AgentOutput = self.inner.act(obs, history)
        steps = self.inner.steps
        if position < len(steps) and steps[position].do in _ELEMENT and out.detail.get("found"):
            step = steps[position]
            self.checked += 1
            try:
                named = str(self.env.resolve_element_id(css=step.css, text=step.text))
            except LookupError as exc:
                named, why = None, str(exc)
            else:
                why = ""
            seen = str(out.detail.get("mark"))
            out.detail["reference_mark"] = named
            if named != seen:
                self.disagreements.append(
                    {
                        "step": position,
                        "do": step.do,
                        "reference": step.describe(),
                        "sighted_mark": seen,
                        "sighted_text": out.detail.get("mark_text"),
                        "reference_mark": named,
                        "reference_text": _mark_text(obs, named),
                        "why": why or "another element",
                        "url": obs.url,
                    }
                )
        return out

    def comparison(self) -> dict[str, Any]:
        """The proof's record (`summary()` stays the sighted agent's own: how its targets were found)."""
        return {
            "element_steps": self.checked,
            "agreed": self.checked - len(self.disagreements),
            "disagreements": list(self.disagreements),
        }


def _mark_text(obs: Observation, mark_id: str | None) -> str | None:
    for mark in obs.meta.get("marks") or []:
        if str(mark.id) == mark_id:
            return str(mark.text)[:80]
    return None


def proof_failures(record: dict[str, Any]) -> list[str]:
    """What a proved task's record says failed of the null and reference proofs (empty: both hold)."""
    proof = record.get("proof") or {}
    problems = []
    null = proof.get("null")
    if null is None:
        problems.append("null proof: the start state was not scored")
    elif null.get("reward") != 0:
        failed = [c for c in null.get("checks", []) if c.get("passed")]
        problems.append(
            "null proof: the empty answer on the start page scored "
            f"{null.get('reward')} (strict): "
            + "; ".join(f"{c.get('evaluator')}.{c.get('name')}: {c.get('reason')}" for c in failed)
        )
    reference = proof.get("reference")
    if reference is None:
        problems.append("reference proof: no element step was compared")
    else:
        for d in reference.get("disagreements", []):
            problems.append(
                f"reference proof: step {d['step']} ({d['reference']}): the sighted agent picked "
                f"[{d['sighted_mark']}] {d.get('sighted_text')!r}, the reference names "
                f"[{d['reference_mark']}] {d.get('reference_text')!r} ({d['why']}) on {d['url']}"
            )
    return problems
