"""The agent's browser reaches only its task's sites (issue 32).

Each episode's tabs live in a Chromium browser context of their own (DevTools `Target.createBrowserContext`
over the browser-level socket), whose proxy settings hold every request of the context to an allow-list in
Chromium's own network stack: the allowed origins are on `proxyBypassList` and go direct; everything else,
loopback included (`<-loopback>` removes Chromium's implicit loopback bypass), goes to "the gate", a refusing
HTTP proxy on 127.0.0.1 in this process, which answers a short harness page (403) and records the URL.
That covers navigations, links, form posts, every redirect hop, popups (a popup stays in its opener's
context), frames and page scripts' fetch/XHR/WebSocket alike. What a proxy does not see (file:, chrome:,
view-source:, data:, ...) is held by the env: `goto` refuses a URL off the list before navigating, and after
every action a tab found on an off-limits URL is sent to about:blank. Downloads are denied in every context.

    env.confine(["http://127.0.0.1:9980"])     # a context for this rule set (kept, LRU), cookies cleared
    env.step(parse_action("goto [file:///etc/passwd]"))   # None: refused, the page does not change
    env.take_refused()                          # ["file:///etc/passwd"]
    with env.harness(): ...                     # the harness's own work: not policed, not recorded
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

from agent.browser.devtools import DevToolsError, DevToolsUnavailable
from agent.browser.reads import Channel
from agent.browser.session import Session
from agent.browser.settle import Page
from agent.browser.tabs import Tabs

MAX_CONTEXTS = 4  # browser contexts kept, one per rule set, least recently used dropped first
MAX_KEPT = 200  # refusals kept between two take_refused() calls
REFUSED_TITLE = "Outside this task's sites"
_PAGE = (
    f"<!doctype html><html><head><title>{REFUSED_TITLE}</title></head><body><h1>{REFUSED_TITLE}</h1></body></html>"
).encode()
_LOOPBACK_NAMES = ("127.0.0.1", "localhost")
_DEFAULT_PORTS = {"http": 80, "https": 443}

Origin = tuple[str, str, int]  # scheme, canonical host, port


def canonical_host(host: str) -> str:
    """A host as the network sees it: lower case, no brackets, IP addresses in their one canonical spelling
    (decimal, octal and hex forms of IPv4 as Chromium's URL parser reads them, so `2130706433` and `0x7f.1`
    are 127.0.0.1). A trailing dot is kept: `localhost.` is not an allowed spelling."""
    text = host.strip().lower()
    if text.startswith("[") and text.endswith("]"):
        text = text[1:-1]
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        pass
    if text and all(part for part in text.split(".")) and not text.endswith("."):
        with contextlib.suppress(OSError):
            if all(_is_number(part) for part in text.split(".")):
                return socket.inet_ntoa(socket.inet_aton(text))
    return text


def _is_number(part: str) -> bool:
    lowered = part.lower()
    if lowered.startswith("0x"):
        return all(c in "0123456789abcdef" for c in lowered[2:])
    return part.isdigit()


def origin_of(url: str) -> Origin | None:
    """The (scheme, canonical host, port) of an http(s) URL; None for any other scheme or a malformed URL."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS or not parts.hostname:
        return None
    return scheme, canonical_host(parts.hostname), port or _DEFAULT_PORTS[scheme]


def allowed_origins(urls: Iterable[str]) -> frozenset[Origin]:
    """The origins of `urls`, a loopback one in both its 127.0.0.1 and localhost spellings."""
    allowed: set[Origin] = set()
    for url in urls:
        origin = origin_of(url)
        if origin is None:
            raise ValueError(f"not an http(s) origin: {url!r}")
        scheme, host, port = origin
        hosts = _LOOPBACK_NAMES if host in _LOOPBACK_NAMES else (host,)
        allowed.update((scheme, h, port) for h in hosts)
    return frozenset(allowed)


def bypass_list(allowed: Iterable[Origin]) -> str:
    """Chromium's proxyBypassList: no implicit loopback bypass, then exactly the allowed origins."""
    rules = [f"{scheme}://{f'[{host}]' if ':' in host else host}:{port}" for scheme, host, port in sorted(allowed)]
    return ";".join(["<-loopback>", *rules])


