"""Text from a request made safe for a one-line log record: control characters (line breaks, NUL, escape,
DEL, C1) and backslashes are written as `\\xNN` escapes, so a request cannot forge a line or write a NUL."""

from __future__ import annotations


def escape_controls(text: str | None) -> str:
    if not text:
        return ""
    out = []
    for ch in text:
        code = ord(ch)
        if code < 0x20 or 0x7F <= code <= 0x9F or ch == "\\":
            out.append(f"\\x{code:02x}")
        else:
            out.append(ch)
    return "".join(out)
