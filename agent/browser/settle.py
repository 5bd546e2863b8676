"""Settle waits: loading a URL in the focused tab and waiting until its document is complete, accepting the
dialogs met on the way; after an action, letting the page run the tasks it queued first.
"""

from __future__ import annotations

import time

from selenium.common.exceptions import (
    InvalidArgumentException,
    TimeoutException,
    UnexpectedAlertPresentException,
    WebDriverException,
)
from selenium.webdriver.remote.command import Command

from agent.browser.errors import _is_dead_session, _ProtocolError
from agent.browser.state import SessionState
from agent.load import is_renderer_timeout

_MAX_DIALOGS = 20  # dialogs accepted in a row before a settle gives up (a page that keeps opening them)


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


class Settling(SessionState):
    """Page loads and the settle wait every observation and action ends with."""

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
                    _handle, state, url, title = known_state  # read by the action's own script, in this tab
                elif first:  # usually complete already: a plain script is the cheaper request
                    state, url, title = self.driver.execute_script(_STATE_JS)
                else:
                    state, url, title = self.driver.execute_async_script(_SETTLE_JS, max(0, int(left * 1000) - 50))
                first = False
            except UnexpectedAlertPresentException as exc:  # accepted by ChromeDriver ("accept and notify")
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
        """How long page loads and settle waits may take before an action reports a timeout: WebDriver's page
        load and script timeouts, in one request."""
        self.settle_timeout = float(seconds)
        ms = int(self.settle_timeout * 1000)
        self.driver.execute(Command.SET_TIMEOUTS, {"pageLoad": ms, "script": ms})

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
        # the page's state, read once: the settle that follows uses it instead of asking again
        state, location, title = self.driver.execute_script(_STATE_JS)
        self._state_after_action = (self._focused_handle, state, location, title)
        if location.startswith("chrome-error://"):
            return f"could not load {url} (the browser shows an error page: the site may be down)"
        return None

    def _stop_loading(self) -> None:
        try:
            self.driver.execute_script("window.stop()")
        except WebDriverException:
            pass

    def _yield_to_page(self) -> None:
        """Let the page run the tasks an action queued (a planned form navigation). A navigation that
        replaces the document meanwhile ends the call early, which is what the settle waits for anyway."""
        self._state_after_action = None
        try:
            self._page_call(
                "Runtime.evaluate",
                {
                    "expression": _YIELD_JS,
                    "awaitPromise": True,
                    "silent": True,
                    "timeout": int(self.settle_timeout * 1000),
                },
            )
        except UnexpectedAlertPresentException:
            raise
        except (_ProtocolError, WebDriverException):
            pass  # the document or the tab is gone (a navigation, a closed tab): the settle looks next
