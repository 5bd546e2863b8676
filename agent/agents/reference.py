"""The reference agent: replays a task's reference solution through the ordinary action path.

A task file may carry `reference_solution`: a list of steps. Elements are named by something stable
(a CSS selector and/or visible text), never by an observation id; at each step the agent asks the
environment for the element's id in the CURRENT observation and emits ordinary action text
(`click [17]`), so the replay is parsed and executed exactly like a model's output.

Step format (one JSON object per step, `do` selects the kind; the kinds and their fields are declared with
the actions, agent/actions.py `step=`):

    {"do": "click", "css": "a.login"}                 {"do": "hover", "text": "Electronics"}
    {"do": "type", "css": "input[name=q]", "value": "red bike", "enter": true}
    {"do": "press", "key": "Enter"}                   {"do": "scroll", "direction": "down"}
    {"do": "goto", "url": "__CLASSIFIEDS__/index.php"}
    {"do": "go_back"}  {"do": "go_forward"}  {"do": "new_tab"}  {"do": "close_tab"}
    {"do": "tab_focus", "index": 1}                   {"do": "stop", "answer": "42"}

`click`, `hover` and `type` need `css` or `text` (or both: the element matching the selector whose
visible text contains `text`). `enter` defaults to true. Every step may carry a free-text `note`
(shown as the agent's reasoning in the trajectory).

An element step may also carry `sight`: how to find the same element from the observation alone, for the
sighted agent (agent/agents/sighted.py), which never uses `css`. One of
    {"text": "Post comment"}                 the mark whose visible text is this (optional "tag": "BUTTON")
    {"after": "Price ($)"}                   the first form field after the visible text (a field's label)
    {"text": "Reply", "after": "someUser"}   the first mark with that text after the visible text
    {"picture": "sight/classifieds/ab12.png"}   the image mark that looks like this picture (a path
                                             relative to the task file), optionally with "near": "Edit":
                                             then the mark with that text closest to the matched image
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, overload

from PIL import Image

from agent.actions import ACTIONS, Action, ActionType, Step
from agent.agents.base import AgentOutput
from agent.observation import Observation

# The step kinds and their fields, read from the action definitions (agent/actions.py: `step=`): an element
# step names its element by css and/or text; each kind's own fields fill the Action's
_STEPS: dict[str, Step] = {name: d.step for name, d in ACTIONS.items() if d.step is not None}
ELEMENT_STEPS = frozenset(name for name, step in _STEPS.items() if step.element)
_FIELDS: dict[str, set[str]] = {
    name: ({"css", "text"} if step.element else set()) | {field for field, _ in step.fields}
    for name, step in _STEPS.items()
}


@dataclass(frozen=True)
class SolutionStep:
    do: str
    css: str | None = None
    text: str | None = None
    value: str | None = None
    enter: bool = True
    key: str | None = None
    direction: str | None = None
    url: str | None = None
    index: int | None = None
    answer: str | None = None
    note: str = ""
    sight: dict[str, str] | None = None

    def describe(self) -> str:
        target = " ".join(f"{k}={v!r}" for k, v in (("css", self.css), ("text", self.text)) if v is not None)
        return f"{self.do} {target}".strip()

    def action_text(self, element_id: int | str | None = None, url_map: dict[str, str] | None = None) -> str:
        """The step as action text: `element_id` is the mark of a click, hover or type step (however the agent
        found it), `url_map` fills a goto's site placeholders."""
        step = _STEPS[self.do]
        values = {field: getattr(self, name) for name, field in step.fields}
        if step.element:
            values["element_id"] = str(element_id)
        if self.url is not None:  # goto: never empty
            values["url"] = _substitute(self.url, url_map or {})
        return str(Action(ActionType(self.do), **values))


@overload
def _str_field(step: dict[str, Any], name: str, where: str, required: Literal[True]) -> str: ...
@overload
def _str_field(step: dict[str, Any], name: str, where: str, required: bool) -> str | None: ...
def _str_field(step: dict[str, Any], name: str, where: str, required: bool) -> str | None:
    value = step.get(name)
    if value is None:
        if required:
            raise ValueError(f"{where}: field {name!r} is required for do={step['do']!r}")
        return None
    if not isinstance(value, str):
        raise ValueError(f"{where}: field {name!r} must be a string, got {type(value).__name__}")
    return value


_SIGHT_KEYS = {"text": str, "tag": str, "after": str, "picture": str, "near": str}


def _sight_field(value: object, where: str) -> dict[str, str] | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ValueError(f"{where}: field 'sight' must be an object, got {type(value).__name__}")
    for key, item in value.items():
        if key not in _SIGHT_KEYS:
            raise ValueError(f"{where}: sight: unknown key {key!r} (known: {', '.join(_SIGHT_KEYS)})")
        if not isinstance(item, str) or not item.strip():
            raise ValueError(f"{where}: sight.{key} must be a non-empty string, got {item!r}")
    ways = [k for k in ("text", "after", "picture") if k in value]
    if len(ways) != 1 and ways != ["text", "after"]:
        raise ValueError(f"{where}: sight needs one of text, after, picture (or text with after); got {ways or 'none'}")
    if "near" in value and "picture" not in value:
        raise ValueError(f"{where}: sight.near goes with sight.picture")
    return {str(key): str(item) for key, item in value.items()}


def _enter(step: dict[str, Any], where: str) -> bool:
    enter = step.get("enter", True)
    if not isinstance(enter, bool):
        raise ValueError(f"{where}: field 'enter' must be true or false, got {enter!r}")
    return enter


