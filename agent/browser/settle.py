"""The focused tab's page: loading a URL in it and waiting until its document is complete (accepting the
dialogs met on the way), after an action letting the page run the tasks it queued first; the URL and title the
last settle saw, and the generation that counts observations and actions.
"""

from __future__ import annotations

import time

from selenium.common.exceptions import (
    InvalidArgumentException,
    TimeoutException,
    UnexpectedAlertPresentException,
    WebDriverException,
)

from agent.browser.errors import _is_dead_session, _ProtocolError
from agent.browser.reads import Channel
from agent.browser.session import Session
from agent.browser.tabs import Tabs
from agent.load import is_renderer_timeout

_ERROR_PAGE = "chrome-error://"
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


class Page:
    """The focused tab's page loads and the settle wait every observation and action ends with."""

    def __init__(self, session: Session, tabs: Tabs, channel: Channel):
        self._session = session
        self._tabs = tabs
        self._channel = channel
        # (tab, readyState, URL, title) read by an action's own script, which the step's settle uses
        # instead of asking again (when no other tab took the focus meanwhile)
        self._state_after_action: tuple[str, str, str, str] | None = None
        self._page_state: tuple[str, str] = ("", "")  # URL and title seen by the last settle
        self._generation = 0  # counts observations and actions (an observation's lazy HTML checks it)
        self._settled_at = -1  # the generation of the last open or step that ended settled, its tabs checked
        self._observed_at = -1  # the generation of the last observation that found the page settled

    # ---- generations ----------------------------------------------------------------------------------
    @property
    def generation(self) -> int:
        return self._generation

    def advance(self) -> None:
        """An observation or an action begins: what an earlier observation read may be out of date."""
        self._generation += 1

    def settled_now(self) -> None:
        """The open or step of this generation ended settled, its tabs checked: the next observation needs no
        settle of its own."""
        self._settled_at = self._generation

    @property
    def just_settled(self) -> bool:
        """Whether the open or step right before (this generation) ended settled."""
        return self._settled_at == self._generation

    def observed_now(self) -> None:
        """The observation of this generation found the page settled (no action since, until the next advance)."""
        self._observed_at = self._generation

    @property
    def just_observed(self) -> bool:
        """Whether the observation right before (this generation), with no action after it, found the page
        settled."""
        return self._observed_at == self._generation

    def still(self) -> bool:
        """After an observation and no action: whether the browser's pages are still the env's tabs and the
        focused tab's document is complete (its URL and title noted), asked over the DevTools sockets with no
        ChromeDriver request. False (then `settle`, which waits through ChromeDriver) when anything changed, or
        when the sockets cannot tell."""
        self._state_after_action = None
        targets = self._tabs.page_targets()
        if not targets or not self._tabs.unchanged(targets):
            return False
        try:
            answer = self._channel.page_call(
                "Runtime.evaluate",
                {"expression": f"(() => {{ {_STATE_JS} }})()", "returnByValue": True, "silent": True},
            )
        except (_ProtocolError, WebDriverException):
            return False
        state = answer.get("result", {}).get("value")
        if "exceptionDetails" in answer or not isinstance(state, list) or len(state) != 3 or state[0] != "complete":
            return False
        self._page_state = (str(state[1]), str(state[2]))
        return True

    # ---- what the page showed ----------------------------------------------------------------------
    def note_state(self, state: tuple[str, str, str, str] | None) -> None:
        """(tab, readyState, URL, title) an action's own script read: the settle after it need not ask again."""
        self._state_after_action = state

    def note_location(self, url: str, title: str) -> None:
        """The focused tab's URL and title as a read other than the settle saw them."""
        self._page_state = (url, title)

    @property
    def title(self) -> str:
        return self._page_state[1]

    @property
    def url(self) -> str:
        """The focused tab's URL as the last settle or observation saw it (no request unless it is an error
        page, whose failed URL WebDriver names)."""
        return self.observed_url()

    def observed_url(self) -> str:
        """The focused tab's URL as the page reported it; on an error page, the URL that failed to load
        (as WebDriver gives it)."""
        url, title = self._page_state
        if url.startswith(_ERROR_PAGE):
            url = self._session.driver.current_url
            self._page_state = (url, title)
        return url

    def settle(self) -> str | None:
        """Sync the tabs, then wait until the focused tab's document is complete. ChromeDriver itself first
        waits for a navigation in progress (one an action started); a dialog it meets is accepted and its
        text kept for the next observation's meta["dialogs"]. None when settled, else why not."""
        known_state, self._state_after_action = self._state_after_action, None
        self._tabs.sync()
        deadline = time.monotonic() + self._session.settle_timeout
        dialogs = 0
        first = True
        while True:
            left = deadline - time.monotonic()
            try:
                if (
                    first
                    and known_state
                    and known_state[0] == self._tabs.focused_handle
                    and known_state[1] == "complete"
                ):
                    _handle, state, url, title = known_state  # read by the action's own script, in this tab
                elif first:  # usually complete already: a plain script is the cheaper request
                    state, url, title = self._session.driver.execute_script(_STATE_JS)
                else:
                    state, url, title = self._session.driver.execute_async_script(
                        _SETTLE_JS, max(0, int(left * 1000) - 50)
                    )
                first = False
            except UnexpectedAlertPresentException as exc:  # accepted by ChromeDriver ("accept and notify")
                self._session.note_dialog(exc.alert_text or "")
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
                    self._session.driver.execute_script("window.stop()")
                except WebDriverException:
                    pass
                self._page_state = (url, title)
                return f"the page did not finish loading within {self._session.settle_timeout:g} s"

    def load(self, url: str) -> str | None:
        """Navigate the focused tab; None on success, else why it failed. A renderer starved by a busy
        machine ("Timed out receiving message from renderer") gets one more try with twice the time."""
        try:
            try:
                self._session.driver.get(url)
            except TimeoutException as exc:
                if not is_renderer_timeout(exc):
                    raise
                self.stop_loading()
                self._session.driver.set_page_load_timeout(2 * self._session.settle_timeout)
                try:
                    self._session.driver.get(url)
                finally:
                    self._session.driver.set_page_load_timeout(self._session.settle_timeout)
        except TimeoutException:
            self.stop_loading()
            return f"loading {url} timed out after {self._session.settle_timeout:g} s"
        except InvalidArgumentException as exc:
            return f"invalid URL {url!r}: {str(exc).splitlines()[0]}"
        except WebDriverException as exc:
            if _is_dead_session(exc):
                raise
            return f"could not load {url}: {str(exc).splitlines()[0]}"
        # the page's state, read once: the settle that follows uses it instead of asking again
        state, location, title = self._session.driver.execute_script(_STATE_JS)
        self._state_after_action = (self._tabs.focused_handle, state, location, title)
        if location.startswith("chrome-error://"):
            return f"could not load {url} (the browser shows an error page: the site may be down)"
        return None

    def stop_loading(self) -> None:
        try:
            self._session.driver.execute_script("window.stop()")
        except WebDriverException:
            pass

    def yield_to_page(self) -> None:
        """Let the page run the tasks an action queued (a planned form navigation). A navigation that
        replaces the document meanwhile ends the call early, which is what the settle waits for anyway."""
        self._state_after_action = None
        try:
            self._channel.page_call(
                "Runtime.evaluate",
                {
                    "expression": _YIELD_JS,
                    "awaitPromise": True,
                    "silent": True,
                    "timeout": int(self._session.settle_timeout * 1000),
                },
            )
        except UnexpectedAlertPresentException:
            raise
        except (_ProtocolError, WebDriverException):
            pass  # the document or the tab is gone (a navigation, a closed tab): the settle looks next
