"""Login throttle shared by the embedded sites: failed sign-ins are counted per account and per client
address over a sliding window; past the limit, further attempts are refused *before* any password hash is
computed (a burst of wrong passwords then costs nothing), with a message saying how long to wait.

One instance per site process (in memory: a site restart or its reset endpoint clears it). Thread-safe,
since waitress serves requests on several threads.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

ACCOUNT_LIMIT = 5  # failed sign-ins per account per window
ADDRESS_LIMIT = 30  # failed sign-ins per client address per window (many accounts from one place)
WINDOW_S = 300.0


@dataclass
class LoginThrottle:
    account_limit: int = ACCOUNT_LIMIT
    address_limit: int = ADDRESS_LIMIT
    window_s: float = WINDOW_S
    clock: Callable[[], float] = time.monotonic
    _fails: dict[tuple[str, str], deque[float]] = field(default_factory=dict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def _recent(self, key: tuple[str, str], now: float) -> deque[float]:
        stamps = self._fails.get(key)
        if stamps is None:
            return deque()
        while stamps and now - stamps[0] >= self.window_s:
            stamps.popleft()
        if not stamps:
            del self._fails[key]
        return stamps

    def refusal(self, account: str, address: str) -> str | None:
        """None when an attempt may go ahead; otherwise the message to show (the attempt is not checked)."""
        now = self.clock()
        with self._lock:
            for kind, value, limit in (
                ("account", account.strip().lower(), self.account_limit),
                ("address", address, self.address_limit),
            ):
                stamps = self._recent((kind, value), now)
                if len(stamps) >= limit:
                    wait = max(1, int(self.window_s - (now - stamps[0]) + 0.999))
                    who = "this account" if kind == "account" else "your address"
                    return f"Too many failed sign-in attempts for {who}. Please wait {wait} seconds and try again."
        return None

    def failed(self, account: str, address: str) -> None:
        now = self.clock()
        with self._lock:
            for key in (("account", account.strip().lower()), ("address", address)):
                self._fails.setdefault(key, deque()).append(now)
                self._recent(key, now)

    def succeeded(self, account: str) -> None:
        """A correct password clears the account's count (the address keeps its failures)."""
        with self._lock:
            self._fails.pop(("account", account.strip().lower()), None)

    def clear(self) -> None:
        with self._lock:
            self._fails.clear()


def login_throttle() -> LoginThrottle:
    """The current Flask application's throttle (created on first use)."""
    from flask import current_app

    throttle: LoginThrottle = current_app.extensions.setdefault("login_throttle", LoginThrottle())
    return throttle


def client_address() -> str:
    """The requesting address as the WSGI server reports it (no proxy headers are trusted)."""
    from flask import request

    return request.remote_addr or "unknown"
