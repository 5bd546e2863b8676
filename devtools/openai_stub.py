"""A local OpenAI-compatible server: real HTTP on 127.0.0.1, scripted replies, recorded requests. It stands in
for a model API where none is wanted: the tests of the model agents, judges and captioners, and the
benchmarks' episode timings (benchmarks/bench_episode.py). Standard library only.

    stub = OpenAIStub()              # starts on a free port
    stub.reply("click [3]")          # next chat completion answers this text
    stub.fail(429)                   # next request gets HTTP 429 (then the queue goes on)
    client = openai.OpenAI(base_url=stub.base_url, api_key="test")
    ...
    stub.requests                    # JSON bodies received, in order
    stub.close()

With an empty queue the server answers `default_reply` (or HTTP 500 when that is None).
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from http.server import BaseHTTPRequestHandler

from devtools.local_http import send_json, serve


class OpenAIStub:
    def __init__(self, default_reply: str | None = None):
        self.default_reply = default_reply
        self.requests: list[dict] = []
        self.paths: list[str] = []
        self._queue: deque[tuple[str, str | int | None]] = deque()  # ("reply", text) or ("status", code)
        self._lock = threading.Lock()
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _send(self, status: int, body: dict):
                send_json(self, status, body)

            def do_GET(self):
                if self.path.rstrip("/").endswith("/models"):
                    self._send(200, {"object": "list", "data": [{"id": "stub-model", "object": "model"}]})
                else:
                    self._send(404, {"error": {"message": f"no route {self.path}"}})

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                try:
                    body = json.loads(raw or b"{}")
                except ValueError:
                    self._send(400, {"error": {"message": "body is not JSON"}})
                    return
                with stub._lock:
                    stub.requests.append(body)
                    stub.paths.append(self.path)
                    item = stub._queue.popleft() if stub._queue else ("reply", stub.default_reply)
                _kind, value = item
                if isinstance(value, int) or value is None:  # a scripted status, or no reply left
                    status = value if isinstance(value, int) else 500
                    self._send(status, {"error": {"message": f"stub error {status}", "type": "stub", "code": status}})
                    return
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    self._send(404, {"error": {"message": f"no route {self.path}"}})
                    return
                prompt_tokens = max(1, len(json.dumps(body.get("messages", []))) // 4)
                completion_tokens = max(1, len(value) // 4)
                self._send(
                    200,
                    {
                        "id": f"chatcmpl-stub-{len(stub.requests)}",
                        "object": "chat.completion",
                        "created": int(time.time()),
                        "model": body.get("model", "stub-model"),
                        "choices": [
                            {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": value}}
                        ],
                        "usage": {
                            "prompt_tokens": prompt_tokens,
                            "completion_tokens": completion_tokens,
                            "total_tokens": prompt_tokens + completion_tokens,
                        },
                    },
                )

        self._server, address = serve(Handler)
        self.base_url = f"{address}/v1"

    def reply(self, *texts: str) -> OpenAIStub:
        with self._lock:
            self._queue.extend(("reply", t) for t in texts)
        return self

    def fail(self, status: int, times: int = 1) -> OpenAIStub:
        with self._lock:
            self._queue.extend(("status", status) for _ in range(times))
        return self

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
