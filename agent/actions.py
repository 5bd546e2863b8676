"""The benchmark's action space, defined once: each action's name, argument forms, parsing, text, prompt line
and execution in one definition below; the parser (`parse_action`), the prompts (agent/prompts/instructions.py,
agent/prompts/reply.py), the reference agent's step grammar, WebVoyager's translator and the browser
(agent/browser/act.py) all read `ACTIONS`.

Grammar (one action per string; ids are the numbers shown in the current observation):

    click [id]            hover [id]            type [id] [text] [1|0]
    press [key_comb]      scroll [up|down]      new_tab
    scroll [id] [up|down] wait
    tab_focus [index]     close_tab             goto [url]
    go_back               go_forward            stop [answer]

`type` replaces the field's content and presses Enter afterwards unless the last argument is 0.
`scroll [direction=down]` (the form in the paper's prompts) is accepted too; `scroll [id] [up|down]`
scrolls the scrolling area that holds element `id` (WebVoyager's form). `wait` lets the page settle
(no fixed sleep) and observes again. Text that does not parse gives an `InvalidAction` carrying the reason;
`parse_action` never raises.

An action is one function decorated with `@action`: its docstring is the action's line in the prompt, its
body what it does with the browser (through the `Browser` primitives, which agent/browser implements); the
decorator's arguments give its argument forms (regular expressions after the verb, each with the fields it
fills), how it is written back, the form named when it is malformed, and how a reference solution's step writes
it (`step=`: agent/agents/reference.py reads the step kinds and their fields from there).
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

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
    element_id: str | None = None  # click, hover, type, scroll (an area)
    text: str | None = None  # type
    press_enter: bool = True  # type
    key_comb: str | None = None  # press
    direction: str | None = None  # scroll: "up" | "down"
    tab_index: int | None = None  # tab_focus
    url: str | None = None  # goto
    answer: str | None = None  # stop

    def __str__(self) -> str:
        return ACTIONS[self.type.value].write(self)


@dataclass(frozen=True)
class InvalidAction:
    raw: str
    reason: str

    def __str__(self) -> str:
        return f"invalid action {self.raw!r}: {self.reason}"


class Browser(Protocol):
    """What the actions do with the browser (agent/browser/act.py: Actions implements it). Each primitive
    raises the browser's ActionError with a message for the agent when it cannot be done; `load_url` returns one."""

    def click_element(self, element_id: str | None) -> None: ...
    def hover_element(self, element_id: str | None) -> None: ...
    def type_into(self, element_id: str | None, text: str, press_enter: bool) -> None: ...
    def press_keys(self, key_comb: str) -> None: ...
    def scroll_page(self, direction: str) -> None: ...
    def scroll_area(self, element_id: str | None, direction: str) -> None: ...
    def add_tab(self) -> None: ...
    def switch_tab(self, index: int) -> None: ...
    def close_focused_tab(self) -> None: ...
    def load_url(self, url: str) -> str | None: ...
    def history_back(self) -> None: ...
    def history_forward(self) -> None: ...


Fields = dict[str, Any]


@dataclass(frozen=True)
class Form:
    """One way to write an action's arguments: a regular expression matched after the verb (to the end), and
    the Action fields its groups give (a ValueError from `fields` makes the action invalid with its message)."""

    pattern: str
    fields: Callable[[tuple[str, ...]], Fields]
    flags: int = re.S

    def compiled(self, verb: str) -> re.Pattern[str]:
        return re.compile(rf"^{verb}{self.pattern}$", self.flags)


@dataclass(frozen=True)
class Step:
    """How a reference solution's step (agent/agents/reference.py) writes the action: `element`, the step names
    its element by `css` and/or visible `text` (the agent finds its id); `fields`, the step's own fields in order,
    each with the Action field it fills."""

    element: bool = False
    fields: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class ActionDef:
    type: ActionType
    forms: tuple[Form, ...]
    usage: str  # the form an error names when the action is malformed
    write: Callable[[Action], str]  # the action as text (Action.__str__)
    execute: Callable[[Browser, Action], str | None]
    prompt: str | None  # the action as the prompt shows it (None: not shown to the prompt agents)
    help: str  # its line in the prompt: the execute function's docstring
    may_navigate: bool  # the page may start loading: the step yields to it before the settle wait
    ends_episode: bool
    step: Step | None = None  # how a reference solution writes it (None: it cannot)

    @property
    def name(self) -> str:
        return self.type.value

    def takes_no_argument(self) -> bool:
        return any(form.compiled(self.name).match(self.name) for form in self.forms)

    def parse(self, raw: str, text: str) -> Action | InvalidAction | None:
        """`text` (verb in lower case) as this action, an InvalidAction (a form matched, its values did not
        hold), or None when no form matches."""
        for form in self.forms:
            m = form.compiled(self.name).match(text)
            if m is None:
                continue
            try:
                return Action(self.type, raw, **form.fields(m.groups()))
            except ValueError as exc:
                return InvalidAction(raw, str(exc))
        return None


