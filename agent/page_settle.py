"""Waiting for a page to settle after an action: a condition with a timeout, never a fixed sleep."""
from __future__ import annotations

from selenium.common.exceptions import TimeoutException, WebDriverException
from selenium.webdriver.support.ui import WebDriverWait

POLL_S = 0.05


def _ready(driver) -> bool:
    try:
        return driver.execute_script("return document.readyState") == "complete"
    except WebDriverException as exc:
        # A navigation that replaces the document while we ask is "not ready yet", not an error.
        if "execution context" in str(exc) or "detached" in str(exc):
            return False
        raise


def wait_settled(driver, timeout: float) -> str | None:
    """Wait until the focused tab's document is fully loaded (readyState complete; ChromeDriver itself
    waits for navigations that a command started). None when settled, else the reason it did not."""
    try:
        WebDriverWait(driver, timeout, poll_frequency=POLL_S).until(_ready)
        return None
    except TimeoutException:
        try:  # stop the load so later commands do not hang on it
            driver.execute_script("window.stop()")
        except WebDriverException:
            pass
        return f"the page did not finish loading within {timeout:g} s"
