"""What a browser session keeps, declared once for the mixins that make up `BrowserEnv` (session.py).

Each mixin (reads, settle, tabs, observe, act, replay) derives from `SessionState`, so the attributes the
session's `__init__` sets and the methods one mixin calls on another have one declared type, and a type
checker holds every mixin to them. The method declarations exist for the type checker only: at run time the
mixins' own definitions are the only ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from selenium.webdriver.remote.webdriver import WebDriver

from agent.accessibility import AXTree
from agent.browser.devtools import DevToolsPage
from agent.observation import ObservationMode
from agent.som import SomResult


@dataclass
class _Target:
    """What an id of the last observation points at."""

    id: str
    label: str  # for error messages: "[12] button 'Save'"
    mark_index: int | None = None
    backend_node_id: int | None = None


@dataclass
class _MarkStore:
    """Where the marks of the latest Set-of-Marks observation are kept: an isolated world of one tab."""

    handle: str
    context_id: int
    token: str


class SessionState:
    """The session's attributes (set by BrowserEnv.__init__) and the methods the mixins share."""

    mode: ObservationMode
    viewport: tuple[int, int]
    current_viewport_only: bool
    settle_timeout: float
    record_network: bool
    driver: WebDriver
    _closed: bool
    _debugger: str | None  # Chromium's DevTools address when the browser is local
    _sockets: dict[str, DevToolsPage]  # tab handle -> its DevTools socket
    _worlds: dict[str, tuple[int, str]]  # tab -> (isolated world context id, its token)
    _tabs: list[str]
    _focused: int
    _focused_handle: str
    _window: str | None  # WebDriver's current window as the env last made it (None: not known; tabs.py)
    _emulated: dict[str, tuple[int, int]]
    _targets: dict[str, _Target]
    _last_som: SomResult | None
    _last_ax: AXTree | None
    _marks_at: _MarkStore | None
    _resolved_marks: tuple[str, list] | None
    _dialogs: list[str]
    _state_after_action: tuple[str, str, str, str] | None
    _generation: int
    _page_state: tuple[str, str]
    _spare: str | None  # the harness's tab between its uses (sandbox.py), not the agent's
    _browser: DevToolsPage | None  # the browser-level DevTools socket (a local Chromium; sandbox.py)
    _settled_at: int  # the generation of the last open or step that ended settled, its tabs checked
    _fresh_history: bool  # tab 0 was kept from the last episode: open() drops its history

    if TYPE_CHECKING:
        # session.py
        def _check_alive(self, exc: BaseException) -> None: ...

        # reads.py
        def cdp(self, method: str, params: dict | None = None) -> dict: ...
        def cdp_tab(self, method: str, params: dict | None = None) -> dict: ...
        def _page_call(self, method: str, params: dict) -> dict: ...
        def _socket(self) -> DevToolsPage | None: ...
        def _drop_socket(self) -> None: ...

        # settle.py
        def _settle(self) -> str | None: ...
        def _load(self, url: str) -> str | None: ...
        def _yield_to_page(self) -> None: ...

        # tabs.py
        def _focus(self, index: int) -> None: ...
        def _switch(self, handle: str) -> None: ...
        def _sync_tabs(self) -> None: ...
        def _page_targets(self) -> dict[str, dict] | None: ...
        def _window_handles(self) -> list[str]: ...
        def _observed_url(self) -> str: ...

        # sandbox.py
        def _new_tab(self) -> str: ...

        # observe.py
        def _in_world(self, expression: str) -> Any: ...
        def _mark_elements(self) -> list: ...
