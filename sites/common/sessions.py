"""Sessions that end: at logout, and at every reset of the site.

Flask's sessions are signed cookies kept by the browser, so the server alone cannot end one: a cookie copied
before a logout would still be signed, and after a reset (a pristine database swapped in) a cookie naming user 31
would name whoever registers as user 31 next. Each site process therefore keeps a small registry:

- a login is a random session id the registry knows; logging out forgets that id, so every copy of the cookie
  is logged out;
- every session carries the registry's epoch; a reset starts a new epoch and forgets every login, so each
  cookie from before the reset is emptied on its next request (guest carts, form tokens and the last order
  id included).

The registry is in memory: a restarted site process has forgotten every session too (its database is a fresh
pristine copy).
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from flask import Flask, Response, abort, current_app, request, session

from sites.common.tokens import tokens_equal

MAX_LOGINS = 100_000  # live logins kept per process; the oldest is forgotten past this
EPOCH_KEY, LOGIN_KEY = "_epoch", "_sid"


@dataclass
class SessionRegistry:
    limit: int = MAX_LOGINS
    epoch: str = field(default_factory=lambda: secrets.token_hex(8))
    _logins: OrderedDict[str, int] = field(default_factory=OrderedDict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def start(self, user_id: int) -> str:
        sid = secrets.token_urlsafe(18)
        with self._lock:
            self._logins[sid] = user_id
            while len(self._logins) > self.limit:
                self._logins.popitem(last=False)
        return sid

    def alive(self, sid: object, user_id: object) -> bool:
        with self._lock:
            return isinstance(sid, str) and sid in self._logins and self._logins[sid] == user_id

    def end(self, sid: object) -> None:
        if not isinstance(sid, str):  # a cookie's value: no login of ours
            return
        with self._lock:
            self._logins.pop(sid, None)

    def end_all(self) -> None:
        """A reset: every login and every session from before it ends."""
        with self._lock:
            self._logins.clear()
            self.epoch = secrets.token_hex(8)


def install(app: Flask, user_key: str) -> SessionRegistry:
    """Check every request's session against the registry: a session from an older epoch, or one naming a user
    (`session[user_key]`) without a live login, is emptied before the view runs."""
    registry = app.extensions["session_registry"] = SessionRegistry()
    app.extensions["session_user_key"] = user_key

    @app.before_request
    def _check_session() -> None:
        if not session:
            return
        stale = session.get(EPOCH_KEY) != registry.epoch
        if stale or (user_key in session and not registry.alive(session.get(LOGIN_KEY), session.get(user_key))):
            session.clear()

    @app.after_request
    def _stamp_session(response: Response) -> Response:
        if session and session.get(EPOCH_KEY) != registry.epoch:
            session[EPOCH_KEY] = registry.epoch
        return response

    return registry


def registry() -> SessionRegistry:
    found: SessionRegistry = current_app.extensions["session_registry"]
    return found


def begin_login(user_id: int, keep: tuple[str, ...] = ()) -> None:
    """Start a new session for `user_id` (a new id: whatever the old cookie held is gone, except `keep`)."""
    kept = {k: session[k] for k in keep if k in session}
    reg = registry()
    reg.end(session.get(LOGIN_KEY))
    session.clear()
    session.update(kept)
    session[current_app.extensions["session_user_key"]] = user_id
    session[LOGIN_KEY] = reg.start(user_id)
    session[EPOCH_KEY] = reg.epoch


def end_login() -> None:
    """Log out: this login ends for every copy of the cookie."""
    registry().end(session.get(LOGIN_KEY))
    session.clear()


def end_all_sessions() -> None:
    registry().end_all()


def harness_login(
    reset_token: str, find_user: Callable[[str], int | None], start: Callable[[int], None] = begin_login
) -> dict[str, bool]:
    """The view of `POST /__session` (token=RESET_TOKEN, user=NAME): a session for that account, as a login
    through the form would start, for the harness that resets the site before every task (a reset ends every
    session) and must not pay a form login and a password hash each time. The token is the reset token: whoever
    holds it can already reset the site; the agent's browser never sees it."""
    if not tokens_equal(request.form.get("token", ""), reset_token):
        abort(403, description="wrong or missing token")
    user_id = find_user(request.form.get("user", "").strip())
    if user_id is None:
        abort(404, description="no such account")
    start(user_id)
    return {"session": True}
