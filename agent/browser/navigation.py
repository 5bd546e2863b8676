"""What loading a URL in a tab that already shows a page does."""

from __future__ import annotations

from urllib.parse import urldefrag


def same_document(current: str, url: str) -> bool:
    """Whether loading `url` in a tab showing `current` is a same-document navigation: both are the same
    document and `url` has a fragment, so the browser only scrolls and the page is not loaded again. A tab
    reused for a fresh copy of `url` must leave its page first (about:blank)."""
    target, _fragment = urldefrag(url)
    return "#" in url and urldefrag(current)[0] == target
