"""Comparing a secret sent by a client (a form's CSRF token, the reset token, a bearer token) with the expected
one in constant time.

`secrets.compare_digest` raises TypeError on a str that is not ASCII, so a client could turn any token check into
a 500 by sending `token=%C3%A9`. Both sides are compared as UTF-8 bytes instead: any text is a wrong token, never
an error.
"""

from __future__ import annotations

import hmac


def _as_bytes(value: object) -> bytes:
    if isinstance(value, bytes):
        return value
    # surrogatepass: a str from a lenient decoder may hold lone surrogates; they are still just a wrong token
    return str(value).encode("utf-8", "surrogatepass")


def tokens_equal(sent: object, expected: object) -> bool:
    """True when `sent` equals `expected` (str or bytes); an empty or missing expected token matches nothing."""
    if not expected or sent is None:
        return False
    return hmac.compare_digest(_as_bytes(sent), _as_bytes(expected))
