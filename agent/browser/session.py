"""The browser environment every episode runs in: a headless Chromium with an exact viewport,
several tabs, the benchmark's action space, and observations (accessibility tree or Set-of-Marks).

    with BrowserEnv(viewport=(1280, 2048), mode="som") as env:
        env.open(["http://127.0.0.1:9980/"])
        obs = env.observe()
        err = env.step(parse_action("click [3]"))   # None, or an error the agent can read

Ids in actions refer to the most recent observation of the env's mode. Page-level failures come
back from `step` as text; a dead browser session raises `BrowserCrashed`.

`BrowserEnv` is this module's session (the WebDriver session, started by agent.browser.driver, and what
the env keeps about it); its behaviour comes from one mixin per concern: DevTools reads (reads.py),
settle waits (settle.py), tabs (tabs.py), marks and observations (observe.py), actions (act.py) and
replay support (replay.py).
"""

from __future__ import annotations

import contextlib

from selenium.common.exceptions import WebDriverException

from agent.accessibility import AXTree
from agent.actions import Action, ActionType, InvalidAction
from agent.browser.act import Acting
from agent.browser.devtools import DevToolsPage
from agent.browser.driver import DEFAULT_VIEWPORT, create_driver, quit_driver
from agent.browser.errors import BrowserCrashed, _is_dead_session
from agent.browser.observe import Observing
from agent.browser.reads import DevToolsChannel
from agent.browser.replay import Replaying
from agent.browser.sandbox import Sandboxing
from agent.browser.settle import Settling
from agent.browser.state import _MarkStore, _Target
from agent.browser.tabs import Tabs
from agent.observation import ObservationMode
from agent.som import SomResult

MODES: tuple[ObservationMode, ...] = ("som", "accessibility_tree")


class BrowserEnv(Sandboxing, Acting, Replaying, Observing, Tabs, Settling, DevToolsChannel):
    def __init__(
        self,
        viewport: tuple[int, int] = DEFAULT_VIEWPORT,
        mode: ObservationMode = "som",
        current_viewport_only: bool = False,
        remote_url: str | None = None,
        settle_timeout: float = 10.0,
        record_network: bool = False,
        devtools_socket: bool = True,
        sandbox: bool = True,
    ):
        """`devtools_socket`: read observations over Chromium's own DevTools socket when the browser is
        local (else, and on a Selenium Grid, every command goes through ChromeDriver). `record_network`: the
        driver buffers the network events of each episode (agent.network). `sandbox`: `confine` holds the
        agent's browser to a task's origins (agent/browser/sandbox.py); downloads are denied."""
        if mode not in MODES:
            raise ValueError(f"unknown observation mode {mode!r}; expected one of {', '.join(MODES)}")
        self.mode = mode
        self.viewport = (int(viewport[0]), int(viewport[1]))
        self.current_viewport_only = current_viewport_only
        self.settle_timeout = float(settle_timeout)
        self.record_network = record_network  # the driver buffers network events (agent.network)
        # Dialogs a command runs into are accepted by ChromeDriver and reported to us, so that checking for
        # one costs no request of its own: see _settle.
        self.driver = create_driver(
            self.viewport, remote_url, performance_log=record_network, unhandled_prompt="accept and notify"
        )
        self._closed = False
        try:
            self.set_settle_timeout(self.settle_timeout)
            self._debugger: str | None = None
            if devtools_socket and getattr(self.driver, "_vwa_pgid", None):  # a local Chromium
                self._debugger = (self.driver.capabilities.get("goog:chromeOptions") or {}).get("debuggerAddress")
            self._sockets: dict[str, DevToolsPage] = {}
            self._worlds: dict[str, tuple[int, str]] = {}  # tab -> (isolated world context id, its token)
            self._window: str | None = None
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
            self._generation = 0  # counts observations and actions (an observation's lazy HTML checks it)
            self._page_state: tuple[str, str] = ("", "")  # URL and title seen by the last settle
            self._spare: str | None = None
            self._settled_at = -1  # the generation of the last open or step that ended settled, its tabs checked
            self._fresh_history = False
            self._focus(0)
            self._start_sandbox(sandbox)
        except Exception:
            with contextlib.suppress(Exception):
                self._stop_sandbox()
            quit_driver(self.driver)
            raise

    def __enter__(self) -> BrowserEnv:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            for socket in self._sockets.values():
                socket.close()
            self._sockets.clear()
            self._stop_sandbox()
            quit_driver(self.driver)

    def _check_alive(self, exc: BaseException) -> None:
        """Raise BrowserCrashed when `exc` (or a probe) shows that the session is dead."""
        if _is_dead_session(exc):
            raise BrowserCrashed(f"the browser session died: {str(exc).splitlines()[0][:300]}") from exc
        try:
            _ = self.driver.window_handles
        except Exception as probe:
            raise BrowserCrashed(
                f"the browser session died: {str(exc).splitlines()[0][:300]} "
                f"(probe: {str(probe).splitlines()[0][:200]})"
            ) from exc

    def step(self, action: Action | InvalidAction) -> str | None:
        """Acting.step, held to the allow-list of `confine`: a goto off the list is refused before navigating
        (None: a refusal is no error; `take_refused` names it), and after the action every tab found on an
        off-limits URL is sent to about:blank."""
        if isinstance(action, Action) and action.type is ActionType.GOTO and self._refuse_goto(action.url or ""):
            return None
        before = self._generation
        self._window = None  # an action may switch WebDriver's window on its own (closing a tab)
        problem = super().step(action)
        try:
            targets = self._page_targets()
            policed = self._police(targets, check_window=problem is not None)
        except WebDriverException as exc:
            self._check_alive(exc)
            return problem
        # Settled, no tab opened or closed since, none sent away: the next observation needs no settle of its own
        # (it still waits for the view: agent.pending).
        if self._generation != before and problem is None and not policed and targets and self._tabs_unchanged(targets):
            self._settled_at = self._generation
        return problem