def may_load(url: str, allowed: frozenset[Origin]) -> bool:
    """Whether a tab may show `url`: about:blank, an allowed origin (a blob of one), or Chromium's error page
    (which shows only the address that failed)."""
    text = url.strip()
    lowered = text.lower()
    if lowered == "about:blank" or lowered.startswith(("about:blank#", "about:blank?", "chrome-error://")):
        return True
    if lowered.startswith("blob:"):
        text = text[5:]
    origin = origin_of(text)
    return origin is not None and origin in allowed


def refusal_line(urls: list[str], shown: int = 3) -> str:
    """The one line an agent reads about its refused addresses."""
    named = ", ".join(u if len(u) <= 200 else u[:200] + "..." for u in urls[:shown])
    more = f" (and {len(urls) - shown} more)" if len(urls) > shown else ""
    return f"refused: {named}{more} {'is' if len(urls) == 1 else 'are'} outside this task's sites"


class Gate:
    """The refusing proxy: a thread serving 127.0.0.1:<free port>; every request it receives is refused with
    a short page (CONNECT with a bare 403) and its URL recorded, unless the harness is at work."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._refused: list[str] = []
        self.quiet = False  # the harness is at work: requests are still refused, not recorded
        gate = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: object) -> None:
                pass

            def _refuse(self) -> None:
                url = f"https://{self.path}" if self.command == "CONNECT" else self.path
                if urlsplit(url).path != "/favicon.ico":  # the browser's own request for the refused page
                    gate.record(url)
                body = b"" if self.command in ("CONNECT", "HEAD") else _PAGE
                self.send_response(403, REFUSED_TITLE)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(_PAGE) if self.command == "HEAD" else len(body)))
                self.send_header("Cache-Control", "no-store")
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(body)
                self.close_connection = True

            do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = do_OPTIONS = do_CONNECT = _refuse

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.port = int(self._server.server_address[1])
        self._thread = threading.Thread(target=self._server.serve_forever, name="vwa-gate", daemon=True)
        self._thread.start()

    @property
    def proxy(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def record(self, url: str) -> None:
        with self._lock:
            if not self.quiet and len(self._refused) < MAX_KEPT:
                self._refused.append(url)

    def take(self) -> list[str]:
        with self._lock:
            taken, self._refused = self._refused, []
        return taken

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


class Sandbox:
    """The env's confinement: one browser context per rule set, the gate, and the checks of the env's own."""

    def __init__(self, session: Session, tabs: Tabs, channel: Channel, page: Page, enabled: bool):
        self._session = session
        self._tabs = tabs
        self._channel = channel
        self._page = page
        self._enabled = enabled
        self._gate: Gate | None = None
        self._contexts: OrderedDict[frozenset[Origin], str] = OrderedDict()
        self._allowed: frozenset[Origin] | None = None
        self._refused: list[str] = []
        self._harness_depth = 0

    @property
    def enabled(self) -> bool:
        return self._enabled

    @property
    def allowed(self) -> frozenset[Origin] | None:
        """The origins of the current rule set (None: not confined)."""
        return self._allowed

    def start(self) -> None:
        if not self._enabled:
            return
        self._session.connect_browser()  # the browser-level socket (a local Chromium)
        self._gate = Gate()
        try:
            self._deny_downloads(None)
        except Exception as exc:  # a grid node without the Browser domain: the env's own checks only
            self._session.check_alive(exc)

    def stop(self) -> None:
        if self._gate is not None:
            self._gate.close()

    def _deny_downloads(self, context: str | None) -> None:
        params: dict[str, Any] = {"behavior": "deny", **({"browserContextId": context} if context else {})}
        self._session.browser_call("Browser.setDownloadBehavior", params)

    # ---- the allow-list -----------------------------------------------------------------------------
    def confine(self, origins: Iterable[str]) -> None:
        """Hold the agent's browser to `origins` from now on: its tabs move to a context of that rule set (one
        tab, the others closed) whose cookies and site storage are cleared. Under a new rule set that tab is a
        new blank one; under the current one it is the agent's first tab, kept (a new tab and a closed one
        cost a quarter of a second of a busy machine), which forgets its history when the next episode opens
        its start pages in it (BrowserEnv.open)."""
        allowed = allowed_origins(origins)
        self._allowed = allowed
        self._refused = []
        if not self._enabled:
            return
        if self._gate is not None:
            self._gate.take()
        if self._session.browser is None:  # a Selenium Grid: the env's own checks only (README: security)
            return
        context = self._contexts.get(allowed)
        if context is None:
            context = self._session.browser_call(
                "Target.createBrowserContext",
                {
                    "disposeOnDetach": True,
                    "proxyServer": self._gate.proxy if self._gate else "",
                    "proxyBypassList": bypass_list(allowed),
                },
            )["browserContextId"]
            self._deny_downloads(context)
            self._contexts[allowed] = context
        self._contexts.move_to_end(allowed)
        self._tabs.move_to_context(context, self._tabs.window_handles())
        self._clear_site_data(context, allowed)
        while len(self._contexts) > MAX_CONTEXTS:
            _, old = self._contexts.popitem(last=False)
            with contextlib.suppress(DevToolsError, DevToolsUnavailable):
                self._session.browser_call("Target.disposeBrowserContext", {"browserContextId": old})

    def _clear_site_data(self, context: str, allowed: frozenset[Origin]) -> None:
        """No cookie of the context, and no storage (local and session storage, IndexedDB, caches, service
        workers) of the origins its tabs may load, is left from an earlier task."""
        self._session.browser_call("Storage.clearCookies", {"browserContextId": context})
        for scheme, host, port in sorted(allowed):
            shown = f"[{host}]" if ":" in host else host
            self._channel.cdp_tab(
                "Storage.clearDataForOrigin", {"origin": f"{scheme}://{shown}:{port}", "storageTypes": "all"}
            )

    def may_load(self, url: str) -> bool:
        return self._allowed is None or self._harness_depth > 0 or may_load(url, self._allowed)

    def refuse_goto(self, url: str) -> bool:
        """Whether a goto to `url` is refused (recorded; the page does not change)."""
        if self.may_load(url):
            return False
        self._note(url)
        return True

    def _note(self, url: str) -> None:
        if len(self._refused) < MAX_KEPT:
            self._refused.append(url)

    def police(self, targets: dict[str, dict[str, Any]] | None, check_window: bool = True) -> bool:
        """Send every tab found on an off-limits URL to about:blank (recorded); whether one was. `targets`: the
        browser's pages with their URLs (Tabs.page_targets; None: each tab's URL is asked of WebDriver).
        `check_window`: make sure WebDriver is back on the focused tab (an action that failed half-way may have
        left it elsewhere); else only where this method itself switched."""
        if self._allowed is None or self._harness_depth > 0:
            return False
        offending = []
        switched = False
        for handle in self._tabs.handles:
            info = targets.get(handle) if targets is not None else None
            if info is not None:
                url = info.get("url", "")
            else:
                self._session.switch(handle)
                switched = True
                url = self._session.driver.current_url
            if not may_load(url, self._allowed):
                offending.append((handle, url))
        for handle, url in offending:
            self._note(url)
            self._session.switch(handle)
            self._session.driver.get("about:blank")
        if offending:
            self._session.switch(self._tabs.focused_handle)
            self._page.note_location(self._session.driver.current_url, self._session.driver.title)
        elif switched or (check_window and self._session.driver.current_window_handle != self._tabs.focused_handle):
            self._session.switch(self._tabs.focused_handle)
        return bool(offending)

    def take_refused(self) -> list[str]:
        """The addresses refused since the last call (the env's own checks first, then the gate's), each once."""
        taken = self._refused + (self._gate.take() if self._gate is not None else [])
        self._refused = []
        return list(dict.fromkeys(taken))

    @contextlib.contextmanager
    def harness(self) -> Iterator[None]:
        """The harness's own work (login, scoring, proofs): not policed and not recorded."""
        self._harness_depth += 1
        if self._gate is not None:
            self._gate.quiet = True
        try:
            yield
        finally:
            self._harness_depth -= 1
            if self._gate is not None and self._harness_depth == 0:
                self._gate.quiet = False
