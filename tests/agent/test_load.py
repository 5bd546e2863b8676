"""Waits that account for load without the lag of the 1-minute average: runnable processes now and live
Chromium browsers per core; renderer timeouts of a starved browser retried in place."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from selenium.common.exceptions import TimeoutException, WebDriverException

from agent import load
from agent.load import browser_pids, load_factor, retry_slow_renderer, runnable_now

RENDERER = "timeout: Timed out receiving message from renderer: 10.000\n  (Session info: chrome=156)"


def test_runnable_processes_now_leave_the_reader_out(tmp_path):
    (tmp_path / "loadavg").write_text("0.31 0.40 0.52 9/412 70123\n")
    assert runnable_now(tmp_path / "loadavg") == 8
    (tmp_path / "garbled").write_text("0.31\n")
    assert runnable_now(tmp_path / "garbled") is None and runnable_now(tmp_path / "absent") is None


def test_browsers_are_counted_by_their_main_process_only(tmp_path):
    def proc(pid, *argv):
        (tmp_path / str(pid)).mkdir()
        (tmp_path / str(pid) / "cmdline").write_bytes(b"\0".join(a.encode() for a in argv) + b"\0")

    proc(10, "/usr/lib/chromium/chromium", "--headless=new", "--user-data-dir=/tmp/vwa-chrome-1")
    proc(11, "/usr/lib/chromium/chromium", "--type=renderer", "--lang=en")
    proc(12, "/usr/lib/chromium/chromium", "--type=gpu-process")
    proc(13, "/usr/bin/chromedriver", "--port=4444")
    proc(14, "/opt/google/chrome/chrome", "--headless")
    proc(15)  # a kernel thread: empty command line
    (tmp_path / "self").mkdir()
    assert sorted(browser_pids(tmp_path)) == [10, 14] and load.live_browsers(tmp_path) == 2


def test_the_factor_follows_demand_now_not_a_minute_ago():
    # eight browsers starting on two idle-looking cores: the 1-minute average has not seen them yet
    assert load_factor({"cores": 2, "runnable": 9, "browsers": 8, "loadavg_1min": 0.3}) == 4.5
    assert load_factor({"cores": 2, "runnable": 1, "browsers": 8, "loadavg_1min": 0.3}) == 4.0
    assert load_factor({"cores": 2, "runnable": 0, "browsers": 0, "loadavg_1min": 5.0}) == 2.5  # a busy minute
    assert load_factor({"cores": 2, "runnable": 0, "browsers": 1, "loadavg_1min": 0.1}) == 1.0  # never shorter
    assert load_factor({"cores": 1, "runnable": 40, "browsers": 0, "loadavg_1min": None}) == load.MAX_FACTOR


@pytest.mark.browser
def test_a_live_browser_is_counted():
    from agent.browser.driver import create_driver, quit_driver

    driver = create_driver((800, 600))
    try:
        ours = [pid for pid in browser_pids() if os.getpgid(pid) == driver._vwa_pgid]  # type: ignore[attr-defined]
        assert len(ours) == 1, browser_pids()
        assert b"--type=" not in Path(f"/proc/{ours[0]}/cmdline").read_bytes()
    finally:
        quit_driver(driver)


def test_renderer_timeouts_are_retried_in_place_others_are_not():
    calls: list = []
    retried: list = []

    def flaky():
        calls.append(1)
        if len(calls) < 3:
            raise TimeoutException(RENDERER)
        return "page"

    assert retry_slow_renderer(flaky, on_retry=retried.append) == "page" and len(calls) == 3 and len(retried) == 2

    def always():
        raise TimeoutException(RENDERER)

    with pytest.raises(TimeoutException, match="renderer"):
        retry_slow_renderer(always, attempts=2)
    down = []

    def refused():
        down.append(1)
        raise WebDriverException("unknown error: net::ERR_CONNECTION_REFUSED")

    with pytest.raises(WebDriverException, match="REFUSED"):
        retry_slow_renderer(refused)
    assert len(down) == 1  # a site that is down is not a slow renderer


def test_login_page_load_is_retried_with_twice_the_time():
    from evaluation.running.login import _get

    class Timeouts:
        page_load = 10.0

    class Driver:
        timeouts = Timeouts()

        def __init__(self):
            self.loads, self.scripts = [], []

        def get(self, url):
            self.loads.append((url, self.timeouts.page_load))
            if len(self.loads) == 1:
                raise TimeoutException(RENDERER)

        def execute_script(self, script):
            self.scripts.append(script)

        def set_page_load_timeout(self, seconds):
            self.timeouts.page_load = seconds

    driver = Driver()
    _get(driver, "http://127.0.0.1:1/index.php?page=login")
    assert driver.loads == [
        ("http://127.0.0.1:1/index.php?page=login", 10.0),
        ("http://127.0.0.1:1/index.php?page=login", 20.0),
    ]
    assert driver.scripts == ["window.stop()"]
