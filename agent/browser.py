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
import json
import secrets
import time
from dataclasses import dataclass, replace
from pathlib import Path

import urllib3
from selenium.common.exceptions import (
    ElementClickInterceptedException, ElementNotInteractableException, InvalidArgumentException,
    InvalidElementStateException, InvalidSessionIdException, JavascriptException, MoveTargetOutOfBoundsException,
    NoAlertPresentException,
    StaleElementReferenceException, TimeoutException, UnexpectedAlertPresentException,
    WebDriverException,
)
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.command import Command

from agent.accessibility import AX_TREE_COMMAND, SNAPSHOT_COMMAND, AXTree, ax_tree_from
from agent.actions import Action, ActionType, InvalidAction
from agent.devtools import DevToolsError, DevToolsPage, DevToolsTimeout, DevToolsUnavailable
from agent.driver import DEFAULT_VIEWPORT, create_driver, quit_driver
from agent.keys import parse_key_comb
from agent.load import is_renderer_timeout
from agent.observation import Observation, Tab
from agent.pending import report_of, settle_error, wait_for_view
from agent.som import (
    COLLECTOR_JS, SomResult, decode_rgb, draw_marks_on, encode_png, mark_rects, place_labels,
    som_result,
)

MODES = ("som", "accessibility_tree")
_INTERACT_JS = (Path(__file__).with_name("interact.js")).read_text(encoding="utf-8")
_SCREENSHOT = ("Page.captureScreenshot", {"format": "png", "optimizeForSpeed": True})
_MAX_DIALOGS = 20        # dialogs accepted in a row before a settle gives up (a page that keeps opening them)
_ERROR_PAGE = "chrome-error://"
_DIALOG_PROBE_S = 0.5    # a read over the DevTools socket slower than this looks for a dialog blocking the page


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

# The settle check: answers at once when the document is complete, else when its load event fires or
# `limit` ms have passed (a wait on the page's own event, not a sleep); with the URL and title.
_SETTLE_JS = """
const limit = arguments[0], done = arguments[arguments.length - 1];
const answer = () => done([document.readyState, location.href, document.title]);
if (document.readyState === 'complete') { answer(); return; }
const timer = setTimeout(answer, limit);
window.addEventListener('load', () => { clearTimeout(timer); answer(); }, {once: true});
"""

_STATE_JS = "return [document.readyState, location.href, document.title]"
# Two turns of the page's event loop. A form submitted by a click or by Enter navigates from a task the
# browser queues (the HTML standard's "plan to navigate"), so right after the action ChromeDriver may see no
# navigation yet; once this has run, that task has run too, and ChromeDriver waits for the navigation it
# started before its next command (the settle's). Sent over the DevTools socket: no ChromeDriver request.
_YIELD_JS = "new Promise((done) => setTimeout(() => setTimeout(done, 0), 0))"
_MAY_NAVIGATE = (ActionType.CLICK, ActionType.TYPE, ActionType.PRESS)
_HTML_JS = "return document.documentElement ? document.documentElement.outerHTML : ''"

# Index in document order (document.getElementsByTagName('*')) of each element kept by the collector; -1
# when it left the document. The same index in the page's own world gives a WebElement without marking
# the DOM.
_MARK_INDEXES_JS = """(() => {
  const s = globalThis.__vwaMarks;
  if (!s || s.token !== %s) return null;
  const where = new Map();
  Array.prototype.forEach.call(document.getElementsByTagName('*'), (e, i) => where.set(e, i));
  return s.elements.map((e) => (where.has(e) ? where.get(e) : -1));
})()"""
_ELEMENTS_AT_JS = """
const all = document.getElementsByTagName('*');
return arguments[0].map((i) => (i >= 0 && all[i] ? [all[i], all[i].tagName] : null));
"""
# Rank, among the matches of a CSS selector in document order, of each kept element (-1: no match).
_CSS_RANKS_JS = """(() => {
  const s = globalThis.__vwaMarks;
  if (!s || s.token !== %s) return null;
  const rank = new Map();
  Array.prototype.forEach.call(document.querySelectorAll(%s), (e, i) => rank.set(e, i));
  return s.elements.map((e) => (rank.has(e) ? rank.get(e) : -1));
})()"""
# Runs interact.js on one kept element.
_ON_MARK_JS = """(() => {
  const s = globalThis.__vwaMarks;
  if (!s || s.token !== %s || !s.elements[%d]) return ['stale'];
  return (%s).call(s.elements[%d], %s, %s);
})()"""


class _ProtocolError(Exception):
    """A DevTools command was refused (through either channel); the message is DevTools' own."""


