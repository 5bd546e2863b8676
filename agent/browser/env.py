"""The browser environment every episode runs in: a headless Chromium with an exact viewport,
several tabs, the benchmark's action space, and observations (accessibility tree or Set-of-Marks).

    with BrowserEnv(viewport=(1280, 2048), mode="som") as env:
        env.open(["http://127.0.0.1:9980/"])
        obs = env.observe()
        err = env.step(parse_action("click [3]"))   # None, or an error the agent can read

Ids in actions refer to the most recent observation of the env's mode. Page-level failures come
back from `step` as text; a dead browser session raises `BrowserCrashed`.

`BrowserEnv` composes one object per concern, each keeping its own state and calling the others through
their methods:

    session   the WebDriver session (session.py): the driver, its current window, the browser-level socket
    tabs      the agent's tabs and the focused one (tabs.py)
    channel   the focused tab's DevTools socket or ChromeDriver's relay (reads.py)
    page      page loads, the settle wait, what the page last showed (settle.py)
    reader    observations (observe.py);  targets: what their ids point at, the marks (targets.py)
    resolver  element ids for replays of reference solutions (replay.py)
    actions   the step and the primitives of agent.actions.Browser (act.py)
    sandbox   the task's allow-list: browser contexts, the gate, the env's own checks (sandbox.py)
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from typing import Any

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.remote.webdriver import WebDriver

from agent.actions import Action, ActionType, InvalidAction
from agent.browser.act import Actions
from agent.browser.driver import DEFAULT_VIEWPORT
from agent.browser.navigation import same_document
from agent.browser.observe import Reader
from agent.browser.reads import Channel
from agent.browser.replay import Resolver
from agent.browser.sandbox import Sandbox
from agent.browser.session import Session
from agent.browser.settle import Page
from agent.browser.tabs import Tabs
from agent.browser.targets import Targets
from agent.observation import Observation, ObservationMode
from agent.som import Mark

MODES: tuple[ObservationMode, ...] = ("som", "accessibility_tree")


class BrowserEnv:
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
        self.session = Session((int(viewport[0]), int(viewport[1])), remote_url, record_network)
        self._closed = False
        started: Sandbox | None = None
        try:
            self.session.set_settle_timeout(settle_timeout)
            self.session.find_debugger(devtools_socket)
            self.tabs = Tabs(self.session, (int(viewport[0]), int(viewport[1])))
            self.channel = Channel(self.session, self.tabs)
            self.page = Page(self.session, self.tabs, self.channel)
            self.targets = Targets(self.session, self.tabs, self.channel)
            self.reader = Reader(
                self.session, self.tabs, self.channel, self.page, self.targets, mode, current_viewport_only
            )
            self.resolver = Resolver(self.session, self.channel, self.targets)
            self.actions = Actions(self.session, self.tabs, self.channel, self.page, self.targets)
            self.sandbox = started = Sandbox(self.session, self.tabs, self.channel, self.page, sandbox)
            self.sandbox.start()
        except Exception:
            if started is not None:
                with contextlib.suppress(Exception):
                    started.stop()
            self.session.quit()
            raise

    def __enter__(self) -> BrowserEnv:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self.channel.close()
            self.sandbox.stop()
            self.session.close()

    # ---- what callers read -------------------------------------------------------------------------------
    @property
    def driver(self) -> WebDriver:
        return self.session.driver

    @property
    def mode(self) -> ObservationMode:
        return self.reader.mode

    @mode.setter
    def mode(self, mode: ObservationMode) -> None:
        """The next observation's mode (ids then refer to it)."""
        self.reader.mode = mode

    @property
    def viewport(self) -> tuple[int, int]:
        return self.tabs.viewport

    @property
    def current_viewport_only(self) -> bool:
        return self.reader.current_viewport_only

    @current_viewport_only.setter
    def current_viewport_only(self, only: bool) -> None:
        self.reader.current_viewport_only = only

    @property
    def settle_timeout(self) -> float:
        return self.session.settle_timeout

    @property
    def record_network(self) -> bool:
        return self.session.record_network

    @property
    def url(self) -> str:
        """The focused tab's URL as the last settle or observation saw it (no request unless it is an error
        page, whose failed URL WebDriver names)."""
        return self.page.url

    @property
    def marks(self) -> list[Mark]:
        """The Set-of-Marks marks of the latest observation (som mode), with live element references."""
        return self.targets.marks

    # ---- the episode ---------------------------------------------------------------------------------------
    def open(self, urls: list[str]) -> None:
        """Close extra tabs, open one tab per URL in order, focus tab 0 and wait until it settles.
        Raises RuntimeError naming the URL when a start page cannot be loaded."""
        if not urls:
            raise ValueError("open() needs at least one URL")
        self.page.advance()
        try:
            self.tabs.sync()
            self.tabs.close_others()
            for i, url in enumerate(urls):
                if i > 0:
                    self.tabs.add()
                elif self.tabs.fresh_history and "#" in url and same_document(self.driver.current_url, url):
                    self.page.load("about:blank")  # the kept tab shows url: loading it again would not reload
                problem = self.page.load(url)
                if problem:
                    raise RuntimeError(f"could not open start URL {url!r}: {problem}")
            if len(urls) > 1:
                self.tabs.focus_first()
            if self.tabs.fresh_history:  # a tab kept from the last episode (sandbox.confine): no way back to it
                self.channel.cdp_tab("Page.resetNavigationHistory", {})
                self.tabs.history_dropped()
            problem = self.page.settle()
            if problem:
                raise RuntimeError(f"start URL {urls[0]!r}: {problem}")
        except WebDriverException as exc:
            self.session.check_alive(exc)
            raise RuntimeError(f"could not open {urls}: {str(exc).splitlines()[0]}") from exc
        self.targets.forget_targets()
        self.page.settled_now()  # settled, its tabs just synced: the first observation need not again

    def observe(self) -> Observation:
        return self.reader.observe()

    def step(self, action: Action | InvalidAction) -> str | None:
        """Actions.step, held to the allow-list of `confine`: a goto off the list is refused before navigating
        (None: a refusal is no error; `take_refused` names it), and after the action every tab found on an
        off-limits URL is sent to about:blank."""
        if isinstance(action, Action) and action.type is ActionType.GOTO and self.sandbox.refuse_goto(action.url or ""):
            return None
        before = self.page.generation
        self.session.forget_window()  # an action may switch WebDriver's window on its own (closing a tab)
        problem = self.actions.step(action)
        try:
            targets = self.tabs.page_targets()
            policed = self.sandbox.police(targets, check_window=problem is not None)
        except WebDriverException as exc:
            self.session.check_alive(exc)
            return problem
        # Settled, no tab opened or closed since, none sent away: the next observation needs no settle of its own
        # (it still waits for the view: agent.pending).
        if (
            self.page.generation != before
            and problem is None
            and not policed
            and targets
            and self.tabs.unchanged(targets)
        ):
            self.page.settled_now()
        return problem

    def resolve_element_id(self, css: str | None = None, text: str | None = None) -> str:
        """Id, in the most recent observation, of the first visible element matching `css` and/or `text`
        (Resolver.resolve_element_id)."""
        return self.resolver.resolve_element_id(css, text)

    # ---- settings and the harness's own commands -------------------------------------------------------------
    def set_viewport(self, width: int, height: int) -> None:
        self.tabs.set_viewport(width, height)

    def set_settle_timeout(self, seconds: float) -> None:
        """How long page loads and settle waits may take before an action reports a timeout."""
        self.session.set_settle_timeout(seconds)

    def cdp(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        """A Chrome DevTools Protocol command to the focused tab through ChromeDriver (Session.cdp)."""
        return self.session.cdp(method, params)

    def cdp_tab(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        """A DevTools command to the focused tab over its own socket when there is one (Channel.cdp_tab)."""
        return self.channel.cdp_tab(method, params)

    def open_tab(self) -> str:
        """A tab for the harness, not one of the agent's tabs (Tabs.open_tab); hand it back with `release_tab`."""
        return self.tabs.open_tab()

    def release_tab(self, handle: str) -> None:
        self.tabs.release_tab(handle)

    def confine(self, origins: Iterable[str]) -> None:
        """Hold the agent's browser to `origins` from now on (Sandbox.confine)."""
        self.sandbox.confine(origins)

    def may_load(self, url: str) -> bool:
        return self.sandbox.may_load(url)

    def take_refused(self) -> list[str]:
        """The addresses refused since the last call, each once (Sandbox.take_refused)."""
        return self.sandbox.take_refused()

    def harness(self) -> contextlib.AbstractContextManager[None]:
        """The harness's own work (login, scoring, proofs): not policed and not recorded."""
        return self.sandbox.harness()
