"""A reference solution (the `reference_solution` of a task) as BrowserGym actions, one step at a time: the
element a step names by CSS selector becomes its BrowserGym id (`bid`, which BrowserGym writes into the page
with each observation), and the step becomes the action an agent of BrowserGym's action space would write.

    click [css]         -> click('<bid>')
    type [css] value    -> fill('<bid>', 'value'), then press('<bid>', 'Enter') when the step says enter;
                           select_option('<bid>', 'value') on a <select>
    hover [css]         -> hover('<bid>')
    goto url            -> goto('url')
    go_back, go_forward -> go_back(), go_forward()
    new_tab, close_tab  -> new_tab(), tab_close()
    tab_focus index     -> tab_focus(index)
    stop answer         -> send_msg_to_user('answer')

An environment made with BrowserGym's `use_raw_page_output=True` observes no page (no screenshot, DOM snapshot or
accessibility tree: the agent reads the page itself), so nothing writes the ids into the page: the replay then
marks the page with BrowserGym's own marking routine (`_pre_extract`, what its observation runs first) before
naming an element, and the actions are the same.

The translation is a table keyed by the project's own action table (agent/actions.py): which actions a reference
step may write, their fields and whether they name an element come from there (issue 37: the action space spelt
once); an action with a step but no translation here must be listed as untranslated, with its reason.

May import: agent.actions, evaluation.bgym.bounded, browsergym.core.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from browsergym.core.observation import _pre_extract
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from agent.actions import ACTIONS

from .bounded import evaluate

LOOKUP_TIMEOUT_MS = 10_000.0  # BrowserGym's timeout for an action

# [BrowserGym id, tag name] of the first visible element matching a selector (in document order), null if none
_BID_OF = """(css) => {
  for (const el of document.querySelectorAll(css)) {
    const box = el.getBoundingClientRect(), style = getComputedStyle(el);
    if (box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && el.getAttribute('bid')) {
      return [el.getAttribute('bid'), el.tagName];
    }
  }
  for (const el of document.querySelectorAll(css)) {
    if (el.getAttribute('bid')) return [el.getAttribute('bid'), el.tagName];
  }
  return null;
}"""


class ReplayError(LookupError):
    """A step names an element the page does not have."""


def bid_and_tag(page: Page, css: str) -> tuple[str, str]:
    found = evaluate(page, _BID_OF, css, LOOKUP_TIMEOUT_MS)
    if not found:
        raise ReplayError(f"no element {css!r} with a BrowserGym id on {page.url}")
    return str(found[0]), str(found[1]).lower()


def bid_of(page: Page, css: str) -> str:
    return bid_and_tag(page, css)[0]


def _type(bid: str, tag: str, fields: dict[str, Any]) -> list[str]:
    value = str(fields.get("text") or "")
    if tag == "select":  # typing into a list box picks the option (BrowserGym: select_option)
        return [f"select_option({bid!r}, {value!r})"]
    return [f"fill({bid!r}, {value!r})"] + ([f"press({bid!r}, 'Enter')"] if fields.get("press_enter") else [])


# BrowserGym's actions for each action of the project's table (agent/actions.py) that a reference step can write
# (its `Step`): given the element's BrowserGym id and tag (when the Step names an element) and the Action fields the
# step's own fields fill. The steps' names, their fields and which take an element come from the table.
_Builder = Callable[[str, str, dict[str, Any]], list[str]]
# fmt: off
TRANSLATIONS: dict[str, _Builder] = {
    "click": lambda bid, tag, f: [f"click({bid!r})"],
    "hover": lambda bid, tag, f: [f"hover({bid!r})"],
    "type": _type,
    "tab_focus": lambda bid, tag, f: [f"tab_focus({int(f['tab_index'])})"],
    "new_tab": lambda bid, tag, f: ["new_tab()"],
    "close_tab": lambda bid, tag, f: ["tab_close()"],
    "goto": lambda bid, tag, f: [f"goto({str(f['url'])!r})"],
    "go_back": lambda bid, tag, f: ["go_back()"],
    "go_forward": lambda bid, tag, f: ["go_forward()"],
    "stop": lambda bid, tag, f: [f"send_msg_to_user({str(f.get('answer') or '')!r})"],
}
# fmt: on
# Written by reference steps but with no translation here: a step of these fails the replay with its reason
UNTRANSLATED = {
    "press": "a key press without an element is BrowserGym's keyboard_press, outside the replay's action subsets",
    "scroll": "BrowserGym scrolls by pixels, the project's action by one screen",
}
_STEPPED = {name for name, definition in ACTIONS.items() if definition.step is not None}
if set(TRANSLATIONS) | set(UNTRANSLATED) != _STEPPED:
    raise ImportError(f"the replay's translations do not cover the reference steps of agent/actions.py: {_STEPPED}")


def step_actions(step: dict[str, Any], page: Page) -> list[str]:
    """The BrowserGym actions of one reference step on the agent's current `page` (observed since its last
    change, so that its elements carry their ids)."""
    do = step["do"]
    definition = ACTIONS.get(do)
    if definition is None or definition.step is None or do not in TRANSLATIONS:
        raise ReplayError(f"no BrowserGym action for a reference step {do!r}: {UNTRANSLATED.get(do, 'not a step')}")
    fields = {field: step.get(name) for name, field in definition.step.fields}
    bid, tag = bid_and_tag(page, step["css"]) if definition.step.element else ("", "")
    return TRANSLATIONS[do](bid, tag, fields)


def _when_ready(env: Any, step: dict[str, Any], taken: list[str], tries: int = 3) -> list[str]:
    """The step's actions once the page shows its element. The observation may show a page before the one the step
    is on (a navigation still under way); the replay then waits for the element to be in the page (a condition,
    Playwright's wait_for_selector) and observes again (a `scroll(0, 0)` step, whose observation writes the ids)."""
    page = env.unwrapped.page
    for attempt in range(tries):
        try:
            if env.unwrapped.use_raw_page_output and step["do"] in ("click", "type"):
                _pre_extract(page, tags_to_mark=env.unwrapped.tags_to_mark, lenient=True)
            return step_actions(step, page)
        except ReplayError:
            if "css" not in step:  # a step naming no element: nothing to wait for
                raise
            if attempt == tries - 1:
                raise ReplayError(f"{step} not found after {taken}") from None
            try:
                page.wait_for_selector(step["css"], state="attached", timeout=LOOKUP_TIMEOUT_MS)
            except PlaywrightTimeoutError:
                raise ReplayError(f"no element {step['css']!r} on {page.url} after {taken}") from None
            env.step("scroll(0, 0)")
            taken.append("scroll(0, 0) (observing again: the step's element was not on the page yet)")
            page = env.unwrapped.page
    raise AssertionError("unreachable")


# Before a click: count the clicks the page's document receives from now on (None on a new document)
_COUNT_CLICKS = """() => {
  if (!window.__vwaArenaClicks) {
    window.__vwaArenaClicks = {n: 0};
    document.addEventListener('click', () => { window.__vwaArenaClicks.n++; }, true);
  }
  window.__vwaArenaClicks.n = 0;
  return true;
}"""
_CLICKS = "() => window.__vwaArenaClicks ? window.__vwaArenaClicks.n : null"
_VALUE_OF = '(bid) => { const el = document.querySelector(`[bid="${bid}"]`); return el ? el.value : null; }'


def _undone(env: Any, step: dict[str, Any], action: str) -> bool:
    """Whether an action BrowserGym reported failed left the page as it was, so that taking it again is what an
    agent would do: a click that never reached the page (its document counted no click: BrowserGym's 500 ms ran out
    while Playwright waited for the element to be stable, on a loaded machine), a fill whose field does not hold the
    value. A click that reached the page (its navigation outlasting the 500 ms) is not taken again."""
    page = env.unwrapped.page
    try:
        if action.startswith("click("):
            return bool(evaluate(page, _CLICKS, None, LOOKUP_TIMEOUT_MS) == 0)
        if action.startswith("fill("):
            bid = action[len("fill(") :].split(",")[0].strip("'\"")
            return bool(evaluate(page, _VALUE_OF, bid, LOOKUP_TIMEOUT_MS) != str(step.get("value", "")))
    except PlaywrightError:  # the document went away: the action took effect
        return False
    return False


def replay(env: Any, solution: list[dict[str, Any]], retries: int = 2) -> tuple[float, bool, dict[str, Any], list[str]]:
    """Step a BrowserGym environment (reset on a task) through `solution`: (last reward, terminated, last info,
    the actions taken, each with the error BrowserGym reported for it, if any). An action reported failed is taken
    again (up to `retries` times) only when it left the page as it was (`_undone`); otherwise the replay goes on
    (BrowserGym gives an action 500 ms, and a click whose navigation outlasts that reports a timeout although it
    took effect; the task's validation waits for that navigation): the reward tells."""
    reward, terminated, info = 0.0, False, dict[str, Any]()
    taken: list[str] = []
    for step in solution:
        for action in _when_ready(env, step, taken):
            for attempt in range(retries + 1):
                if action.startswith("click("):
                    evaluate(env.unwrapped.page, _COUNT_CLICKS, None, LOOKUP_TIMEOUT_MS)
                obs, reward, terminated, _truncated, info = env.step(action)
                error = str(obs.get("last_action_error") or "")
                taken.append(f"{action} (error: {error.splitlines()[0]})" if error else action)
                if not error or attempt == retries or not _undone(env, step, action):
                    break
    return float(reward), bool(terminated), info, taken
