"""The browser environment every episode runs in: a headless Chromium with an exact viewport,
several tabs, the benchmark's action space, and observations (accessibility tree or Set-of-Marks).

    with BrowserEnv(viewport=(1280, 2048), mode="som") as env:
        env.open(["http://127.0.0.1:9980/"])
        obs = env.observe()
        err = env.step(parse_action("click [3]"))   # None, or an error the agent can read

Ids in actions refer to the most recent observation of the env's mode. Page-level failures come
back from `step` as text; a dead browser session raises `BrowserCrashed`.
"""
from __future__ import annotations

import base64

import time

import urllib3
from dataclasses import dataclass

from selenium.common.exceptions import (
    ElementClickInterceptedException, ElementNotInteractableException, InvalidArgumentException,
    InvalidElementStateException, InvalidSessionIdException, JavascriptException, MoveTargetOutOfBoundsException,
    NoAlertPresentException,
    NoSuchWindowException, StaleElementReferenceException, TimeoutException, UnexpectedAlertPresentException,
    WebDriverException,
)
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from agent.accessibility import AXTree, build_ax_tree
from agent.actions import Action, ActionType, InvalidAction
from agent.driver import DEFAULT_VIEWPORT, create_driver, quit_driver
from agent.keys import parse_key_comb
from agent.load import is_renderer_timeout
from agent.observation import Observation, Tab
from agent.page_settle import wait_settled
from agent.som import Mark, SomResult, collect_marks, draw_marks

MODES = ("som", "accessibility_tree")


class BrowserCrashed(RuntimeError):
    """The browser session itself is gone (Chromium or ChromeDriver died, the grid dropped it)."""


class ActionError(Exception):
    """A page-level failure of one action; its message is shown to the agent."""


_DEAD_SESSION_HINTS = ("invalid session id", "session deleted", "chrome not reachable", "disconnected",
                       "no such session", "target crashed", "tab crashed", "session not created",
                       "connection refused", "max retries exceeded", "remote end closed")


def _is_dead_session(exc: BaseException) -> bool:
    if isinstance(exc, InvalidSessionIdException):
        return True
    if isinstance(exc, (ConnectionError, OSError, urllib3.exceptions.HTTPError)):
        return True   # ChromeDriver (or the grid) no longer answers
    text = str(exc).lower()
    return any(hint in text for hint in _DEAD_SESSION_HINTS)


# Scroll by one viewport height; when the window itself cannot move (content in a scrolling
# container), scroll the innermost scrollable container under the centre of the viewport instead.
# Scrolls the nearest area that holds arguments[0] (itself or an ancestor) and can move that way, by
# one height of that area; the window when no inner area can. Says which moved, or 'none'.
_SCROLL_AREA_JS = """
const sign = arguments[1];
let el = arguments[0];
while (el && el !== document.body && el !== document.documentElement) {
  const overflow = getComputedStyle(el).overflowY;
  const room = sign > 0 ? el.scrollHeight - el.clientHeight - el.scrollTop : el.scrollTop;
  if (/(auto|scroll|overlay)/.test(overflow) && room > 0) {
    el.scrollBy({top: sign * el.clientHeight, left: 0, behavior: 'instant'});
    return 'container';
  }
  el = el.parentElement;
}
const before = window.scrollY;
window.scrollBy({top: sign * window.innerHeight, left: 0, behavior: 'instant'});
return window.scrollY !== before ? 'window' : 'none';
"""

_SCROLL_JS = """
const sign = arguments[0];
const before = window.scrollY;
window.scrollBy({top: sign * window.innerHeight, left: 0, behavior: 'instant'});
if (window.scrollY !== before) return 'window';
let el = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2);
while (el && el !== document.body && el !== document.documentElement) {
  const overflow = getComputedStyle(el).overflowY;
  if (/(auto|scroll|overlay)/.test(overflow) && el.scrollHeight > el.clientHeight) {
    el.scrollBy({top: sign * el.clientHeight, left: 0, behavior: 'instant'});
    return 'container';
  }
  el = el.parentElement;
}
return 'none';
"""


@dataclass
class _Target:
    """What an id of the last observation points at."""
    id: str
    label: str           # for error messages: "[12] button 'Save'"
    mark: Mark | None = None
    backend_node_id: int | None = None


