"""The browser the reward functions read: the part of Selenium's WebDriver they use, as a Protocol (a
`selenium.webdriver.Remote` is one; so is any stand-in that answers the same calls).

May import: nothing of the project.
"""

from __future__ import annotations

from typing import Any, Protocol


class SwitchTo(Protocol):
    def new_window(self, type_hint: str | None = None) -> None: ...

    def window(self, window_name: str) -> None: ...


class Driver(Protocol):
    @property
    def current_url(self) -> str: ...

    @property
    def current_window_handle(self) -> str: ...

    @property
    def page_source(self) -> str: ...

    @property
    def switch_to(self) -> SwitchTo: ...

    def get(self, url: str) -> None: ...

    def close(self) -> None: ...

    def set_page_load_timeout(self, time_to_wait: float) -> None: ...

    def execute_script(self, script: str, *args: Any) -> Any: ...

    def execute_async_script(self, script: str, *args: Any) -> Any: ...