ACTIONS: dict[str, ActionDef] = {}


def action(
    kind: ActionType,
    *forms: Form,
    usage: str = "",
    write: Callable[[Action], str] | None = None,
    prompt: str | None = None,
    may_navigate: bool = False,
    ends_episode: bool = False,
    step: Step | None = None,
) -> Callable[[Callable[[Browser, Action], str | None]], Callable[[Browser, Action], str | None]]:
    """Register the decorated function as the action `kind` (see the module's docstring)."""

    def register(execute: Callable[[Browser, Action], str | None]) -> Callable[[Browser, Action], str | None]:
        if kind.value in ACTIONS:
            raise ValueError(f"action {kind.value!r} is defined twice")
        ACTIONS[kind.value] = ActionDef(
            kind,
            forms or (Form("", lambda g: {}),),
            usage or kind.value,
            write or (lambda a: kind.value),
            execute,
            prompt,
            inspect.cleandoc(execute.__doc__ or ""),
            may_navigate,
            ends_episode,
            step,
        )
        return execute

    return register


_ID = r"\s*\[\s*(\d+)\s*\]"
_ELEMENT = Form(_ID, lambda g: {"element_id": g[0]})


def _key_comb(groups: tuple[str, ...]) -> Fields:
    parse_key_comb(groups[0])  # the key names the browser will press; a ValueError names the unknown one
    return {"key_comb": groups[0]}


# fmt: off
@action(ActionType.CLICK, _ELEMENT, usage="click [id]", write=lambda a: f"click [{a.element_id}]",
        prompt="click [id]", may_navigate=True, step=Step(element=True))
def click(browser: Browser, a: Action) -> str | None:
    """click the element with that id"""
    browser.click_element(a.element_id)
    return None


@action(ActionType.HOVER, _ELEMENT, usage="hover [id]", write=lambda a: f"hover [{a.element_id}]",
        prompt="hover [id]", step=Step(element=True))
def hover(browser: Browser, a: Action) -> str | None:
    """move the mouse over the element"""
    browser.hover_element(a.element_id)
    return None


@action(ActionType.TYPE,
        Form(rf"{_ID}\s*\[(.*)\]\s*\[\s*([01])\s*\]",
             lambda g: {"element_id": g[0], "text": g[1], "press_enter": g[2] == "1"}),
        Form(rf"{_ID}\s*\[(.*)\]", lambda g: {"element_id": g[0], "text": g[1]}),
        usage="type [id] [text] [1|0]",
        write=lambda a: f"type [{a.element_id}] [{a.text}] [{1 if a.press_enter else 0}]",
        prompt="type [id] [text] [1|0]", may_navigate=True,
        step=Step(element=True, fields=(("value", "text"), ("enter", "press_enter"))))
def type_(browser: Browser, a: Action) -> str | None:
    """replace the content of a text field with text; 1 presses Enter afterwards (default), 0 does not"""
    browser.type_into(a.element_id, a.text or "", a.press_enter)
    return None


@action(ActionType.PRESS, Form(r"\s*\[\s*([^\]]+?)\s*\]", _key_comb), usage="press [key_comb]",
        write=lambda a: f"press [{a.key_comb}]", prompt="press [keys]", may_navigate=True,
        step=Step(fields=(("key", "key_comb"),)))
def press(browser: Browser, a: Action) -> str | None:
    """press a key or combination, e.g. press [Enter], press [Ctrl+a]"""
    browser.press_keys(a.key_comb or "")
    return None


@action(ActionType.SCROLL,
        Form(r"\s*\[\s*(?:direction\s*=\s*)?(up|down)\s*\]", lambda g: {"direction": g[0].lower()}, re.S | re.I),
        Form(rf"{_ID}\s*\[\s*(up|down)\s*\]", lambda g: {"element_id": g[0], "direction": g[1].lower()},
             re.S | re.I),
        usage="scroll [up|down] or scroll [id] [up|down]",
        write=lambda a: f"scroll [{a.element_id}] [{a.direction}]" if a.element_id else f"scroll [{a.direction}]",
        prompt="scroll [up|down]", step=Step(fields=(("direction", "direction"),)))
