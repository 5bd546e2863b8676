"""The stand-in HTTP servers of the tests and benchmarks (model APIs, store APIs, slow pages): `serve(Handler)`
starts a server on a free port of 127.0.0.1 in a daemon thread; a handler writes one whole reply with `send`
(bytes of a content type, optional extra headers) or `send_json`. Standard library only."""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def serve(handler: type[BaseHTTPRequestHandler]) -> tuple[ThreadingHTTPServer, str]:
    """The running server and its base URL (`http://127.0.0.1:PORT`, no slash); `server.shutdown()` returns
    within 20 ms, then `server.server_close()`."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def send(
    handler: BaseHTTPRequestHandler,
    status: int,
    body: bytes,
    content_type: str,
    headers: Mapping[str, str] | None = None,
) -> None:
    handler.send_response(status)
    handler.send_header("Content-Type", content_type)
    handler.send_header("Content-Length", str(len(body)))
    for name, value in (headers or {}).items():
        handler.send_header(name, value)
    handler.end_headers()
    handler.wfile.write(body)


def send_json(handler: BaseHTTPRequestHandler, status: int, value: object) -> None:
    send(handler, status, json.dumps(value).encode(), "application/json")