class _SocketFailed(Exception):
    """The DevTools socket failed during an observation: observe again through ChromeDriver."""


def _gone(message: str) -> bool:
    """A DevTools refusal that means the document (or node) the command named is no longer there."""
    text = message.lower()
    return any(hint in text for hint in ("cannot find context", "execution context was destroyed",
                                         "no node with given id", "could not find node", "no node found",
                                         "could not find object with given id",
                                         "node with given id does not belong"))


@dataclass
class _Target:
    """What an id of the last observation points at."""
    id: str
    label: str           # for error messages: "[12] button 'Save'"
    mark_index: int | None = None
    backend_node_id: int | None = None


@dataclass
class _MarkStore:
    """Where the marks of the latest Set-of-Marks observation are kept: an isolated world of one tab."""
    handle: str
    context_id: int
    token: str


class _Reads:
    """Observation commands for the focused tab: all sent at once over the DevTools socket, their answers
    read when needed; or, without a socket, each sent through ChromeDriver when its answer is needed."""

    def __init__(self, env: "BrowserEnv", page: DevToolsPage | None, commands: dict[str, tuple[str, dict]]):
        self.env, self.page, self.commands = env, page, dict(commands)
        self.ids = {key: self._send(key) for key in self.commands} if page is not None else {}

    def _send(self, key: str) -> int:
        try:
            return self.page.send(*self.commands[key])
        except DevToolsUnavailable as exc:
            raise _SocketFailed(str(exc)) from exc

    def add(self, key: str, method: str, params: dict) -> None:
        self.commands[key] = (method, params)
        if self.page is not None:
            self.ids[key] = self._send(key)

    def abandon(self) -> None:
        """The answers not read yet are not wanted (the observation starts again)."""
        if self.page is not None:
            for command_id in self.ids.values():
                self.page.forget(command_id)
        self.ids.clear()

    def get(self, key: str) -> dict:
        if self.page is None:
            return self.env._relay(*self.commands[key])
        command_id = self.ids.pop(key)
        deadline = time.monotonic() + self.env.settle_timeout
        while True:
            try:
                return self.page.result(command_id, min(_DIALOG_PROBE_S, max(0.0, deadline - time.monotonic())))
            except DevToolsError as exc:
                raise _ProtocolError(str(exc)) from exc
            except DevToolsUnavailable as exc:
                raise _SocketFailed(str(exc)) from exc
            except DevToolsTimeout as exc:
                if time.monotonic() >= deadline:
                    raise _SocketFailed(str(exc)) from exc
                self.env._accept_open_dialog()   # a dialog holds the page's answers until it is closed


def _script_value(result: dict):
    """The value a DevTools Runtime call returned; a script that threw raises JavascriptException."""
    if "exceptionDetails" in result:
        details = result["exceptionDetails"]
        raise JavascriptException(str(details.get("exception", {}).get("description") or details.get("text")))
    return result.get("result", {}).get("value")


