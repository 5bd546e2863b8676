"""Where a form may send the browser afterwards: the one check every site uses for a redirect target that comes
from the request (the store's `return`, the forum's `next`).

A target is used only when it is a path on the same site: it starts with a single `/`, has no scheme or host,
no backslash, and no control character at all. Browsers drop tabs and line breaks from a URL before they read
it, so `/\t/evil.example` would become `//evil.example` (another host), and Werkzeug refuses a line break in a
header (a 500 after the form's change was saved); such targets are refused whole, not cleaned. Anything else
gives the caller's default. Characters outside ASCII are percent-encoded (UTF-8), so the Location header is
plain ASCII.
"""

from __future__ import annotations

from urllib.parse import quote, urlsplit

MAX_TARGET = 2000
# reserved and unreserved URL characters that stay as they are ('%' keeps existing escapes)
_KEEP = "/?#[]@!$&'()*+,;=:-._~%"


def _has_control(text: str) -> bool:
    return any(ord(ch) < 0x20 or 0x7F <= ord(ch) <= 0x9F for ch in text)


def local_target(raw: str | None, default: str) -> str:
    """`raw` when it is a safe path on this site (non-ASCII percent-encoded), else `default`."""
    target = (raw or "").strip(" ")
    if not target or len(target) > MAX_TARGET or _has_control(target) or "\\" in target:
        return default
    if not target.startswith("/") or target.startswith("//"):
        return default
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return default
    return quote(target, safe=_KEEP)