def scroll(browser: Browser, a: Action) -> str | None:
    """scroll the page by one screen"""
    if a.element_id is None:
        browser.scroll_page(a.direction or "up")
    else:  # the scrolling area that holds the element
        browser.scroll_area(a.element_id, a.direction or "up")
    return None


@action(ActionType.NEW_TAB, prompt="new_tab", step=Step())
def new_tab(browser: Browser, a: Action) -> str | None:
    """open a new, empty tab"""
    browser.add_tab()
    return None


@action(ActionType.TAB_FOCUS, Form(r"\s*\[\s*(\d+)\s*\]", lambda g: {"tab_index": int(g[0])}),
        usage="tab_focus [index]", write=lambda a: f"tab_focus [{a.tab_index}]", prompt="tab_focus [index]",
        step=Step(fields=(("index", "tab_index"),)))
def tab_focus(browser: Browser, a: Action) -> str | None:
    """switch to the tab with that index (0 is the first)"""
    browser.switch_tab(a.tab_index if a.tab_index is not None else -1)
    return None


@action(ActionType.CLOSE_TAB, prompt="close_tab", step=Step())
def close_tab(browser: Browser, a: Action) -> str | None:
    """close the current tab"""
    browser.close_focused_tab()
    return None


@action(ActionType.GOTO, Form(r"\s*\[\s*(.+?)\s*\]", lambda g: {"url": g[0]}), usage="goto [url]",
        write=lambda a: f"goto [{a.url}]", prompt="goto [url]", step=Step(fields=(("url", "url"),)))
def goto(browser: Browser, a: Action) -> str | None:
    """load a URL in the current tab"""
    return browser.load_url(a.url or "")


@action(ActionType.GO_BACK, prompt="go_back / go_forward", step=Step())
def go_back(browser: Browser, a: Action) -> str | None:
    """browser history"""
    browser.history_back()
    return None


@action(ActionType.GO_FORWARD, prompt="go_back / go_forward", step=Step())
def go_forward(browser: Browser, a: Action) -> str | None:
    """browser history"""
    browser.history_forward()
    return None


@action(ActionType.STOP, Form(r"(?:\s*\[(.*)\])?", lambda g: {"answer": (g[0] or "").strip()}),
        usage="stop [answer]", write=lambda a: f"stop [{a.answer}]", prompt="stop [answer]", ends_episode=True,
        step=Step(fields=(("answer", "answer"),)))
def stop(browser: Browser, a: Action) -> str | None:
    """finish; put the answer in the brackets when the task asks a question,
    or stop [N/A] when you are sure the task cannot be done. Otherwise stop [] once done."""
    return None  # the episode ends; the page is left as it is


@action(ActionType.WAIT)
def wait(browser: Browser, a: Action) -> str | None:
    """let the page settle, then observe again (the step's own settle wait is the whole action)"""
    return None
# fmt: on

_MISSING = [kind.value for kind in ActionType if kind.value not in ACTIONS]
if _MISSING:
    raise ImportError(f"actions without a definition: {', '.join(_MISSING)}")


def prompt_lines(width: int = 24) -> list[str]:
    """The action space as the prompt lists it: one line per shown action (actions sharing their prompt text
    share the line), the help's continuation lines under its first."""
    lines: list[str] = []
    seen: set[tuple[str, str]] = set()
    for definition in ACTIONS.values():
        if definition.prompt is None or (definition.prompt, definition.help) in seen:
            continue
        seen.add((definition.prompt, definition.help))
        first, *rest = definition.help.splitlines()
        lines.append(f"  {definition.prompt:<{width}} {first}")
        lines += [" " * (width + 3) + line for line in rest]
    return lines


def parse_action(text: str) -> Action | InvalidAction:
    """Parse one action string. Never raises: bad input gives an InvalidAction with the reason."""
    if not isinstance(text, str):
        return InvalidAction(repr(text), "an action must be a string")
    raw = text
    s = text.strip()
    if not s:
        return InvalidAction(raw, "empty action")
    verb = re.match(r"^([a-z_]+)", s, re.I)
    if not verb or verb.group(1).lower() not in ACTIONS:
        known = ", ".join(ACTIONS)
        return InvalidAction(raw, f"unknown action {s.split()[0][:40]!r}; expected one of: {known}")
    definition = ACTIONS[verb.group(1).lower()]
    parsed = definition.parse(raw, definition.name + s[len(definition.name) :])
    if parsed is None:
        return InvalidAction(raw, f"malformed {definition.name!r} action; expected `{definition.usage}`")
    return parsed
