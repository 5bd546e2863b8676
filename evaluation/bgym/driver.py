"""The scoring `Driver` protocol (evaluation/scoring/driver.py) over Playwright, so that this project's
evaluators read a BrowserGym episode's pages exactly as they read a Selenium one's.

The agent's tabs are read where they are (a `last` check reads the agent's focused page); a tab the scoring opens
(`switch_to.new_window("tab")`) lives in a browser context of its own that holds a copy of the agent's cookies,
so the checks keep the agent's logins without adding a tab to the agent's context (BrowserGym follows the
focused tab of that context). Scripts run as WebDriver runs them: the body of a function called with
`arguments`; an asynchronous one gets a callback as its last argument. Errors come back as Selenium's
exceptions, which the evaluators already tell apart: an exception thrown in the page is a JavascriptException
(the check fails), a closed or crashed page a WebDriverException (the task is an error). Every call into a page
has a deadline (bounded.py; `page.evaluate` has none): a page that never answers is a TimeoutException.

May import: evaluation.scoring (nothing else of the project).
"""

from __future__ import annotations

import itertools
import secrets
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from selenium.common.exceptions import (
    JavascriptException,
    NoSuchWindowException,
    TimeoutException,
    WebDriverException,
)

from .bounded import evaluate

SCRIPT_TIMEOUT_S = 30.0  # WebDriver's default script timeout
_SYNC = "function (a) { return (function () {\n%s\n}).apply(window, a); }"
# an asynchronous script is started by one bounded call, which leaves its outcome in a property of the window named
# by the call's key, and read back by a bounded wait for that property (both under the script timeout)
_ASYNC_START = (
    "function ([key, a]) { window[key] = null; new Promise((resolve, reject) => {"
    " const t = setTimeout(() => reject(new Error('__vwa_script_timeout__')), %d);"
    " const done = (v) => { clearTimeout(t); resolve(v); };"
    " try { (function () {\n%s\n}).apply(window, a.concat([done])); } catch (e) { clearTimeout(t); reject(e); }"
    " }).then((v) => { window[key] = {value: v}; }, (e) => { window[key] = {error: String(e && e.message || e)}; });"
    " return key; }"
)
# a tab's origin and its local storage (null where the document may have none: about:blank, a data: URL)
_LOCAL_STORAGE = """() => {
  let items;
  try { items = Object.keys(localStorage).map((name) => ({name, value: localStorage.getItem(name)})); }
  catch (e) { return null; }
  return {origin: location.origin, items};
}"""
_ASYNC_OUTCOME = "(key) => { const o = window[key]; if (o) delete window[key]; return o; }"
_SOURCE = (
    "() => (document.doctype ? new XMLSerializer().serializeToString(document.doctype) : '')"
    " + (document.documentElement ? document.documentElement.outerHTML : '')"
)
_DEAD = (
    "has been closed",
    "Target crashed",
    "Target closed",
    "Execution context was destroyed",
    "Browser closed",
    "Connection closed",
)


def _translate(exc: PlaywrightError, what: str) -> WebDriverException:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    if isinstance(exc, PlaywrightTimeout) or "__vwa_script_timeout__" in str(exc):
        return TimeoutException(f"{what}: {text}")
    if any(marker in str(exc) for marker in _DEAD):
        return WebDriverException(f"{what}: {text}")
    return JavascriptException(f"{what}: {text}")


class _SwitchTo:
    def __init__(self, driver: PlaywrightDriver):
        self._driver = driver

    def new_window(self, type_hint: str | None = None) -> None:
        self._driver._open_scoring_tab()

    def window(self, window_name: str) -> None:
        self._driver._focus(window_name)


