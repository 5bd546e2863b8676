"""Actions: the step that executes one action of the benchmark's action space (defined in agent/actions.py) in
the focused tab and settles after it, and the browser primitives those definitions are made of (for an element:
one in-page check of it, then one WebDriver actions request).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import urllib3
from selenium.common.exceptions import (
    ElementClickInterceptedException,
    ElementNotInteractableException,
    InvalidElementStateException,
    JavascriptException,
    MoveTargetOutOfBoundsException,
    StaleElementReferenceException,
    TimeoutException,
    UnexpectedAlertPresentException,
    WebDriverException,
)
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.command import Command
from selenium.webdriver.remote.webelement import WebElement

from agent.actions import ACTIONS, Action, InvalidAction
from agent.browser.errors import ActionError, BrowserCrashed, _gone, _is_dead_session, _ProtocolError
from agent.browser.reads import Channel, _script_value
from agent.browser.session import Session
from agent.browser.settle import Page
from agent.browser.tabs import Tabs
from agent.browser.targets import Targets, _Target
from agent.keys import parse_key_comb

_INTERACT_JS = (Path(__file__).with_name("interact.js")).read_text(encoding="utf-8")


# Scroll by one viewport height; when the window itself cannot move (content in a scrolling
# container), scroll the innermost scrollable container under the centre of the viewport instead.
# Returns what moved, with the document's state (the step's settle check, in the same request).
_SCROLL_JS = """
const state = (moved) => [moved, document.readyState, location.href, document.title];
const sign = arguments[0];
const before = window.scrollY;
window.scrollBy({top: sign * window.innerHeight, left: 0, behavior: 'instant'});
if (window.scrollY !== before) return state('window');
let el = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2);
while (el && el !== document.body && el !== document.documentElement) {
  const overflow = getComputedStyle(el).overflowY;
  if (/(auto|scroll|overlay)/.test(overflow) && el.scrollHeight > el.clientHeight) {
    el.scrollBy({top: sign * el.clientHeight, left: 0, behavior: 'instant'});
    return state('container');
  }
  el = el.parentElement;
}
return state('none');
"""


# Runs interact.js on one kept element.
_ON_MARK_JS = """(() => {
  const s = globalThis.__vwaMarks;
  if (!s || s.token !== %s || !s.elements[%d]) return ['stale'];
  return (%s).call(s.elements[%d], %s, %s);
})()"""


class Actions:
    """The env's actions: `step`, and the primitives of agent.actions.Browser the actions are made of."""

    def __init__(self, session: Session, tabs: Tabs, channel: Channel, page: Page, targets: Targets):
        self._session = session
        self._tabs = tabs
        self._channel = channel
        self._page = page
        self._targets = targets
        self._driver = session.driver

    def step(self, action: Action | InvalidAction) -> str | None:
        """Execute one action and wait for the page to settle. None on success, else the error text."""
        if isinstance(action, InvalidAction):
            return f"invalid action: {action.reason}"
        if not isinstance(action, Action):
            return f"invalid action: expected a parsed Action, got {type(action).__name__}"
        definition = ACTIONS[action.type.value]
        if definition.ends_episode:  # the page is left as it is
            return None
        self._page.advance()
        try:
            problem = definition.execute(self, action)
            if definition.may_navigate:
                self._page.yield_to_page()
            settle_problem = self._page.settle()
            return problem or settle_problem
        except ActionError as exc:
            try:
                self._page.settle()
            except WebDriverException as inner:
                self._session.check_alive(inner)
            return str(exc)
        except TimeoutException as exc:  # a navigation the action started did not finish in time
            try:
                self._driver.execute_script("window.stop()")
                self._tabs.sync()
            except WebDriverException as inner:
                self._session.check_alive(inner)
            return (
                f"{action.type.value}: the page did not finish loading within {self._session.settle_timeout:g} s "
                f"({str(exc).splitlines()[0][:160]})"
            )
        except UnexpectedAlertPresentException as exc:  # met (and accepted) before the action finished
            self._session.note_dialog(exc.alert_text or "")
            try:
                self._page.settle()
            except WebDriverException as inner:
                self._session.check_alive(inner)
            return (
                f"{action.type.value}: a dialog appeared and was accepted before the action finished: "
                f"{exc.alert_text or ''}".strip()
            )
        except BrowserCrashed:
            raise
        except WebDriverException as exc:
            self._session.check_alive(exc)
            return f"{action.type.value} failed: {str(exc).splitlines()[0][:300]}"
        except (urllib3.exceptions.HTTPError, ConnectionError) as exc:
            raise BrowserCrashed(f"the browser session died: ChromeDriver does not answer ({exc})") from exc

    # ---- the primitives the actions are made of (agent.actions.Browser) -------------------------------------
    def click_element(self, element_id: str | None) -> None:
        self._click(self._targets.target(element_id))

    def hover_element(self, element_id: str | None) -> None:
        target = self._targets.target(element_id)
        answer = self._point(target, "hover")
        if answer[0] == "option":
            ActionChains(self._driver, duration=0).move_to_element(self._element_of(target)).perform()
        else:
            self._perform(self._mouse(answer[1], answer[2], click=False))

    def type_into(self, element_id: str | None, text: str, press_enter: bool) -> None:
        self._type(self._targets.target(element_id), text, press_enter)

    def press_keys(self, key_comb: str) -> None:
        try:
            chord = parse_key_comb(key_comb)
        except ValueError as exc:
            raise ActionError(f"press: {exc}") from exc
        chain = ActionChains(self._driver)
        for mod in chord.modifiers:
            chain.key_down(mod)
        chain.send_keys(chord.key)
        for mod in reversed(chord.modifiers):
            chain.key_up(mod)
        chain.perform()

    def scroll_page(self, direction: str) -> None:
        _moved, *state = self._driver.execute_script(_SCROLL_JS, 1 if direction == "down" else -1)
        self._page.note_state((self._tabs.focused_handle, *state))

    def scroll_area(self, element_id: str | None, direction: str) -> None:
        target = self._targets.target(element_id)
        where = self._on_target(target, "scrollArea", 1 if direction == "down" else -1)
        if where == ["stale"]:
            raise ActionError(f"{target.label} is no longer on the page; observe again")
        if where == "none":
            raise ActionError(f"scroll: {target.label} is not in a scrolling area that can move {direction}")

    def add_tab(self) -> None:
        self._tabs.add()

    def switch_tab(self, index: int) -> None:
        self._tabs.switch_to(index)

    def close_focused_tab(self) -> None:
        self._tabs.close_focused()

    def load_url(self, url: str) -> str | None:
        return self._page.load(url)

    def history_back(self) -> None:
        self._driver.back()

    def history_forward(self) -> None:
        self._driver.forward()

    def _on_target(self, target: _Target, op: str, arg: object = None) -> Any:
        """Run interact.js's `op` on the target's element; its value (['stale'] when it is gone)."""
        if target.mark_index is not None:
            store = self._targets.marks_at
            if store is None:
                return ["stale"]
            return self._targets.in_world(
                _ON_MARK_JS
                % (
                    json.dumps(store.token),
                    target.mark_index,
                    _INTERACT_JS,
                    target.mark_index,
                    json.dumps(op),
                    json.dumps(arg),
                )
            )
        if target.backend_node_id is None:
            raise ActionError(f"{target.label} is not backed by a page element")
        try:
            obj = self._channel.page_call("DOM.resolveNode", {"backendNodeId": target.backend_node_id})["object"]
            result = self._channel.page_call(
                "Runtime.callFunctionOn",
                {
                    "objectId": obj["objectId"],
                    "functionDeclaration": _INTERACT_JS,
                    "returnByValue": True,
                    "arguments": [{"value": op}, {"value": arg}],
                    "silent": True,
                },
            )
        except _ProtocolError as exc:
            if _gone(str(exc)):
                return ["stale"]
            raise
        return _script_value(result)

    def _point(self, target: _Target, kind: str) -> list[Any]:
        """Where to put the mouse for `kind`; raises ActionError when the element cannot take it."""
        answer: list[Any] = self._on_target(target, "point", kind)
        status = answer[0] if answer else "stale"
        if status == "ok" or status == "option":
            return answer
        if status == "stale":
            raise ActionError(f"{target.label} is no longer on the page; observe again")
        if kind == "type":
            if status == "covered":
                raise ActionError(f"{target.label} is covered by another element; typing did not reach it")
            raise ActionError(f"{target.label} is hidden, disabled or cannot take text")
        if status == "covered":
            raise ActionError(
                f"{target.label} is covered by another element ({answer[1][:120]}); the click did not reach it"
            )
        raise ActionError(f"{target.label} is hidden or not interactable")

    def _perform(self, steps: list[tuple[str, dict[str, Any]]]) -> None:
        """One WebDriver actions request: ("pointer" | "key", action) steps, one per tick, in order."""
        pause = {"type": "pause", "duration": 0}
        pointer, keys = [], []
        for device, act in steps:
            pointer.append(act if device == "pointer" else pause)
            keys.append(act if device == "key" else pause)
        sources = []
        if any(a is not pause for a in pointer):
            sources.append(
                {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": pointer}
            )
        if any(a is not pause for a in keys):
            sources.append({"type": "key", "id": "key", "actions": keys})
        self._driver.execute(Command.W3C_ACTIONS, {"actions": sources})

    @staticmethod
    def _mouse(x: int, y: int, click: bool) -> list[tuple[str, dict[str, Any]]]:
        steps = [("pointer", {"type": "pointerMove", "duration": 0, "x": int(x), "y": int(y), "origin": "viewport"})]
        if click:
            steps += [
                ("pointer", {"type": "pointerDown", "button": 0}),
                ("pointer", {"type": "pointerUp", "button": 0}),
            ]
        return steps

    @staticmethod
    def _keys(text: str) -> list[tuple[str, dict[str, Any]]]:
        steps = []
        for char in text:
            steps += [("key", {"type": "keyDown", "value": char}), ("key", {"type": "keyUp", "value": char})]
        return steps

    def _element_of(self, target: _Target) -> WebElement:
        """The target as a WebElement, for the rare actions WebDriver must do on the element itself."""
        if target.mark_index is not None:
            kept: WebElement | None = (
                self._targets.mark_elements()[target.mark_index] if self._targets.marks_at else None
            )
            if kept is None:
                raise ActionError(f"{target.label} is no longer on the page; observe again")
            return kept
        if target.backend_node_id is None:
            raise ActionError(f"{target.label} is not backed by a page element")
        try:
            obj = self._session.cdp("DOM.resolveNode", {"backendNodeId": target.backend_node_id})["object"]
            self._session.cdp(
                "Runtime.callFunctionOn",
                {
                    "objectId": obj["objectId"],
                    "functionDeclaration": "function () { window.__vwaTarget = this.nodeType === 1 ? this : "
                    "this.parentElement; }",
                },
            )
            element: WebElement | None = self._driver.execute_script(
                "const e = window.__vwaTarget; delete window.__vwaTarget; return e;"
            )
        except WebDriverException as exc:
            if _is_dead_session(exc):
                raise
            raise ActionError(f"{target.label} is no longer on the page; observe again") from exc
        if element is None:
            raise ActionError(f"{target.label} is not an element that can be acted on")
        return element

    def _click(self, target: _Target) -> None:
        """As WebDriver's element click: scrolled into view if needed, refused when something covers it;
        then one actions request (move, press, release) after which ChromeDriver waits for a navigation
        the click started."""
        answer = self._point(target, "click")
        if answer[0] == "option":  # an <option> of a closed list: WebDriver's click selects it
            try:
                self._element_of(target).click()
            except StaleElementReferenceException as exc:
                raise ActionError(f"{target.label} is no longer on the page; observe again") from exc
            except (
                ElementNotInteractableException,
                MoveTargetOutOfBoundsException,
                ElementClickInterceptedException,
            ) as exc:
                raise ActionError(f"{target.label} is hidden or not interactable") from exc
            return None
        self._perform(self._mouse(answer[1], answer[2], click=True))
        return None

    def _type(self, target: _Target, text: str, press_enter: bool) -> None:
        answer = self._point(target, "type")
        tag, _input_type = (answer[3], answer[4]) if answer[0] == "ok" else ("OPTION", "")
        if tag == "SELECT":
            chosen = self._on_target(target, "chooseOption", text)
            if chosen == ["stale"]:
                raise ActionError(f"{target.label} is no longer on the page; observe again")
            if chosen[0] == "none":
                raise ActionError(f"{target.label} has no option {text!r}; options: {', '.join(chosen[1])[:300]}")
            return None
        if tag == "OPTION" or (tag == "INPUT" and not answer[5]):
            return self._type_with_webdriver(target, text, press_enter)  # date, colour, file, checkbox...
        try:
            self._perform(self._mouse(answer[1], answer[2], click=True))
            is_field = self._on_target(target, "focusField")
            if is_field == ["stale"]:
                raise ActionError(f"{target.label} is no longer on the page; observe again")
            steps = (
                []
                if is_field
                else [
                    ("key", {"type": "keyDown", "value": Keys.CONTROL}),
                    *self._keys("a"),
                    ("key", {"type": "keyUp", "value": Keys.CONTROL}),
                ]
            )
            steps += self._keys(text) if text else self._keys(Keys.BACKSPACE)
            if press_enter:
                steps += self._keys(Keys.ENTER)
            self._perform(steps)
        except JavascriptException as exc:
            raise ActionError(f"typing into {target.label} failed: {str(exc).splitlines()[0]}") from exc
        return None

    def _type_with_webdriver(self, target: _Target, text: str, press_enter: bool) -> None:
        """Typing into inputs that are not text fields, through WebDriver's own element commands."""
        element = self._element_of(target)
        try:
            element.click()
            if self._driver.execute_script("return typeof arguments[0].select === 'function'", element):
                self._driver.execute_script("arguments[0].select()", element)
            element.send_keys(text if text else Keys.BACKSPACE)
            if press_enter:
                ActionChains(self._driver).send_keys(Keys.ENTER).perform()
        except StaleElementReferenceException as exc:
            raise ActionError(f"{target.label} is no longer on the page; observe again") from exc
        except ElementClickInterceptedException as exc:
            raise ActionError(f"{target.label} is covered by another element; typing did not reach it") from exc
        except (ElementNotInteractableException, InvalidElementStateException) as exc:
            raise ActionError(f"{target.label} is hidden, disabled or cannot take text") from exc
        except JavascriptException as exc:
            raise ActionError(f"typing into {target.label} failed: {str(exc).splitlines()[0]}") from exc
        return None
