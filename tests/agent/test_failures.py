"""Failing and invalid actions give errors the agent can read; a dead browser raises BrowserCrashed;
slow pages are waited for (by condition), and a page that never loads is a readable timeout."""

from __future__ import annotations

import threading
import time
from http.server import BaseHTTPRequestHandler

import pytest

from agent.actions import parse_action
from agent.browser import BrowserCrashed, BrowserEnv
from devtools.local_http import send, serve


def test_invalid_action_text(som_env):
    error = som_env.step(parse_action("dance [3]"))
    assert error.startswith("invalid action") and "unknown action 'dance'" in error
    error = som_env.step(parse_action("press [Ctrl+Nope]"))
    assert "unknown key 'Nope'" in error


def test_unknown_id(som_env, pages):
    som_env.open([pages("basic.html")])
    som_env.observe()
    error = som_env.step(parse_action("click [9999]"))
    assert error == "no element with id [9999] in the current observation"


def test_element_gone_after_navigation(som_env, pages):
    som_env.open([pages("basic.html")])
    som_env.observe()
    button = som_env.resolve_element_id(css="#counter")
    som_env.step(parse_action(f"goto [{pages('second.html')}]"))  # no new observation
    error = som_env.step(parse_action(f"click [{button}]"))
    assert error and "no longer on the page" in error


def test_hidden_element_is_readable_error(som_env, pages):
    som_env.open([pages("basic.html")])
    som_env.observe()
    button = som_env.resolve_element_id(css="#counter")
    som_env.driver.execute_script("document.getElementById('counter').style.display = 'none'")
    error = som_env.step(parse_action(f"click [{button}]"))
    assert error and "hidden or not interactable" in error and "Add to cart" in error


def test_covered_element_is_readable_error(som_env, pages):
    som_env.open([pages("basic.html")])
    som_env.observe()
    button = som_env.resolve_element_id(css="#counter")
    som_env.driver.execute_script(
        "const d = document.createElement('div'); d.id = 'veil';"
        "d.style = 'position:fixed;inset:0;background:rgba(0,0,0,.3);z-index:9';"
        "document.body.appendChild(d)"
    )
    error = som_env.step(parse_action(f"click [{button}]"))
    assert error and "covered by another element" in error
    assert som_env.driver.find_element("id", "status").text == "not clicked"
    assert "[BUTTON] [Add to cart]" not in som_env.observe().text  # covered elements are not marked


def test_goto_unreachable_site(som_env):
    error = som_env.step(parse_action("goto [http://127.0.0.1:9/nothing]"))
    assert error and "could not load http://127.0.0.1:9/nothing" in error
    obs = som_env.observe()  # the error page, named by the URL that failed (as WebDriver does)
    assert obs.url == "http://127.0.0.1:9/nothing" and obs.tabs[-1].url == obs.url
    assert "reached" in obs.text


def test_stop_is_a_no_op(som_env, pages):
    som_env.open([pages("basic.html")])
    assert som_env.step(parse_action("stop [42]")) is None
    assert som_env.observe().url == pages("basic.html")


def test_dead_session_raises_browser_crashed(pages):
    env = BrowserEnv(mode="som")
    try:
        env.open([pages("basic.html")])
        env.driver.quit()  # the session dies under the env
        with pytest.raises(BrowserCrashed, match="session"):
            env.step(parse_action("scroll [down]"))
        with pytest.raises(BrowserCrashed):
            env.observe()
    finally:
        env.close()


class _SlowServer:
    """A threaded HTTP server whose /slow.png answers only when `release` is set."""

    PAGE = b"<!doctype html><title>Slow</title><h1>Slow page</h1><img id='pic' src='/slow.png' width='20' height='20'>"
    PNG = bytes.fromhex(
        "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
        "1f15c4890000000d49444154789c6360f8cf000000030101005cd3e5a80000000049454e44ae426082"
    )

    def __init__(self):
        self.release = threading.Event()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                if self.path.startswith("/fast"):
                    body, kind = (
                        (
                            b"<!doctype html><title>Fast</title><a id='next' href='/page'>Next</a>"
                            b"<form action='/page'><input id='q' name='q'></form>"
                            b"<button id='later' type='button' onclick=\"setTimeout(() => "
                            b'document.forms[0].submit(), 0)">Later</button>'
                        ),
                        "text/html",
                    )
                elif self.path.startswith("/slow.png"):
                    outer.release.wait(30)
                    body, kind = outer.PNG, "image/png"
                else:
                    body, kind = outer.PAGE, "text/html"
                try:
                    send(self, 200, body, kind, {"Cache-Control": "no-store"})
                except OSError:
                    pass  # the browser gave up on the request

        self.server, base = serve(Handler)
        self.url, self.fast_url = f"{base}/page", f"{base}/fast"

    def close(self):
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def slow_server():
    server = _SlowServer()
    yield server
    server.close()


