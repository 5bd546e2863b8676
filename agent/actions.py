"""The benchmark's action space: parsed from its text grammar into typed `Action`s.

Grammar (one action per string; ids are the numbers shown in the current observation):

    click [id]            hover [id]            type [id] [text] [1|0]
    press [key_comb]      scroll [up|down]      new_tab
    scroll [id] [up|down] wait
    tab_focus [index]     close_tab             goto [url]
    go_back               go_forward            stop [answer]

`type` replaces the field's content and presses Enter afterwards unless the last argument is 0.
`scroll [direction=down]` (the form in the paper's prompts) is accepted too; `scroll [id] [up|down]`
scrolls the scrolling area that holds element `id` (WebVoyager's form). `wait` lets the page settle
(no fixed sleep) and observes again. Text that does not parse
gives an `InvalidAction` carrying the reason; `parse_action` never raises.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from agent.keys import parse_key_comb


class ActionType(str, Enum):
    CLICK = "click"
    HOVER = "hover"
    TYPE = "type"
    PRESS = "press"
    SCROLL = "scroll"
    NEW_TAB = "new_tab"
    TAB_FOCUS = "tab_focus"
    CLOSE_TAB = "close_tab"
    GOTO = "goto"
    GO_BACK = "go_back"
    GO_FORWARD = "go_forward"
    STOP = "stop"
    WAIT = "wait"


@dataclass(frozen=True)
class Action:
    type: ActionType
    raw: str = ""
    element_id: str | None = None  # click, hover, type
    text: str | None = None  # type
    press_enter: bool = True  # type
    key_comb: str | None = None  # press
    direction: str | None = None  # scroll: "up" | "down"
    tab_index: int | None = None  # tab_focus
    url: str | None = None  # goto
    answer: str | None = None  # stop

    def __str__(self) -> str:
        t = self.type
        if t in (ActionType.CLICK, ActionType.HOVER):
            return f"{t.value} [{self.element_id}]"
        if t is ActionType.TYPE:
            return f"type [{self.element_id}] [{self.text}] [{1 if self.press_enter else 0}]"
        if t is ActionType.PRESS:
            return f"press [{self.key_comb}]"
        if t is ActionType.SCROLL:
            return f"scroll [{self.element_id}] [{self.direction}]" if self.element_id else f"scroll [{self.direction}]"
        if t is ActionType.TAB_FOCUS:
            return f"tab_focus [{self.tab_index}]"
        if t is ActionType.GOTO:
            return f"goto [{self.url}]"
        if t is ActionType.STOP:
            return f"stop [{self.answer}]"
        return t.value


@dataclass(frozen=True)
class InvalidAction:
    raw: str
    reason: str

    def __str__(self) -> str:
        return f"invalid action {self.raw!r}: {self.reason}"


_ID = r"\[\s*(\d+)\s*\]"
_PATTERNS: list[tuple[ActionType, re.Pattern]] = [
    (ActionType.CLICK, re.compile(rf"^click\s*{_ID}$", re.S)),
    (ActionType.HOVER, re.compile(rf"^hover\s*{_ID}$", re.S)),
    (ActionType.TYPE, re.compile(rf"^type\s*{_ID}\s*\[(.*)\]\s*\[\s*([01])\s*\]$", re.S)),
    (ActionType.TYPE, re.compile(rf"^type\s*{_ID}\s*\[(.*)\]$", re.S)),
    (ActionType.PRESS, re.compile(r"^press\s*\[\s*([^\]]+?)\s*\]$", re.S)),
    (ActionType.SCROLL, re.compile(r"^scroll\s*\[\s*(?:direction\s*=\s*)?(up|down)\s*\]$", re.S | re.I)),
    (ActionType.SCROLL, re.compile(rf"^scroll\s*{_ID}\s*\[\s*(up|down)\s*\]$", re.S | re.I)),
    (ActionType.WAIT, re.compile(r"^wait$")),
    (ActionType.NEW_TAB, re.compile(r"^new_tab$")),
    (ActionType.TAB_FOCUS, re.compile(r"^tab_focus\s*\[\s*(\d+)\s*\]$")),
    (ActionType.CLOSE_TAB, re.compile(r"^close_tab$")),
    (ActionType.GOTO, re.compile(r"^goto\s*\[\s*(.+?)\s*\]$", re.S)),
    (ActionType.GO_BACK, re.compile(r"^go_back$")),
    (ActionType.GO_FORWARD, re.compile(r"^go_forward$")),
    (ActionType.STOP, re.compile(r"^stop(?:\s*\[(.*)\])?$", re.S)),
]

_USAGE = {
    "click": "click [id]",
    "hover": "hover [id]",
    "type": "type [id] [text] [1|0]",
    "press": "press [key_comb]",
    "scroll": "scroll [up|down] or scroll [id] [up|down]",
    "new_tab": "new_tab",
    "tab_focus": "tab_focus [index]",
    "close_tab": "close_tab",
    "goto": "goto [url]",
    "go_back": "go_back",
    "go_forward": "go_forward",
    "stop": "stop [answer]",
    "wait": "wait",
}


def parse_action(text: str) -> Action | InvalidAction:
    """Parse one action string. Never raises: bad input gives an InvalidAction with the reason."""
    if not isinstance(text, str):
        return InvalidAction(repr(text), "an action must be a string")
    raw = text
    s = text.strip()
    if not s:
        return InvalidAction(raw, "empty action")
    verb = re.match(r"^([a-z_]+)", s, re.I)
    if not verb or verb.group(1).lower() not in _USAGE:
        known = ", ".join(_USAGE)
        return InvalidAction(raw, f"unknown action {s.split()[0][:40]!r}; expected one of: {known}")
    name = verb.group(1).lower()
    s = name + s[len(name) :]
    for kind, pattern in _PATTERNS:
        if kind.value != name:
            continue
        m = pattern.match(s)
        if not m:
            continue
        g = m.groups()
        if kind in (ActionType.CLICK, ActionType.HOVER):
            return Action(kind, raw, element_id=g[0])
        if kind is ActionType.TYPE:
            enter = True if len(g) < 3 else g[2] == "1"
            return Action(kind, raw, element_id=g[0], text=g[1], press_enter=enter)
        if kind is ActionType.PRESS:
            try:
                parse_key_comb(g[0])  # the key names the browser will press
            except ValueError as exc:
                return InvalidAction(raw, str(exc))
            return Action(kind, raw, key_comb=g[0])
        if kind is ActionType.SCROLL:
            if len(g) == 2:
                return Action(kind, raw, element_id=g[0], direction=g[1].lower())
            return Action(kind, raw, direction=g[0].lower())
        if kind is ActionType.TAB_FOCUS:
            return Action(kind, raw, tab_index=int(g[0]))
        if kind is ActionType.GOTO:
            return Action(kind, raw, url=g[0])
        if kind is ActionType.STOP:
            return Action(kind, raw, answer=(g[0] or "").strip())
        return Action(kind, raw)
    return InvalidAction(raw, f"malformed {name!r} action; expected `{_USAGE[name]}`")