class BrowserEnv:
    def __init__(self, viewport: tuple[int, int] = DEFAULT_VIEWPORT, mode: str = "som",
                 current_viewport_only: bool = False, remote_url: str | None = None,
                 settle_timeout: float = 10.0, record_network: bool = False, devtools_socket: bool = True):
        """`devtools_socket`: read observations over Chromium's own DevTools socket when the browser is
        local (else, and on a Selenium Grid, every command goes through ChromeDriver). `record_network`: the
        driver buffers the network events of each episode (agent.network)."""
        if mode not in MODES:
            raise ValueError(f"unknown observation mode {mode!r}; expected one of {', '.join(MODES)}")
        self.mode = mode
        self.viewport = (int(viewport[0]), int(viewport[1]))
        self.current_viewport_only = current_viewport_only
        self.settle_timeout = float(settle_timeout)
        self.record_network = record_network      # the driver buffers network events (agent.network)
        # Dialogs a command runs into are accepted by ChromeDriver and reported to us, so that checking for
        # one costs no request of its own: see _settle.
        self.driver = create_driver(self.viewport, remote_url, performance_log=record_network,
                                    unhandled_prompt="accept and notify")
        self._closed = False
        try:
            self.set_settle_timeout(self.settle_timeout)
            self._debugger: str | None = None
            if devtools_socket and getattr(self.driver, "_vwa_pgid", None):   # a local Chromium
                self._debugger = (self.driver.capabilities.get("goog:chromeOptions") or {}).get("debuggerAddress")
            self._sockets: dict[str, DevToolsPage] = {}
            self._worlds: dict[str, tuple[int, str]] = {}   # tab -> (isolated world context id, its token)
            self._tabs: list[str] = [self.driver.current_window_handle]
            self._focused_handle = self._tabs[0]
            self._emulated: dict[str, tuple[int, int]] = {}
            self._targets: dict[str, _Target] = {}
            self._last_som: SomResult | None = None
            self._last_ax: AXTree | None = None
            self._marks_at: _MarkStore | None = None
            self._resolved_marks: tuple[str, list] | None = None
            self._dialogs: list[str] = []
            # (tab, readyState, URL, title) read by an action's own script, which the step's settle uses
            # instead of asking again (when no other tab took the focus meanwhile)
            self._state_after_action: tuple[str, str, str, str] | None = None
            self._generation = 0      # counts observations and actions (an observation's lazy HTML checks it)
            self._page_state: tuple[str, str] = ("", "")   # URL and title seen by the last settle
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
            for socket in self._sockets.values():
                socket.close()
            self._sockets.clear()
            quit_driver(self.driver)

    def cdp(self, method: str, params: dict | None = None) -> dict:
        """Send a Chrome DevTools Protocol command to the focused tab through ChromeDriver (local or on a
        grid); its answer as DevTools gave it."""
        executor = self.driver.command_executor
        if "vwaCdp" not in getattr(executor, "_commands", {}):
            executor.add_command("vwaCdp", "POST", "/session/$sessionId/goog/cdp/execute")
        # Straight to the connection: WebDriver's own answer handling would walk the whole (possibly
        # megabyte) answer looking for element references, which DevTools answers never hold.
        response = executor.execute("vwaCdp", {"sessionId": self.driver.session_id, "cmd": method,
                                               "params": params or {}})
        if response:
            self.driver.error_handler.check_response(response)
        return (response or {}).get("value") or {}

    def _relay(self, method: str, params: dict) -> dict:
        """`cdp`, with DevTools' refusals as _ProtocolError (ChromeDriver wraps them in its own error)."""
        try:
            return self.cdp(method, params)
        except WebDriverException as exc:
            text = str(exc)
            if "no such execution context" in text:   # ChromeDriver's words for a context id it cannot find
                raise _ProtocolError("Cannot find context with specified id") from exc
            if "inspector error" in text or ("unknown error: " in text and _gone(text)):
                raise _ProtocolError(text.splitlines()[0]) from exc
            raise

    def _page_call(self, method: str, params: dict) -> dict:
        """One DevTools command to the focused tab for an action: over the socket when there is one (a
        dialog that holds it is accepted), else, or when it fails, through ChromeDriver."""
        socket = self._socket()
        if socket is not None:
            try:
                return _Reads(self, socket, {"call": (method, params)}).get("call")
            except _SocketFailed:
                self._drop_socket()
        return self._relay(method, params)

    def _socket(self) -> DevToolsPage | None:
        """The DevTools socket of the focused tab, opened on first use; None when there is none."""
        if not self._debugger:
            return None
        handle = self._focused_handle
        socket = self._sockets.get(handle)
        if socket is None or socket.closed:
            try:
                socket = self._sockets[handle] = DevToolsPage.connect(self._debugger, handle)
            except DevToolsUnavailable:
                self._debugger = None    # not reachable from here: ChromeDriver carries everything
                return None
        return socket

    def _accept_open_dialog(self) -> None:
        """Accept a JavaScript dialog open in the focused tab, if any (its text goes to the next observation)."""
        try:
            alert = self.driver.switch_to.alert
            text = alert.text
            alert.accept()
        except NoAlertPresentException:
            return
        self._dialogs.append(text)

    def _drop_socket(self) -> None:
        socket = self._sockets.pop(self._focused_handle, None)
        if socket is not None:
            socket.close()

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
        self._focused_handle = handle
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
        for gone in set(self._worlds) - known:
            del self._worlds[gone]
        for gone in set(self._sockets) - known:
            self._sockets.pop(gone).close()
        if new:
            self._focus(len(self._tabs) - 1)
        elif not self._tabs:
            raise BrowserCrashed("every tab of the browser was closed")
        elif self._focused_handle not in known:   # the page closed its own tab
            self._focus(len(self._tabs) - 1)
        else:
            self._focused = self._tabs.index(self._focused_handle)

    def _settle(self) -> str | None:
        """Sync the tabs, then wait until the focused tab's document is complete. ChromeDriver itself first
        waits for a navigation in progress (one an action started); a dialog it meets is accepted and its
        text kept for the next observation's meta["dialogs"]. None when settled, else why not."""
        known_state, self._state_after_action = self._state_after_action, None
        self._sync_tabs()
        deadline = time.monotonic() + self.settle_timeout
        dialogs = 0
        first = True
        while True:
            left = deadline - time.monotonic()
            try:
                if first and known_state and known_state[0] == self._focused_handle and known_state[1] == "complete":
                    _handle, state, url, title = known_state   # read by the action's own script, in this tab
                elif first:   # usually complete already: a plain script is the cheaper request
                    state, url, title = self.driver.execute_script(_STATE_JS)
                else:
                    state, url, title = self.driver.execute_async_script(_SETTLE_JS, max(0, int(left * 1000) - 50))
                first = False
            except UnexpectedAlertPresentException as exc:   # accepted by ChromeDriver ("accept and notify")
                self._dialogs.append(exc.alert_text or "")
                dialogs += 1
                if dialogs > _MAX_DIALOGS:
                    return f"the page opened more than {_MAX_DIALOGS} dialogs in a row"
                continue
            except TimeoutException:
                raise
            except WebDriverException as exc:
                # A navigation that replaces the document while we ask is "not ready yet", not an error.
                text = str(exc)
                if not any(hint in text for hint in ("execution context", "detached", "unloaded")):
                    raise
                state, url, title = "loading", "", ""
            if state == "complete":
                self._page_state = (url, title)
                return None
            if time.monotonic() >= deadline:
                try:  # stop the load so later commands do not hang on it
                    self.driver.execute_script("window.stop()")
                except WebDriverException:
                    pass
                self._page_state = (url, title)
                return f"the page did not finish loading within {self.settle_timeout:g} s"

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
        self._generation += 1
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
            problem = self._settle()
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
        """The Set-of-Marks marks of the latest observation (som mode), with live element references
        (WebElements, found in one request for all of them, on first use after each observation)."""
        if self._last_som is None:
            return []
        store = self._marks_at
        if store is None:
            return list(self._last_som.marks)
        if self._resolved_marks is None or self._resolved_marks[0] != store.token:
            elements = self._mark_elements()
            self._resolved_marks = (store.token, [replace(m, element=e)
                                                  for m, e in zip(self._last_som.marks, elements)])
        return list(self._resolved_marks[1])

    def _mark_elements(self) -> list:
        """WebElements of the marks (None for one no longer in the page): each kept element's position in
        document order, read in the isolated world, then the element at that position in the page's
        world; checked against the mark's tag, and read again if the page changed in between."""
        marks = self._last_som.marks if self._last_som else []
        found: list = [None] * len(marks)
        for _ in range(3):
            try:
                indexes = self._in_world(_MARK_INDEXES_JS % json.dumps(self._marks_at.token))
            except _ProtocolError:
                return found
            if not isinstance(indexes, list) or indexes == ["stale"] or len(indexes) != len(marks):
                return found
            pairs = self.driver.execute_script(_ELEMENTS_AT_JS, indexes)
            found = [pair[0] if pair and pair[1] == m.tag else None for m, pair in zip(marks, pairs)]
            if all(e is not None for e, i in zip(found, indexes) if i >= 0):
                return found
        return found

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
        self._generation += 1
        timings: dict[str, float] = {}
        t = time.perf_counter()
        settle_problem = self._settle()
        timings["settle"] = time.perf_counter() - t
        t = time.perf_counter()
        view, view_problem = self._wait_for_view(timings["settle"])
        timings["view"] = time.perf_counter() - t
        use_socket = True
        for attempt in range(4):
            socket = self._socket() if use_socket else None
            try:
                if self.mode == "som":
                    built = self._observe_som(socket, timings, settled=settle_problem is None and attempt < 2)
                else:
                    built = self._observe_ax(socket, timings)
            except _SocketFailed:   # the socket failed or stopped answering: again through ChromeDriver
                self._drop_socket()
                use_socket = False
                continue
            except UnexpectedAlertPresentException as exc:   # a dialog opened (accepted by ChromeDriver)
                self._dialogs.append(exc.alert_text or "")
                settle_problem = self._settle()
                continue
            if built is None:       # the document changed between the settle and the reads: settle again
                settle_problem = self._settle()
                continue
            text, n, screenshot, som_image, tabs = built
            break
        else:
            raise RuntimeError("the page kept changing while it was observed")
        url = self._observed_url()
        generation, handle = self._generation, self._focused_handle
        dialogs, self._dialogs = self._dialogs, []
        meta = {"timings": timings, "n_elements": n, "viewport": list(self.viewport), "dialogs": dialogs,
                "settle_error": settle_problem or view_problem, "pending": view}
        if self.mode == "som" and self._last_som is not None:   # the element list with boxes, as seen
            meta["marks"] = list(self._last_som.marks)
        return Observation(url=url, tabs=tabs, focused_tab=self._focused, mode=self.mode, text=text,
                           screenshot=screenshot, meta=meta, som_image=som_image, som_encoder=encode_png,
                           html_reader=lambda: self._read_html(generation, handle))

    def _wait_for_view(self, spent: float) -> tuple[dict, str | None]:
        """Wait, within what is left of the settle budget, until the images in view are decoded, the fonts
        loaded and the layout still (agent.pending); the report for meta["pending"], and why not if not."""
        budget = max(0.5, self.settle_timeout - spent - 0.5)
        for _ in range(2):   # a navigation that replaced the document meanwhile: once more on the new one
            try:
                report = wait_for_view(self._page_call, budget)
                return report, settle_error(report, budget)
            except _ProtocolError as exc:
                problem = str(exc)
                if not _gone(problem):
                    break
                self._settle()
        report = report_of(None, f"the view check could not run: {problem.splitlines()[0][:200]}")
        return report, None

    def _read_html(self, generation: int, handle: str) -> str:
        if self._closed or generation != self._generation or handle != self._focused_handle:
            raise RuntimeError("the HTML of an observation must be read before the environment's next "
                               "action or observation (the page may have changed since)")
        return self.driver.execute_script(_HTML_JS)

    def _observed_url(self) -> str:
        """The focused tab's URL as the page reported it; on an error page, the URL that failed to load
        (as WebDriver gives it)."""
        url, title = self._page_state
        if url.startswith(_ERROR_PAGE):
            url = self.driver.current_url
            self._page_state = (url, title)
        return url

    def _tabs_of(self, reads: _Reads | None) -> list[Tab]:
        """Titles and URLs of the open tabs: the focused one from the settle, the others from DevTools'
        list of pages (one request, without switching to each tab)."""
        url, title = self._observed_url(), self._page_state[1]
        if len(self._tabs) == 1 or reads is None:
            return [Tab(title, url)]
        infos = {t["targetId"]: t for t in reads.get("targets").get("targetInfos", [])}
        tabs = []
        for handle in self._tabs:
            info = infos.get(handle, {})
            if handle == self._focused_handle:
                tabs.append(Tab(title, url))
            elif info and not info.get("url", "").startswith(_ERROR_PAGE):
                tabs.append(Tab(_document_title(info.get("title", ""), info.get("url", "")), info["url"]))
            else:   # an error page (WebDriver names the URL that failed) or a tab DevTools did not list
                self.driver.switch_to.window(handle)
                try:
                    tabs.append(Tab(self.driver.title, self.driver.current_url))
                finally:
                    self.driver.switch_to.window(self._focused_handle)
        return tabs

    def _commands(self) -> dict[str, tuple[str, dict]]:
        commands = {"shot": _SCREENSHOT}
        if len(self._tabs) > 1:
            commands["targets"] = ("Target.getTargets", {})
        return commands

    def _screenshot_of(self, reads: _Reads) -> bytes:
        """The focused tab's viewport as PNG, through DevTools with Chrome's fast PNG encoding (the same
        pixels as WebDriver's screenshot, a somewhat larger file, in about a third of the time)."""
        try:
            return base64.b64decode(reads.get("shot")["data"])
        except _ProtocolError:
            return self.driver.get_screenshot_as_png()

    def _observe_ax(self, socket, timings):
        t = time.perf_counter()
        commands = {"ax": AX_TREE_COMMAND, **self._commands()}
        if self.current_viewport_only:
            commands["snapshot"] = SNAPSHOT_COMMAND
        reads = _Reads(self, socket, commands)
        nodes = reads.get("ax")["nodes"]
        snapshot = reads.get("snapshot") if self.current_viewport_only else None
        tree = ax_tree_from(nodes, snapshot, self.viewport, self.current_viewport_only)
        self._last_ax, self._last_som, self._marks_at = tree, None, None
        self._targets = {e.node_id: _Target(e.node_id, f"[{e.node_id}] {e.role} {e.name[:40]!r}",
                                            backend_node_id=e.backend_node_id) for e in tree.entries}
        timings["text"] = time.perf_counter() - t
        t = time.perf_counter()
        screenshot = self._screenshot_of(reads)   # taken while the tree was being built
        timings["screenshot"] = time.perf_counter() - t
        return tree.text, len(tree.entries), screenshot, None, self._tabs_of(reads)

    def _observe_som(self, socket, timings, settled: bool):
        t = time.perf_counter()
        handle, token = self._focused_handle, secrets.token_hex(8)
        world, fresh = self._worlds.get(handle), False
        if world is None:
            world, fresh = self._new_world(socket), True
        reads = _Reads(self, socket, {"collect": self._collect_command(world, token, fresh), **self._commands()})
        answer = self._answer(reads, "collect")
        if answer is None or not answer.get("world"):   # a new document: a new isolated world for it
            world = self._new_world(socket)
            reads.add("collect", *self._collect_command(world, token, fresh=True))
            answer = self._answer(reads, "collect")
            if answer is None or not answer.get("world"):
                raise RuntimeError(f"the Set-of-Marks collector did not run in its own world: {answer}")
        if answer["ready"] != "complete" and settled:
            reads.abandon()
            return None
        som = som_result(answer["marks"], answer["lines"])
        self._last_som, self._last_ax = som, None
        self._marks_at = _MarkStore(handle, world[0], token)
        self._resolved_marks = None
        self._page_state = (answer["url"], answer["title"])
        self._targets = {m.id: _Target(m.id, f"[{m.id}] [{m.tag}] [{m.text[:40]}]", mark_index=i)
                         for i, m in enumerate(som.marks)}
        size = self.viewport
        labels = place_labels(mark_rects(som.marks, size), [m.id for m in som.marks], size)
        timings["text"] = time.perf_counter() - t
        t = time.perf_counter()
        screenshot = self._screenshot_of(reads)   # taken while the marks were being numbered and placed
        tabs = self._tabs_of(reads)
        timings["screenshot"] = time.perf_counter() - t
        t = time.perf_counter()
        image = decode_rgb(screenshot)
        if image.size != size:
            labels = None
        draw_marks_on(image, som.marks, labels)
        timings["som_draw"] = time.perf_counter() - t
        return som.text, len(som.marks), screenshot, image, tabs

    def _collect_command(self, world: tuple[int, str], token: str, fresh: bool) -> tuple[str, dict]:
        """The collector's evaluation in `world`; in a world just created, it first marks the world as ours."""
        context_id, world_token = world
        expression = f"({COLLECTOR_JS})({json.dumps(world_token)}, {json.dumps(token)})"
        if fresh:
            expression = f"globalThis.__vwaWorld = {json.dumps(world_token)};\n{expression}"
        return "Runtime.evaluate", {"expression": expression, "contextId": context_id, "returnByValue": True,
                                    "silent": True, "timeout": int(self.settle_timeout * 1000)}

    def _answer(self, reads: _Reads, key: str):
        """The value a script returned; None when its world is gone (a navigation)."""
        try:
            result = reads.get(key)
        except _ProtocolError as exc:
            if _gone(str(exc)):
                return None
            raise
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise RuntimeError("a page script failed: " + str(details.get("exception", {}).get("description")
                                                              or details.get("text"))[:500])
        return result.get("result", {}).get("value")

    def _new_world(self, socket: DevToolsPage | None) -> tuple[int, str]:
        """An isolated world (own globals, same DOM) in the focused tab's document, with a token of its own
        (set by the first collection in it), so that a context id reused after a navigation is never taken
        for it."""
        handle = self._focused_handle

        def create(frame_id: str) -> dict:
            return _Reads(self, socket, {"world": ("Page.createIsolatedWorld",
                                                   {"frameId": frame_id, "worldName": "vwa-observer"})}).get("world")
        try:   # the main frame of a tab has the tab's id
            created = create(handle)
        except _ProtocolError:
            frame = _Reads(self, socket, {"tree": ("Page.getFrameTree", {})}).get("tree")["frameTree"]["frame"]["id"]
            created = create(frame)
        world = (created["executionContextId"], secrets.token_hex(8))
        self._worlds[handle] = world
        return world

    def _in_world(self, expression: str):
        """Evaluate in the isolated world of the latest marks; the value, or ['stale'] when that document
        is gone."""
        store = self._marks_at
        if store is None or store.handle != self._focused_handle:
            return ["stale"]
        try:
            result = self._page_call("Runtime.evaluate", {"expression": expression, "contextId": store.context_id,
                                                          "returnByValue": True, "silent": True})
        except _ProtocolError as exc:
            if _gone(str(exc)):
                return ["stale"]
            raise
        return _script_value(result)

    def _on_target(self, target: _Target, op: str, arg=None):
        """Run interact.js's `op` on the target's element; its value (['stale'] when it is gone)."""
        if target.mark_index is not None:
            store = self._marks_at
            if store is None:
                return ["stale"]
            return self._in_world(_ON_MARK_JS % (json.dumps(store.token), target.mark_index, _INTERACT_JS,
                                                 target.mark_index, json.dumps(op), json.dumps(arg)))
        if target.backend_node_id is None:
            raise ActionError(f"{target.label} is not backed by a page element")
        try:
            obj = self._page_call("DOM.resolveNode", {"backendNodeId": target.backend_node_id})["object"]
            result = self._page_call("Runtime.callFunctionOn", {
                "objectId": obj["objectId"], "functionDeclaration": _INTERACT_JS, "returnByValue": True,
                "arguments": [{"value": op}, {"value": arg}], "silent": True})
        except _ProtocolError as exc:
            if _gone(str(exc)):
                return ["stale"]
            raise
        return _script_value(result)

    def step(self, action: Action | InvalidAction) -> str | None:
        """Execute one action and wait for the page to settle. None on success, else the error text."""
        if isinstance(action, InvalidAction):
            return f"invalid action: {action.reason}"
        if not isinstance(action, Action):
            return f"invalid action: expected a parsed Action, got {type(action).__name__}"
        if action.type is ActionType.STOP:   # ends the episode; the page is left as it is
            return None
        self._generation += 1
        try:
            problem = self._execute(action)
            if action.type in _MAY_NAVIGATE:
                self._yield_to_page()
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
        except UnexpectedAlertPresentException as exc:   # met (and accepted) before the action finished
            self._dialogs.append(exc.alert_text or "")
            try:
                self._settle()
            except WebDriverException as inner:
                self._check_alive(inner)
            return f"{action.type.value}: a dialog appeared and was accepted before the action finished: " \
                   f"{exc.alert_text or ''}".strip()
        except BrowserCrashed:
            raise
        except WebDriverException as exc:
            self._check_alive(exc)
            return f"{action.type.value} failed: {str(exc).splitlines()[0][:300]}"
        except (urllib3.exceptions.HTTPError, ConnectionError) as exc:
            raise BrowserCrashed(f"the browser session died: ChromeDriver does not answer ({exc})") from exc

    def _yield_to_page(self) -> None:
        """Let the page run the tasks an action queued (a planned form navigation). A navigation that
        replaces the document meanwhile ends the call early, which is what the settle waits for anyway."""
        self._state_after_action = None
        try:
            self._page_call("Runtime.evaluate", {"expression": _YIELD_JS, "awaitPromise": True, "silent": True,
                                                 "timeout": int(self.settle_timeout * 1000)})
        except UnexpectedAlertPresentException:
            raise
        except (_ProtocolError, WebDriverException):
            pass   # the document or the tab is gone (a navigation, a closed tab): the settle looks next

    # ------------------------------------------------------------------ actions
    def _perform(self, steps: list[tuple[str, dict]]) -> None:
        """One WebDriver actions request: ("pointer" | "key", action) steps, one per tick, in order."""
        pause = {"type": "pause", "duration": 0}
        pointer, keys = [], []
        for device, act in steps:
            pointer.append(act if device == "pointer" else pause)
            keys.append(act if device == "key" else pause)
        sources = []
        if any(a is not pause for a in pointer):
            sources.append({"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
                            "actions": pointer})
        if any(a is not pause for a in keys):
            sources.append({"type": "key", "id": "key", "actions": keys})
        self.driver.execute(Command.W3C_ACTIONS, {"actions": sources})

    @staticmethod
    def _mouse(x: int, y: int, click: bool) -> list[tuple[str, dict]]:
        steps = [("pointer", {"type": "pointerMove", "duration": 0, "x": int(x), "y": int(y), "origin": "viewport"})]
        if click:
            steps += [("pointer", {"type": "pointerDown", "button": 0}), ("pointer", {"type": "pointerUp", "button": 0})]
        return steps

    @staticmethod
    def _keys(text: str) -> list[tuple[str, dict]]:
        steps = []
        for char in text:
            steps += [("key", {"type": "keyDown", "value": char}), ("key", {"type": "keyUp", "value": char})]
        return steps

    def _point(self, target: _Target, kind: str) -> list:
        """Where to put the mouse for `kind`; raises ActionError when the element cannot take it."""
        answer = self._on_target(target, "point", kind)
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
            raise ActionError(f"{target.label} is covered by another element ({answer[1][:120]}); "
                              "the click did not reach it")
        raise ActionError(f"{target.label} is hidden or not interactable")

    def _execute(self, action: Action) -> str | None:
        kind = action.type
        if kind is ActionType.STOP:
            return None
        if kind in (ActionType.CLICK, ActionType.HOVER, ActionType.TYPE):
            target = self._target(action.element_id)
            if kind is ActionType.CLICK:
                return self._click(target)
            if kind is ActionType.HOVER:
                answer = self._point(target, "hover")
                if answer[0] == "option":
                    ActionChains(self.driver, duration=0).move_to_element(self._element_of(target)).perform()
                else:
                    self._perform(self._mouse(answer[1], answer[2], click=False))
                return None
            return self._type(target, action.text or "", action.press_enter)
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
                _moved, *state = self.driver.execute_script(_SCROLL_JS, sign)
                self._state_after_action = (self._focused_handle, *state)
                return None
            target = self._target(action.element_id)
            where = self._on_target(target, "scrollArea", sign)
            if where == ["stale"]:
                raise ActionError(f"{target.label} is no longer on the page; observe again")
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
            self._worlds.pop(closing, None)
            socket = self._sockets.pop(closing, None)
            if socket is not None:
                socket.close()
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
        """The target as a WebElement, for the rare actions WebDriver must do on the element itself."""
        if target.mark_index is not None:
            element = self._mark_elements()[target.mark_index] if self._marks_at else None
            if element is None:
                raise ActionError(f"{target.label} is no longer on the page; observe again")
            return element
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

    def _click(self, target: _Target) -> None:
        """As WebDriver's element click: scrolled into view if needed, refused when something covers it;
        then one actions request (move, press, release) after which ChromeDriver waits for a navigation
        the click started."""
        answer = self._point(target, "click")
        if answer[0] == "option":   # an <option> of a closed list: WebDriver's click selects it
            try:
                self._element_of(target).click()
            except StaleElementReferenceException as exc:
                raise ActionError(f"{target.label} is no longer on the page; observe again") from exc
            except (ElementNotInteractableException, MoveTargetOutOfBoundsException,
                    ElementClickInterceptedException) as exc:
                raise ActionError(f"{target.label} is hidden or not interactable") from exc
            return None
        self._perform(self._mouse(answer[1], answer[2], click=True))
        return None

    def _type(self, target: _Target, text: str, press_enter: bool) -> None:
        answer = self._point(target, "type")
        tag, input_type = (answer[3], answer[4]) if answer[0] == "ok" else ("OPTION", "")
        if tag == "SELECT":
            chosen = self._on_target(target, "chooseOption", text)
            if chosen == ["stale"]:
                raise ActionError(f"{target.label} is no longer on the page; observe again")
            if chosen[0] == "none":
                raise ActionError(f"{target.label} has no option {text!r}; options: {', '.join(chosen[1])[:300]}")
            return None
        if tag == "OPTION" or (tag == "INPUT" and not answer[5]):
            return self._type_with_webdriver(target, text, press_enter)   # date, colour, file, checkbox...
        try:
            self._perform(self._mouse(answer[1], answer[2], click=True))
            is_field = self._on_target(target, "focusField")
            if is_field == ["stale"]:
                raise ActionError(f"{target.label} is no longer on the page; observe again")
            steps = [] if is_field else [("key", {"type": "keyDown", "value": Keys.CONTROL}),
                                         *self._keys("a"), ("key", {"type": "keyUp", "value": Keys.CONTROL})]
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
            if self.driver.execute_script("return typeof arguments[0].select === 'function'", element):
                self.driver.execute_script("arguments[0].select()", element)
            element.send_keys(text if text else Keys.BACKSPACE)
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
            return [(m.id, m.text, i) for i, m in enumerate(self._last_som.marks)]
        assert self._last_ax is not None
        return [(e.node_id, e.name, e.backend_node_id) for e in self._last_ax.entries
                if e.backend_node_id is not None]

    def _css_order(self, css: str) -> dict:
        """Elements matching `css`: key -> rank in document order, with keys comparable with
        `_candidates()`: mark indexes (som), or backend DOM node ids (accessibility tree), where the
        descendants of a match share its rank (a pruned container is reached through its content)."""
        if self._last_som is not None:
            if self._marks_at is None:
                return {}
            ranks = self._in_world(_CSS_RANKS_JS % (json.dumps(self._marks_at.token), json.dumps(css)))
            if ranks is None or ranks == ["stale"]:
                return {}
            return {i: rank for i, rank in enumerate(ranks) if rank >= 0}
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


def _document_title(title: str, url: str) -> str:
    """A tab's document.title from DevTools' page list, which shows the URL when the page has no title."""
    if not title or title == url:
        return ""
    bare = url.split("://", 1)[-1]
    return "" if title in (bare, bare.rstrip("/")) else title