class PlaywrightDriver:
    """The `Driver` of evaluation/scoring over the agent's Playwright `context`, reading `page` first."""

    def __init__(self, context: BrowserContext, page: Page, browser: Browser | None = None):
        self._context = context
        self._browser = browser or context.browser
        self._scoring: BrowserContext | None = None
        self._names = (f"tab-{i}" for i in itertools.count(1))
        self._handles: dict[str, Page] = {}
        self._current = self._handle_of(page)
        self._page_timeout_ms = 30_000.0

    # ---- tabs ---------------------------------------------------------------------------------------
    def _handle_of(self, page: Page) -> str:
        for name, known in self._handles.items():
            if known is page:
                return name
        name = next(self._names)
        self._handles[name] = page
        return name

    @property
    def _page(self) -> Page:
        page = self._handles.get(self._current)
        if page is None or page.is_closed():
            raise NoSuchWindowException(f"no such window: {self._current}")
        return page

    def _focus(self, name: str) -> None:
        if name not in self._handles or self._handles[name].is_closed():
            raise NoSuchWindowException(f"no such window: {name}")
        self._current = name

    def _open_scoring_tab(self) -> None:
        try:
            if self._scoring is None:
                if self._browser is None:
                    raise WebDriverException("the agent's context has no browser to open a scoring context in")
                self._scoring = self._browser.new_context(storage_state=self._agent_state())
            page = self._scoring.new_page()
        except PlaywrightError as exc:
            raise _translate(exc, "opening a scoring tab") from exc
        self._current = self._handle_of(page)

    def _agent_state(self) -> Any:
        """The agent's cookies and the local storage of the origins its tabs show, as Playwright's storage state.
        Not `context.storage_state()`: for an origin the context once loaded but no tab shows, it opens a hidden
        page in the agent's context and loads the origin there, and BrowserGym's init script in that page reports it
        as the agent's active page (keptcontext.py: with a context kept across episodes, every origin of the
        process's earlier episodes, at every scoring tab)."""
        origins: dict[str, list[dict[str, str]]] = {}
        for tab in self._context.pages:
            try:
                found = evaluate(tab, _LOCAL_STORAGE, None, SCRIPT_TIMEOUT_S * 1000)
            except PlaywrightError:  # a tab between two documents, or on one with no storage (about:blank)
                continue
            if found and found["items"]:
                origins.setdefault(found["origin"], found["items"])
        return {
            "cookies": self._context.cookies(),
            "origins": [{"origin": origin, "localStorage": items} for origin, items in origins.items()],
        }

    def quit(self) -> None:
        """Close the scoring context (the agent's pages stay)."""
        if self._scoring is not None:
            scoring, self._scoring = self._scoring, None
            try:
                scoring.close()
            except PlaywrightError:
                pass

    # ---- the protocol -------------------------------------------------------------------------------
    @property
    def current_url(self) -> str:
        return str(self._page.url)

    @property
    def current_window_handle(self) -> str:
        _ = self._page
        return self._current

    @property
    def page_source(self) -> str:
        try:
            return str(evaluate(self._page, _SOURCE, None, SCRIPT_TIMEOUT_S * 1000))
        except PlaywrightError as exc:
            raise _translate(exc, "reading the page source") from exc

    @property
    def switch_to(self) -> _SwitchTo:
        return _SwitchTo(self)

    def get(self, url: str) -> None:
        try:
            self._page.goto(url, timeout=self._page_timeout_ms, wait_until="load")
        except PlaywrightError as exc:
            raise _translate(exc, f"loading {url}") from exc

    def close(self) -> None:
        page = self._page
        try:
            page.close()
        except PlaywrightError as exc:
            raise _translate(exc, "closing a tab") from exc
        del self._handles[self._current]

    def set_page_load_timeout(self, time_to_wait: float) -> None:
        self._page_timeout_ms = float(time_to_wait) * 1000

    def execute_script(self, script: str, *args: Any) -> Any:
        try:
            return evaluate(self._page, _SYNC % script, list(args), SCRIPT_TIMEOUT_S * 1000)
        except PlaywrightError as exc:
            raise _translate(exc, "a script in the page") from exc

    def execute_async_script(self, script: str, *args: Any) -> Any:
        timeout_ms = SCRIPT_TIMEOUT_S * 1000
        start = _ASYNC_START % (int(timeout_ms), script)
        try:
            key = evaluate(self._page, start, [f"__vwa_async_{secrets.token_hex(8)}", list(args)], timeout_ms)
            handle = self._page.wait_for_function(_ASYNC_OUTCOME, arg=key, timeout=timeout_ms + 5_000, polling=50)
            try:
                outcome = handle.json_value()
            finally:
                handle.dispose()
        except PlaywrightError as exc:
            raise _translate(exc, "an asynchronous script in the page") from exc
        if "error" in outcome:
            raise _translate(PlaywrightError(str(outcome["error"])), "an asynchronous script in the page")
        return outcome.get("value")