class BrowserEnv:
    def __init__(self, viewport: tuple[int, int] = DEFAULT_VIEWPORT, mode: str = "som",
                 current_viewport_only: bool = False, remote_url: str | None = None,
                 settle_timeout: float = 10.0, record_network: bool = False):
        if mode not in MODES:
            raise ValueError(f"unknown observation mode {mode!r}; expected one of {', '.join(MODES)}")
        self.mode = mode
        self.viewport = (int(viewport[0]), int(viewport[1]))
        self.current_viewport_only = current_viewport_only
        self.settle_timeout = float(settle_timeout)
        self.record_network = record_network      # the driver buffers network events (agent.network)
        self.driver = create_driver(self.viewport, remote_url, performance_log=record_network)
        self._closed = False
        try:
            self.set_settle_timeout(self.settle_timeout)
            self._tabs: list[str] = [self.driver.current_window_handle]
            self._emulated: dict[str, tuple[int, int]] = {}
            self._targets: dict[str, _Target] = {}
            self._last_som: SomResult | None = None
            self._last_ax: AXTree | None = None
            self._dialogs: list[str] = []
            self._focus(0)
        except Exception:
            quit_driver(self.driver)
            raise

    # ------------------------------------------------------------------ plumbing
    def __enter__(self) -> "BrowserEnv":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            quit_driver(self.driver)

    def cdp(self, method: str, params: dict | None = None) -> dict:
        """Send a Chrome DevTools Protocol command to the focused tab (local or on a grid)."""
        params = params or {}
        if hasattr(self.driver, "execute_cdp_cmd"):
            return self.driver.execute_cdp_cmd(method, params)
        executor = self.driver.command_executor
        if "vwaCdp" not in getattr(executor, "_commands", {}):
            executor.add_command("vwaCdp", "POST", "/session/$sessionId/goog/cdp/execute")
        return self.driver.execute("vwaCdp", {"cmd": method, "params": params})["value"]

    def _check_alive(self, exc: BaseException) -> None:
        """Raise BrowserCrashed when `exc` (or a probe) shows that the session is dead."""
        if _is_dead_session(exc):
            raise BrowserCrashed(f"the browser session died: {str(exc).splitlines()[0][:300]}") from exc
        try:
            self.driver.window_handles
        except Exception as probe:
            raise BrowserCrashed(f"the browser session died: {str(exc).splitlines()[0][:300]} "
                                 f"(probe: {str(probe).splitlines()[0][:200]})") from exc

    def _emulate(self, handle: str) -> None:
        if self._emulated.get(handle) == self.viewport:
            return
        width, height = self.viewport
        self.cdp("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        self._emulated[handle] = self.viewport

    def _focus(self, index: int) -> None:
        handle = self._tabs[index]
        self.driver.switch_to.window(handle)
        self._focused = index
        self._emulate(handle)

    def _sync_tabs(self) -> None:
        """Track tabs the page opened (focus the newest, as the benchmark does) or closed."""
        handles = self.driver.window_handles
        known = set(handles)
        self._tabs = [h for h in self._tabs if h in known]
        new = [h for h in handles if h not in self._tabs]
        self._tabs.extend(new)
        for gone in set(self._emulated) - known:
            del self._emulated[gone]
        if new:
            self._focus(len(self._tabs) - 1)
        elif not self._tabs:
            raise BrowserCrashed("every tab of the browser was closed")
        else:
            try:
                current = self.driver.current_window_handle
            except NoSuchWindowException:
                current = None
            if current not in self._tabs:
                self._focus(len(self._tabs) - 1)
            else:
                self._focused = self._tabs.index(current)

    def _settle(self) -> str | None:
        self._sync_tabs()
        return wait_settled(self.driver, self.settle_timeout)

    def set_settle_timeout(self, seconds: float) -> None:
        """How long page loads and settle waits may take before an action reports a timeout."""
        self.settle_timeout = float(seconds)
        self.driver.set_page_load_timeout(self.settle_timeout)
        self.driver.set_script_timeout(self.settle_timeout)

    def set_viewport(self, width: int, height: int) -> None:
        self.viewport = (int(width), int(height))
        self._emulate(self._tabs[self._focused])

    # ------------------------------------------------------------------ episode API
    def open(self, urls: list[str]) -> None:
        """Close extra tabs, open one tab per URL in order, focus tab 0 and wait until it settles.
        Raises RuntimeError naming the URL when a start page cannot be loaded."""
        if not urls:
            raise ValueError("open() needs at least one URL")
        try:
            self._sync_tabs()
            for handle in self._tabs[1:]:
                self.driver.switch_to.window(handle)
                self.driver.close()
            self._tabs = self._tabs[:1]
            self._emulated = {h: v for h, v in self._emulated.items() if h in self._tabs}
            self._focus(0)
            for i, url in enumerate(urls):
                if i > 0:
                    self.driver.switch_to.new_window("tab")
                    self._tabs.append(self.driver.current_window_handle)
                    self._focus(i)
                problem = self._load(url)
                if problem:
                    raise RuntimeError(f"could not open start URL {url!r}: {problem}")
            self._focus(0)
            problem = wait_settled(self.driver, self.settle_timeout)
            if problem:
                raise RuntimeError(f"start URL {urls[0]!r}: {problem}")
        except WebDriverException as exc:
            self._check_alive(exc)
            raise RuntimeError(f"could not open {urls}: {str(exc).splitlines()[0]}") from exc
        self._targets = {}

    def _load(self, url: str) -> str | None:
        """Navigate the focused tab; None on success, else why it failed. A renderer starved by a busy
        machine ("Timed out receiving message from renderer") gets one more try with twice the time."""
        try:
            try:
                self.driver.get(url)
            except TimeoutException as exc:
                if not is_renderer_timeout(exc):
                    raise
                self._stop_loading()
                self.driver.set_page_load_timeout(2 * self.settle_timeout)
                try:
                    self.driver.get(url)
                finally:
                    self.driver.set_page_load_timeout(self.settle_timeout)
        except TimeoutException:
            self._stop_loading()
            return f"loading {url} timed out after {self.settle_timeout:g} s"
        except InvalidArgumentException as exc:
            return f"invalid URL {url!r}: {str(exc).splitlines()[0]}"
        except WebDriverException as exc:
            if _is_dead_session(exc):
                raise
            return f"could not load {url}: {str(exc).splitlines()[0]}"
        location = self.driver.execute_script("return location.href")
        if location.startswith("chrome-error://"):
            return f"could not load {url} (the browser shows an error page: the site may be down)"
        return None

    def _stop_loading(self) -> None:
        try:
            self.driver.execute_script("window.stop()")
        except WebDriverException:
            pass

    @property
    def marks(self) -> list:
        """The Set-of-Marks marks of the latest observation (som mode), with live element references."""
        return list(self._last_som.marks) if self._last_som else []

    def observe(self) -> Observation:
        try:
            return self._observe()
        except BrowserCrashed:
            raise
        except WebDriverException as exc:
            self._check_alive(exc)
            raise
        except (urllib3.exceptions.HTTPError, ConnectionError) as exc:
            raise BrowserCrashed(f"the browser session died: ChromeDriver does not answer ({exc})") from exc

    def _observe(self) -> Observation:
        timings: dict[str, float] = {}
        t = time.perf_counter()
        settle_problem = self._settle()
        timings["settle"] = time.perf_counter() - t

        som_png = None
        t = time.perf_counter()
        if self.mode == "som":
            som = collect_marks(self.driver)
            self._last_som, self._last_ax = som, None
            text, n = som.text, len(som.marks)
            self._targets = {m.id: _Target(m.id, f"[{m.id}] [{m.tag}] [{m.text[:40]}]", mark=m) for m in som.marks}
        else:
            tree = build_ax_tree(self.cdp, self.viewport, self.current_viewport_only)
            self._last_ax, self._last_som = tree, None
            text, n = tree.text, len(tree.entries)
            self._targets = {e.node_id: _Target(e.node_id, f"[{e.node_id}] {e.role} {e.name[:40]!r}",
                                                backend_node_id=e.backend_node_id) for e in tree.entries}
        timings["text"] = time.perf_counter() - t

        t = time.perf_counter()
        screenshot = self._screenshot_png()
        timings["screenshot"] = time.perf_counter() - t
        if self.mode == "som":
            t = time.perf_counter()
            som_png = draw_marks(screenshot, self._last_som.marks)
            timings["som_draw"] = time.perf_counter() - t

        t = time.perf_counter()
        html = self.driver.execute_script("return document.documentElement ? document.documentElement.outerHTML : ''")
        timings["html"] = time.perf_counter() - t
        tabs = self._tab_list()
        dialogs, self._dialogs = self._dialogs, []
        return Observation(url=self.driver.current_url, tabs=tabs, focused_tab=self._focused, mode=self.mode,
                           text=text, screenshot=screenshot, som_screenshot=som_png, html=html,
                           meta={"timings": timings, "n_elements": n, "viewport": list(self.viewport),
                                 "dialogs": dialogs, "settle_error": settle_problem})

    def _screenshot_png(self) -> bytes:
        """The focused tab's viewport as PNG, through DevTools with Chrome's fast PNG encoding (the same
        pixels as WebDriver's screenshot, a somewhat larger file, in about a third of the time)."""
        try:
            shot = self.cdp("Page.captureScreenshot", {"format": "png", "optimizeForSpeed": True})
            return base64.b64decode(shot["data"])
        except WebDriverException as exc:
            if _is_dead_session(exc):
                raise
            return self.driver.get_screenshot_as_png()

    def _tab_list(self) -> list[Tab]:
        tabs = []
        current = self._tabs[self._focused]
        on = current                    # the tab WebDriver is on (the focused one when this starts)
        for handle in self._tabs:
            if handle != on:
                self.driver.switch_to.window(handle)
                on = handle
            tabs.append(Tab(self.driver.title, self.driver.current_url))
        if on != current:
            self.driver.switch_to.window(current)
        return tabs

    def step(self, action: Action | InvalidAction) -> str | None:
        """Execute one action and wait for the page to settle. None on success, else the error text."""
        if isinstance(action, InvalidAction):
            return f"invalid action: {action.reason}"
        if not isinstance(action, Action):
            return f"invalid action: expected a parsed Action, got {type(action).__name__}"
        try:
            problem = self._execute(action)
            if action.type is ActionType.STOP:
                return None
            self._accept_dialog()
            settle_problem = self._settle()
            return problem or settle_problem
        except ActionError as exc:
            try:
                self._settle()
            except WebDriverException as inner:
                self._check_alive(inner)
            return str(exc)
        except TimeoutException as exc:   # a navigation the action started did not finish in time
            try:
                self.driver.execute_script("window.stop()")
                self._sync_tabs()
            except WebDriverException as inner:
                self._check_alive(inner)
            return (f"{action.type.value}: the page did not finish loading within {self.settle_timeout:g} s "
                    f"({str(exc).splitlines()[0][:160]})")
        except UnexpectedAlertPresentException as exc:
            return f"a dialog appeared and was dismissed: {exc.alert_text or ''}".strip()
        except BrowserCrashed:
            raise
        except WebDriverException as exc:
            self._check_alive(exc)
            return f"{action.type.value} failed: {str(exc).splitlines()[0][:300]}"
        except (urllib3.exceptions.HTTPError, ConnectionError) as exc:
            raise BrowserCrashed(f"the browser session died: ChromeDriver does not answer ({exc})") from exc

    def _accept_dialog(self) -> None:
        """Accept an alert/confirm/prompt the action opened (as a person confirming "Are you sure?"
        would); its text goes into the next observation's meta["dialogs"]."""
        try:
            alert = self.driver.switch_to.alert
            text = alert.text
            alert.accept()
        except NoAlertPresentException:
            return
        self._dialogs.append(text)

    # ------------------------------------------------------------------ actions
    def _execute(self, action: Action) -> str | None:
        kind = action.type
        if kind is ActionType.STOP:
            return None
        if kind in (ActionType.CLICK, ActionType.HOVER, ActionType.TYPE):
            target = self._target(action.element_id)
            element = self._element_of(target)
            if kind is ActionType.CLICK:
                return self._click(target, element)
            if kind is ActionType.HOVER:
                self._scroll_into_view(element)
                ActionChains(self.driver).move_to_element(element).perform()
                return None
            return self._type(target, element, action.text or "", action.press_enter)
        if kind is ActionType.PRESS:
            try:
                chord = parse_key_comb(action.key_comb or "")
            except ValueError as exc:
                raise ActionError(f"press: {exc}") from exc
            chain = ActionChains(self.driver)
            for mod in chord.modifiers:
                chain.key_down(mod)
            chain.send_keys(chord.key)
            for mod in reversed(chord.modifiers):
                chain.key_up(mod)
            chain.perform()
            return None
        if kind is ActionType.SCROLL:
            sign = 1 if action.direction == "down" else -1
            if action.element_id is None:
                self.driver.execute_script(_SCROLL_JS, sign)
                return None
            target = self._target(action.element_id)
            where = self.driver.execute_script(_SCROLL_AREA_JS, self._element_of(target), sign)
            if where == "none":
                raise ActionError(f"scroll: {target.label} is not in a scrolling area that can move {action.direction}")
            return None
        if kind is ActionType.WAIT:   # the step's own settle wait is the whole action
            return None
        if kind is ActionType.NEW_TAB:
            self.driver.switch_to.new_window("tab")
            self._tabs.append(self.driver.current_window_handle)
            self._focus(len(self._tabs) - 1)
            return None
        if kind is ActionType.TAB_FOCUS:
            index = action.tab_index if action.tab_index is not None else -1
            if not 0 <= index < len(self._tabs):
                raise ActionError(f"tab_focus [{index}]: no such tab; open tabs are 0..{len(self._tabs) - 1}")
            self._focus(index)
            return None
        if kind is ActionType.CLOSE_TAB:
            closing = self._tabs[self._focused]
            if len(self._tabs) == 1:  # closing the last window would end the session: open a blank tab first
                self.driver.switch_to.new_window("tab")
                self._tabs.append(self.driver.current_window_handle)
                self.driver.switch_to.window(closing)
            self.driver.close()
            self._tabs.remove(closing)
            self._emulated.pop(closing, None)
            self._focus(len(self._tabs) - 1)
            return None
        if kind is ActionType.GOTO:
            return self._load(action.url or "")
        if kind is ActionType.GO_BACK:
            self.driver.back()
            return None
        if kind is ActionType.GO_FORWARD:
            self.driver.forward()
            return None
        raise ActionError(f"unsupported action {kind.value!r}")

    def _target(self, element_id: str | None) -> _Target:
        if not self._targets:
            raise ActionError(f"no element [{element_id}]: there is no observation of this page yet")
        target = self._targets.get(str(element_id))
        if target is None:
            raise ActionError(f"no element with id [{element_id}] in the current observation")
        return target

    def _element_of(self, target: _Target):
        if target.mark is not None:
            return target.mark.element
        if target.backend_node_id is None:
            raise ActionError(f"{target.label} is not backed by a page element")
        try:
            obj = self.cdp("DOM.resolveNode", {"backendNodeId": target.backend_node_id})["object"]
            self.cdp("Runtime.callFunctionOn", {
                "objectId": obj["objectId"],
                "functionDeclaration": "function () { window.__vwaTarget = this.nodeType === 1 ? this : this.parentElement; }",
            })
            element = self.driver.execute_script("const e = window.__vwaTarget; delete window.__vwaTarget; return e;")
        except WebDriverException as exc:
            if _is_dead_session(exc):
                raise
            raise ActionError(f"{target.label} is no longer on the page; observe again") from exc
        if element is None:
            raise ActionError(f"{target.label} is not an element that can be acted on")
        return element

    def _scroll_into_view(self, element) -> None:
        self.driver.execute_script(
            "const r = arguments[0].getBoundingClientRect();"
            "if (r.bottom < 0 || r.top > innerHeight || r.right < 0 || r.left > innerWidth)"
            "  arguments[0].scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});", element)

    def _click(self, target: _Target, element) -> None:
        try:
            element.click()
        except StaleElementReferenceException as exc:
            raise ActionError(f"{target.label} is no longer on the page; observe again") from exc
        except ElementClickInterceptedException as exc:
            detail = str(exc).split("Other element would receive the click:")[-1].splitlines()[0].strip()
            raise ActionError(f"{target.label} is covered by another element ({detail[:120]}); "
                              "the click did not reach it") from exc
        except (ElementNotInteractableException, MoveTargetOutOfBoundsException) as exc:
            raise ActionError(f"{target.label} is hidden or not interactable") from exc
        return None

    def _type(self, target: _Target, element, text: str, press_enter: bool) -> None:
        try:
            tag = element.tag_name.lower()
            if tag == "select":
                choices = Select(element)
                names = [o.text.strip() for o in choices.options]
                match = next((i for i, n in enumerate(names) if n == text.strip()), None)
                if match is None:
                    match = next((i for i, n in enumerate(names) if n.lower() == text.strip().lower()), None)
                if match is None:
                    raise ActionError(f"{target.label} has no option {text!r}; options: {', '.join(names)[:300]}")
                choices.select_by_index(match)
                return None
            self._scroll_into_view(element)
            element.click()
            is_field = self.driver.execute_script(
                "const e = arguments[0]; if (e.isContentEditable) return false;"
                "return 'value' in e && typeof e.select === 'function';", element)
            if is_field:
                self.driver.execute_script("arguments[0].select()", element)
                if text:
                    element.send_keys(text)
                else:
                    element.send_keys(Keys.BACKSPACE)
            else:
                ActionChains(self.driver).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).perform()
                ActionChains(self.driver).send_keys(text if text else Keys.BACKSPACE).perform()
            if press_enter:
                ActionChains(self.driver).send_keys(Keys.ENTER).perform()
        except StaleElementReferenceException as exc:
            raise ActionError(f"{target.label} is no longer on the page; observe again") from exc
        except ElementClickInterceptedException as exc:
            raise ActionError(f"{target.label} is covered by another element; typing did not reach it") from exc
        except (ElementNotInteractableException, InvalidElementStateException) as exc:
            raise ActionError(f"{target.label} is hidden, disabled or cannot take text") from exc
        except JavascriptException as exc:
            raise ActionError(f"typing into {target.label} failed: {str(exc).splitlines()[0]}") from exc
        return None

    # ------------------------------------------------------------------ replay support
    def resolve_element_id(self, css: str | None = None, text: str | None = None) -> str:
        """Id, in the most recent observation, of the first visible element matching `css`, or whose
        visible text / accessible name equals (else contains) `text`; both: css matches filtered by text."""
        if css is None and text is None:
            raise ValueError("resolve_element_id needs css, text or both")
        if self._last_som is None and self._last_ax is None:
            raise LookupError("no observation yet: call observe() before resolve_element_id()")
        what = " and ".join(p for p in (f"css {css!r}" if css else "", f"text {text!r}" if text else "") if p)
        candidates = self._candidates()   # (id, label text, element key) in observation order
        if css is not None:
            try:
                order = self._css_order(css)
            except WebDriverException as exc:
                if _is_dead_session(exc):
                    raise BrowserCrashed(f"the browser session died: {str(exc).splitlines()[0]}") from exc
                raise LookupError(f"invalid CSS selector {css!r}: {str(exc).splitlines()[0]}") from exc
            candidates = sorted((c for c in candidates if c[2] in order), key=lambda c: order[c[2]])
        if text is not None:
            want = " ".join(text.split())
            for test in (lambda s: s == want, lambda s: s.lower() == want.lower(),
                         lambda s: want.lower() in s.lower()):
                hit = next((c for c in candidates if test(" ".join(c[1].split()))), None)
                if hit:
                    return hit[0]
            raise LookupError(f"no element with {what} in the current observation")
        if not candidates:
            raise LookupError(f"no visible element with {what} in the current observation")
        return candidates[0][0]

    def _candidates(self) -> list[tuple[str, str, object]]:
        if self._last_som is not None:
            return [(m.id, m.text, m.element.id) for m in self._last_som.marks]
        assert self._last_ax is not None
        return [(e.node_id, e.name, e.backend_node_id) for e in self._last_ax.entries
                if e.backend_node_id is not None]

    def _css_order(self, css: str) -> dict:
        """Elements matching `css`: key -> rank in document order, with keys comparable with
        `_candidates()`: WebElement ids (som), or backend DOM node ids (accessibility tree), where the
        descendants of a match share its rank (a pruned container is reached through its content)."""
        if self._last_som is not None:
            return {e.id: i for i, e in enumerate(self.driver.find_elements(By.CSS_SELECTOR, css))}
        # Two CDP calls whatever the number of matches: the whole DOM tree, and the same selector run
        # by CDP (its node ids index that tree).
        root = self.cdp("DOM.getDocument", {"depth": -1})["root"]
        by_node_id: dict[int, dict] = {}
        stack = [root]
        while stack:
            node = stack.pop()
            by_node_id[node["nodeId"]] = node
            stack.extend(node.get("children", []))
            stack.extend(node.get("shadowRoots", []))
        matches = self.cdp("DOM.querySelectorAll", {"nodeId": root["nodeId"], "selector": css})["nodeIds"]
        order: dict[int, int] = {}
        for rank, node_id in enumerate(matches):
            match = by_node_id.get(node_id)
            if match is None:
                continue
            order[match["backendNodeId"]] = min(order.get(match["backendNodeId"], rank), rank)
            inner = list(match.get("children", []))
            while inner:
                node = inner.pop()
                order.setdefault(node["backendNodeId"], rank)
                inner.extend(node.get("children", []))
        return order
