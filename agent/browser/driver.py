"""Start a Chromium WebDriver session: Debian's chromium and chromedriver, or a remote Selenium Grid.

Selenium is always handed the driver and browser paths, so Selenium Manager never tries to download
a driver or a browser (this project runs on closed networks).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import tempfile
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

from agent.browser.grid_session import start_session
from agent.watchdog import watchdog

CHROMIUM = os.environ.get("CHROMIUM_BINARY", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
DEFAULT_VIEWPORT = (1280, 2048)
MAX_SCRATCH_PATH = 48  # + "/org.chromium.Chromium.XXXXXX/SingletonSocket" stays within a unix socket path

# Flags that keep Chromium headless, deterministic (scale factor 1) and quiet on a closed network:
# no background connections to update, sync, safe-browsing or metrics services.
QUIET_FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--force-device-scale-factor=1",
    "--hide-scrollbars",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--disable-default-apps",
    "--disable-client-side-phishing-detection",
    "--disable-domain-reliability",
    "--disable-breakpad",
    "--metrics-recording-only",
    "--password-store=basic",
    "--use-mock-keychain",
    "--disable-features=Translate,OptimizationHints,MediaRouter,AutofillServerCommunication,"
    "CertificateTransparencyComponentUpdater,InterestFeedContentSuggestions",
]


class BrowserUnavailable(RuntimeError):
    """Chromium or ChromeDriver is missing, or the session could not start."""


class _GuardedService(Service):
    """ChromeDriver's service, its process group handed to this process's watchdog the moment it exists:
    a SIGKILL while Chromium is still starting leaves nothing behind either."""

    def _start_process(self, path: str) -> None:
        super()._start_process(path)
        watchdog().guard_group(self.process.pid)


class _LocalChrome(webdriver.Chrome):
    """A local Chromium session, with what this process must clean up after it (quit_driver)."""

    _vwa_profile_dir: str  # the session's temporary profile, removed by quit_driver
    _vwa_pgid: int  # ChromeDriver's process group, guarded by the watchdog since it started


def chrome_options(
    viewport: tuple[int, int] = DEFAULT_VIEWPORT,
    user_data_dir: str | None = None,
    local: bool = True,
    performance_log: bool = False,
    unhandled_prompt: str | None = None,
) -> Options:
    """`unhandled_prompt`: what ChromeDriver does with a JavaScript dialog a command runs into (WebDriver's
    unhandledPromptBehavior: "dismiss and notify" when None, "accept and notify", ...); `performance_log`:
    buffer the DevTools network events (read by agent.network)."""
    options = Options()
    for flag in QUIET_FLAGS:
        options.add_argument(flag)
    width, height = viewport
    options.add_argument(f"--window-size={width},{height}")
    if user_data_dir:
        options.add_argument(f"--user-data-dir={user_data_dir}")
    if local:
        options.binary_location = CHROMIUM
    options.page_load_strategy = "normal"
    if performance_log:  # DevTools Network.* events, read by agent.network (only when asked: they pile up)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
        options.add_experimental_option("perfLoggingPrefs", {"enableNetwork": True, "enablePage": False})
    else:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if unhandled_prompt:
        options.unhandled_prompt_behavior = unhandled_prompt
    return options


def create_driver(
    viewport: tuple[int, int] = DEFAULT_VIEWPORT,
    remote_url: str | None = None,
    performance_log: bool = False,
    unhandled_prompt: str | None = None,
) -> webdriver.Remote:
    """A new browser session. `remote_url` (or SELENIUM_REMOTE_URL) selects a Selenium Grid instead of
    the local Chromium; `performance_log` buffers the DevTools network events (agent.network). The caller
    owns the session and must `quit()` it."""
    remote_url = remote_url or os.environ.get("SELENIUM_REMOTE_URL") or None
    if remote_url:
        try:
            options = chrome_options(
                viewport, local=False, performance_log=performance_log, unhandled_prompt=unhandled_prompt
            )
            hub = remote_url
            return start_session(hub, lambda: webdriver.Remote(command_executor=hub, options=options))
        except Exception as exc:  # the grid is down or refused the session
            raise BrowserUnavailable(f"could not start a session on the Selenium Grid at {remote_url}: {exc}") from exc

    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not (Path(path).exists() or shutil.which(path)):
            raise BrowserUnavailable(f"{path} not found: install Debian's {package} (run `make install`)")
    profile = tempfile.mkdtemp(prefix="vwa-chrome-")
    user_data = str(Path(profile) / "profile")
    # ChromeDriver leads its own process group (Chromium's processes join it), which this process's
    # watchdog kills, and whose profile it removes, if this process dies without quitting the browser.
    guard = watchdog()
    guard.guard_path(profile)
    # Chromium's own temporary files (shared memory with --disable-dev-shm-usage, scoped folders) go inside
    # the profile too, so the watchdog's removal of the profile leaves nothing in /tmp after a SIGKILL; unless
    # that folder's path is too long for the unix sockets Chromium makes there (108 bytes with their names).
    scratch = Path(profile) / "t"
    scratch.mkdir()
    env = dict(os.environ)
    if len(str(scratch)) <= MAX_SCRATCH_PATH:
        env["TMPDIR"] = str(scratch)
    service = _GuardedService(
        executable_path=CHROMEDRIVER, log_output=os.devnull, popen_kw={"start_new_session": True}, env=env
    )
    try:
        options = chrome_options(
            viewport, user_data, performance_log=performance_log, unhandled_prompt=unhandled_prompt
        )
        driver = _LocalChrome(service=service, options=options)
    except Exception as exc:
        _end_group(service)
        if getattr(service, "process", None) is not None:
            guard.release_group(service.process.pid)
        shutil.rmtree(profile, ignore_errors=True)
        guard.release_path(profile)
        raise BrowserUnavailable(f"could not start Chromium ({CHROMIUM}) with {CHROMEDRIVER}: {exc}") from exc
    driver._vwa_profile_dir = profile  # removed by quit_driver
    driver._vwa_pgid = service.process.pid  # guarded by the watchdog since it started
    return driver


def _end_group(service: Service) -> None:
    process = getattr(service, "process", None)
    if process is not None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)


def quit_driver(driver: webdriver.Remote) -> None:
    """Quit the session and remove its temporary profile; never raises."""
    profile = getattr(driver, "_vwa_profile_dir", None)
    pgid = getattr(driver, "_vwa_pgid", None)
    try:
        driver.quit()
    except Exception:
        pass
    if pgid:  # whatever Chromium left behind (a renderer that did not exit with ChromeDriver)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pgid, signal.SIGKILL)
        watchdog().release_group(pgid)
    if profile:
        shutil.rmtree(profile, ignore_errors=True)
        watchdog().release_path(profile)