def test_waits_for_a_slow_resource(som_env, slow_server):
    timer = threading.Timer(0.5, slow_server.release.set)
    timer.start()
    start = time.perf_counter()
    assert som_env.step(parse_action(f"goto [{slow_server.url}]")) is None
    assert time.perf_counter() - start >= 0.4  # it did wait for the image
    assert som_env.driver.execute_script("return document.getElementById('pic').naturalWidth") == 1
    timer.cancel()


@pytest.mark.parametrize("action", ["click", "type"])
def test_a_navigation_an_action_starts_is_waited_for(som_env, slow_server, action):
    """A click on a link, or Enter in a form, starts a navigation; the step returns once the new page
    (and its slow image) has loaded, and an observation then shows it."""
    som_env.open([slow_server.fast_url])
    som_env.observe()
    command = (
        f"click [{som_env.resolve_element_id(text='Next')}]"
        if action == "click"
        else f"type [{som_env.resolve_element_id(css='#q')}] [lamp]"
    )
    timer = threading.Timer(0.5, slow_server.release.set)
    timer.start()
    start = time.perf_counter()
    try:
        assert som_env.step(parse_action(command)) is None
        assert time.perf_counter() - start >= 0.4
        assert som_env.driver.execute_script(
            "return [document.readyState, document.getElementById('pic').naturalWidth]"
        ) == ["complete", 1]
        assert "Slow page" in som_env.observe().text
    finally:
        timer.cancel()


def test_a_navigation_queued_by_the_page_right_after_a_click_is_waited_for(som_env, slow_server):
    """The button's handler submits the form from a task it queues (as a form's own submission is queued):
    when ChromeDriver answers the click, no navigation has started yet. The step still returns only once the
    new page has loaded."""
    som_env.open([slow_server.fast_url])
    som_env.observe()
    slow_server.release.set()  # the new page's image comes at once: only the queued start matters
    calls = []
    real = som_env.page.settle
    real_yield = som_env.page.yield_to_page

    def yield_to_page() -> None:
        calls.append("yield")
        real_yield()

    def settle() -> str | None:
        calls.append("settle")
        return real()

    som_env.page.yield_to_page = yield_to_page
    som_env.page.settle = settle
    try:
        assert som_env.step(parse_action(f"click [{som_env.resolve_element_id(text='Later')}]")) is None
    finally:
        del som_env.page.yield_to_page, som_env.page.settle
    # on an idle machine the race is rarely lost even without the yield; that it runs before the settle is
    # what closes it (a loaded CI machine lost it: the step returned on the old page)
    assert calls == ["yield", "settle"]
    assert som_env.driver.execute_script("return location.pathname") == "/page"
    assert "Slow page" in som_env.observe().text


def test_never_loading_page_is_a_timeout_error(som_env, slow_server):
    env = som_env
    env.set_settle_timeout(1.0)
    try:
        error = env.step(parse_action(f"goto [{slow_server.url}]"))
        assert error and "timed out after 1 s" in error
        obs = env.observe()  # the env is still usable
        assert "Slow page" in obs.text
        with pytest.raises(RuntimeError, match="could not open start URL"):
            env.open([slow_server.url + "?again"])
        env.open([slow_server.fast_url])
        env.observe()
        error = env.step(parse_action(f"click [{env.resolve_element_id(text='Next')}]"))
        assert error and error.startswith("click: the page did not finish loading within 1 s")
        assert "Slow page" in env.observe().text
    finally:
        env.set_settle_timeout(10.0)


def test_crashed_tab_raises_browser_crashed():
    with BrowserEnv(mode="accessibility_tree") as env:
        env.open(["about:blank"])
        with pytest.raises(BrowserCrashed, match="crashed"):
            env.step(parse_action("goto [chrome://crash]"))  # Chromium's own renderer-crash page
