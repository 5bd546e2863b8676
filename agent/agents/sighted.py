"""The sighted reference agent: replays a task's reference solution, finding every target from the
observation alone, as a person looking at the screen would.

Each element step of the solution must carry `sight` (agent/agents/reference.py lists its forms): the
agent picks the mark by its visible text, by the field after a visible label, or by comparing a picture
(rendered by tasks/build from the item's spec, never read from the page) with each mark's crop of the
screenshot (agent/sight.py). It never reads the DOM, runs page scripts or uses CSS selectors: it sees the
Set-of-Marks element list (tag, text, box) and the screenshot's pixels. A picture must match with a score
of at least `min_score` and a margin of at least `min_margin` over the runner-up; when no mark does, the
agent scrolls down and looks again (at most `max_scrolls` times per step). Each match's score and margin
are recorded in the step (`AgentOutput.detail`, shown in the trajectory) and summed up in `summary()`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PIL import Image

from agent.agents.base import AgentOutput
from agent.agents.reference import ELEMENT_STEPS, SOLUTION_ENDED, solution_steps, step_note
from agent.observation import Observation
from agent.sight import caption_link, find_after, find_by_text, match_picture, nearest, screenshot_image
from agent.som import Mark

MIN_SCORE = 0.75
MIN_MARGIN = 0.1
MAX_SCROLLS = 2  # the episode ends on a third identical action on one page


class SightedAgent:
    name = "sighted"
    observation_mode = "som"

    def __init__(
        self,
        solution: Sequence[object] | None,
        task_dir: str | Path | None = None,
        url_map: dict[str, str] | None = None,
        min_score: float = MIN_SCORE,
        min_margin: float = MIN_MARGIN,
        max_scrolls: int = MAX_SCROLLS,
    ) -> None:
        if solution is None:
            raise ValueError("the sighted agent needs the task's reference_solution (the task has none)")
        self.steps = solution_steps(solution)
        missing = [i for i, s in enumerate(self.steps) if s.do in ELEMENT_STEPS and not s.sight]
        if missing:
            raise ValueError(
                f"reference_solution step(s) {missing} name their element only by CSS: the sighted "
                "agent needs `sight` (rebuild the suite with python -m tasks.build)"
            )
        self.task_dir = Path(task_dir) if task_dir else Path.cwd()
        self.url_map = dict(url_map or {})
        self.min_score, self.min_margin, self.max_scrolls = min_score, min_margin, max_scrolls
        self.position = 0
        self.scrolls = 0
        self.matches: list[dict[str, Any]] = []  # every target found: how, score and margin for pictures
        self._pictures: dict[str, Image.Image] = {}

    def reset(self, intent: str, images: list[Image.Image]) -> None:
        self.position, self.scrolls, self.matches = 0, 0, []

    def summary(self) -> dict[str, Any]:
        """How the targets of the episode were found: counts by way, and the smallest picture margin."""
        by_picture = [m for m in self.matches if m["by"] == "picture"]
        return {
            "targets": len(self.matches),
            "by_text": sum(m["by"] == "text" for m in self.matches),
            "by_label": sum(m["by"] == "after" for m in self.matches),
            "by_picture": len(by_picture),
            "min_margin": min((m["margin"] for m in by_picture), default=None),
            "min_score": min((m["score"] for m in by_picture), default=None),
        }

    def _picture(self, ref: str) -> Image.Image:
        if ref not in self._pictures:
            path = (self.task_dir / ref).resolve()
            if not path.is_file():
                raise FileNotFoundError(f"sight picture {ref!r} not found (looked at {path})")
            self._pictures[ref] = Image.open(path).convert("RGB")
        return self._pictures[ref]

    def _find(self, sight: dict[str, str] | None, obs: Observation) -> tuple[Mark | None, dict[str, Any]]:
        """(mark, detail) or (None, detail saying what was seen)."""
        if not sight:  # __init__ refuses an element step without one
            raise ValueError("a sighted step without `sight`")
        marks = obs.meta.get("marks") or []
        if "text" in sight and "after" in sight:
            return (
                find_after(obs.text, marks, sight["after"], sight["text"], sight.get("tag")),
                {"by": "text", "text": sight["text"], "after": sight["after"]},
            )
        if "text" in sight:
            return find_by_text(marks, sight["text"], sight.get("tag")), {"by": "text", "text": sight["text"]}
        if "after" in sight:
            return find_after(obs.text, marks, sight["after"]), {"by": "after", "label": sight["after"]}
        match = match_picture(screenshot_image(obs.screenshot), marks, self._picture(sight["picture"]))
        detail = {"by": "picture", "picture": sight["picture"], **match.as_dict()}
        if match.mark is None or match.score < self.min_score or match.margin < self.min_margin:
            return None, detail
        if "near" in sight:
            target = nearest(marks, sight["near"], match.mark)
            detail["near"] = sight["near"]
            return target, detail
        target = caption_link(marks, match.mark)
        if target is not match.mark:
            detail["clicked"] = "the caption link of the picture"
        return target, detail

    def act(self, obs: Observation, history: list[Any]) -> AgentOutput:
        if self.position >= len(self.steps):
            return AgentOutput("stop []", reasoning=SOLUTION_ENDED)
        step = self.steps[self.position]
        note = step_note("Sighted", self.steps, self.position, f"{step.do} by sight {step.sight or ''}")
        if step.do in ELEMENT_STEPS:
            mark, detail = self._find(step.sight, obs)
            if mark is None:
                if self.scrolls < self.max_scrolls:
                    self.scrolls += 1
                    return AgentOutput(
                        "scroll [down]", reasoning=note + ": not in view, scrolling", detail={**detail, "found": False}
                    )
                return AgentOutput(
                    f"{step.do} [?]",
                    reasoning=note,
                    detail={**detail, "found": False},
                    invalid_reason=f"sighted step {self.position} ({step.sight}): not found on "
                    f"screen after {self.scrolls} scroll(s): {detail}",
                )
            detail = {**detail, "found": True, "mark": mark.id, "mark_text": mark.text[:80]}
            self.matches.append(detail)
            self.scrolls = 0
            self.position += 1
            return AgentOutput(step.action_text(mark.id), reasoning=note, detail=detail)
        self.position += 1
        return AgentOutput(step.action_text(url_map=self.url_map), reasoning=note)