def _direction(step: dict[str, Any], where: str) -> str:
    direction = step.get("direction", "down")
    if direction not in ("up", "down"):
        raise ValueError(f"{where}: field 'direction' must be 'up' or 'down', got {direction!r}")
    return str(direction)


def _url(step: dict[str, Any], where: str) -> str:
    url = _str_field(step, "url", where, True)
    if not url.strip():
        raise ValueError(f"{where}: field 'url' is empty")
    return url


def _index(step: dict[str, Any], where: str) -> int:
    index = step.get("index")
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        raise ValueError(f"{where}: field 'index' must be a non-negative integer, got {index!r}")
    return index


def _answer(step: dict[str, Any], where: str) -> str:
    answer = step.get("answer", "")
    if not isinstance(answer, (str, int, float)) or isinstance(answer, bool):
        raise ValueError(f"{where}: field 'answer' must be a string, got {type(answer).__name__}")
    return str(answer)


# How each step field is read and checked (the fields each kind has come from its action's definition)
_CHECKS: dict[str, Callable[[dict[str, Any], str], Any]] = {
    "value": lambda step, where: _str_field(step, "value", where, True),
    "enter": _enter,
    "key": lambda step, where: _str_field(step, "key", where, True),
    "direction": _direction,
    "url": _url,
    "index": _index,
    "answer": _answer,
}


def parse_solution(steps: object) -> list[SolutionStep]:
    """Validate a `reference_solution` list. Raises ValueError naming the step index and the field."""
    if not isinstance(steps, (list, tuple)):
        raise ValueError(f"reference_solution must be a list of steps, got {type(steps).__name__}")
    parsed: list[SolutionStep] = []
    for i, step in enumerate(steps):
        where = f"reference_solution[{i}]"
        if not isinstance(step, dict):
            raise ValueError(f"{where}: a step must be an object, got {type(step).__name__}")
        do = step.get("do")
        if do not in _FIELDS:
            raise ValueError(f"{where}: field 'do' must be one of {', '.join(_FIELDS)}; got {do!r}")
        unknown = set(step) - _FIELDS[do] - {"do", "note"} - ({"sight"} if do in ELEMENT_STEPS else set())
        if unknown:
            raise ValueError(f"{where}: unknown field(s) {', '.join(sorted(unknown))} for do={do!r}")
        note = _str_field(step, "note", where, False) or ""
        element: dict[str, Any] = {}
        if do in ELEMENT_STEPS:
            css = _str_field(step, "css", where, False)
            text = _str_field(step, "text", where, False)
            if not (css or text):
                raise ValueError(f"{where}: field 'css' or 'text' is required for do={do!r}")
            element = {"css": css, "text": text}
        values: dict[str, Any] = {name: _CHECKS[name](step, where) for name, _ in _STEPS[do].fields}
        if do in ELEMENT_STEPS:
            element["sight"] = _sight_field(step.get("sight"), where)
        parsed.append(SolutionStep(do, **element, **values, note=note))
    return parsed


def solution_steps(solution: Sequence[object]) -> list[SolutionStep]:
    """A solution's steps, given parsed already or as the task file's objects (validated then)."""
    if all(isinstance(s, SolutionStep) for s in solution):
        return [s for s in solution if isinstance(s, SolutionStep)]
    return parse_solution(solution)


def _substitute(url: str, url_map: dict[str, str]) -> str:
    for placeholder, base in url_map.items():
        url = url.replace(placeholder, base.rstrip("/"))
    return url


SOLUTION_ENDED = "The reference solution ended without a stop step."


def step_note(agent: str, steps: Sequence[SolutionStep], position: int, what: str) -> str:
    """What a replaying agent says of the step at `position`: `<agent> step i/n: <what>`, and the step's own note."""
    note = f"{agent} step {position + 1}/{len(steps)}: {what}"
    return f"{note} ({steps[position].note})" if steps[position].note else note


class ElementResolver(Protocol):
    """What the reference agent asks of the browser: the id of an element in the latest observation."""

    def resolve_element_id(self, css: str | None = None, text: str | None = None) -> str: ...


class ReferenceAgent:
    """Replays a parsed reference solution. `url_map` replaces URL placeholders such as `__CLASSIFIEDS__`
    in `goto` steps (the harness may also substitute them before)."""

    name = "reference"

    def __init__(
        self,
        env: ElementResolver,
        solution: Sequence[object] | None,
        observation_mode: str = "accessibility_tree",
        url_map: dict[str, str] | None = None,
    ) -> None:
        if solution is None:
            raise ValueError("the reference agent needs the task's reference_solution (the task has none)")
        self.env = env
        self.steps = solution_steps(solution)
        self.observation_mode = observation_mode
        self.url_map = dict(url_map or {})
        self.position = 0

    def reset(self, intent: str, images: list[Image.Image]) -> None:
        self.position = 0

    def act(self, obs: Observation, history: list[Any]) -> AgentOutput:
        if self.position >= len(self.steps):
            return AgentOutput("stop []", reasoning=SOLUTION_ENDED)
        step = self.steps[self.position]
        note = step_note("Reference", self.steps, self.position, step.describe())
        if step.do in ELEMENT_STEPS:
            try:
                element_id = self.env.resolve_element_id(css=step.css, text=step.text)
            except LookupError as exc:
                # Not advanced: the next observation gets another chance (the page may still be changing);
                # the episode's invalid-action rule ends the replay after three misses.
                return AgentOutput(
                    f"{step.do} [?]",
                    reasoning=note,
                    invalid_reason=f"reference step {self.position} ({step.describe()}): "
                    f"element not found in the current observation: {exc}",
                )
            text = step.action_text(element_id)
        else:
            text = step.action_text(url_map=self.url_map)
        self.position += 1
        return AgentOutput(text, reasoning=note)
