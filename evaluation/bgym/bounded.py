"""Playwright calls with a deadline, for the calls of our side that have none of their own.

`page.evaluate()` takes no timeout: a script that never returns, or a page that no longer runs (a renderer busy
or stopped), holds the caller forever. `evaluate()` here runs the script through `wait_for_function`, whose
timeout Playwright's server enforces whatever the page does: the script runs once (its result is wrapped in an
object, which is always truthy) and its value comes back as `page.evaluate` would give it; past the deadline it
raises Playwright's TimeoutError, which the callers report (the replay as a failed step, the scoring driver as
Selenium's TimeoutException).

    value = evaluate(page, "(css) => document.querySelectorAll(css).length", "a", timeout_ms=10_000)

The polling is by interval, not by animation frame: a tab in the background draws no frames.

May import: playwright.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Frame, Page

SCRIPT_TIMEOUT_MS = 30_000.0  # WebDriver's default script timeout
_ONCE = "(arg) => ({ value: (%s)(arg) })"


def evaluate(target: Page | Frame, function: str, arg: Any = None, timeout_ms: float = SCRIPT_TIMEOUT_MS) -> Any:
    """What `target.evaluate(function, arg)` returns, or TimeoutError after `timeout_ms` (`function` is the source
    of a synchronous JavaScript function of one argument)."""
    handle = target.wait_for_function(_ONCE % function, arg=arg, timeout=timeout_ms, polling=100)
    try:
        return handle.json_value()["value"]
    finally:
        handle.dispose()
