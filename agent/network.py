"""An episode's network log, from ChromeDriver's performance log (Chrome DevTools `Network.*` events).

A browser started with `performance_log=True` (agent.browser.driver) buffers the DevTools events of its tabs; each
`read_requests(driver)` takes them out of the buffer and folds them into one record per request hop:

    {"t": 1718000000.123, "method": "POST", "url": "http://.../index.php", "type": "Document", "status": 302,
     "form": {"page": ["item"], "action": ["item_add_post"], ...}}

with `form` for a URL-encoded POST body (fields named like a password or a CSRF token are redacted), `body`
(at most 2,000 characters) for another POST body, `error` for a request that failed, and `redirected_to` on
a hop answered by a redirect. `data:` URLs are left out. `write_log` / `read_log` store the records as
gzipped JSON lines (a few KB per episode), which `python -m evaluation.rescore` reads.
"""

from __future__ import annotations

import base64
import gzip
import json
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from selenium.webdriver.remote.webdriver import WebDriver

BODY_LIMIT = 2000
_REDACTED = "(redacted)"
# A DevTools event's params and a request record are JSON objects (records: the keys of the module's docstring).
JSON = dict[str, Any]


def _secret(field: str) -> bool:
    name = field.lower()
    return "pass" in name or "csrf" in name or "token" in name


def _entries(driver: WebDriver) -> list[JSON]:
    """The buffered performance log entries (the buffer is emptied); works on a local driver and on a grid."""
    entries: list[JSON] = driver.execute("getLog", {"type": "performance"})["value"] or []
    return entries


def drain(driver: WebDriver) -> None:
    """Drop what the browser logged so far (the login before an episode, the scoring after the last one)."""
    _entries(driver)


def _post_body(request: JSON) -> str | None:
    if request.get("postData") is not None:
        body: str = request["postData"]  # DevTools: a string
        return body
    entries = request.get("postDataEntries") or []
    if not entries:
        return None
    raw = b"".join(base64.b64decode(e.get("bytes", "")) for e in entries if isinstance(e, dict))
    return raw.decode("utf-8", "replace")


def _content_type(headers: JSON) -> str:
    for key, value in (headers or {}).items():
        if key.lower() == "content-type":
            return str(value).lower()
    return ""


def _hop(params: JSON) -> JSON:
    request = params.get("request") or {}
    hop: JSON = {
        "t": params.get("wallTime"),
        "method": request.get("method"),
        "url": request.get("url"),
        "type": params.get("type"),
        "status": None,
    }
    body = _post_body(request)
    if body is not None:
        if "application/x-www-form-urlencoded" in _content_type(request.get("headers") or {}):
            form = parse_qs(body, keep_blank_values=True)
            hop["form"] = {k: [_REDACTED] * len(v) if _secret(k) else v for k, v in form.items()}
        else:
            hop["body"] = body[:BODY_LIMIT]
    return hop


def fold_events(entries: list[JSON]) -> list[JSON]:
    """Performance log entries -> request records in the order the requests were sent."""
    hops: list[JSON] = []
    open_hop: dict[str, JSON] = {}  # DevTools requestId -> its latest hop (redirects reuse the id)
    for entry in entries:
        try:
            message = json.loads(entry["message"])["message"]
        except (KeyError, TypeError, ValueError):
            continue
        method, params = message.get("method"), message.get("params") or {}
        rid = params.get("requestId")
        if not isinstance(rid, str):  # every Network event of a request names it
            continue
        if method == "Network.requestWillBeSent":
            url = (params.get("request") or {}).get("url") or ""
            if url.startswith("data:"):
                continue
            previous = open_hop.get(rid)
            if previous is not None and params.get("redirectResponse"):
                previous["status"] = params["redirectResponse"].get("status")
                previous["redirected_to"] = url
            hop = _hop(params)
            hops.append(hop)
            open_hop[rid] = hop
        elif method == "Network.responseReceived" and rid in open_hop:
            open_hop[rid]["status"] = (params.get("response") or {}).get("status")
        elif method == "Network.loadingFailed" and rid in open_hop:
            open_hop[rid]["error"] = params.get("errorText") or "failed"
    return [{k: v for k, v in hop.items() if v is not None or k == "status"} for hop in hops]


def read_requests(driver: WebDriver) -> list[JSON]:
    return fold_events(_entries(driver))


def write_log(path: Path, requests: list[JSON]) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.part")
    with gzip.open(tmp, "wt", encoding="utf-8") as out:
        for request in requests:
            out.write(json.dumps(request, ensure_ascii=False, separators=(",", ":")) + "\n")
    tmp.replace(path)
    return path


def read_log(path: Path) -> list[JSON]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def documents(requests: list[JSON]) -> list[JSON]:
    """The page loads of an episode (top-level and frame documents), in order."""
    return [r for r in requests if r.get("type") == "Document"]


def form_posts(requests: list[JSON]) -> list[JSON]:
    return [r for r in requests if r.get("method") == "POST"]
