"""A fake Docker Engine: the HTTP API the `docker` SDK speaks, served on a unix socket, recording every call.

There is no Docker engine on the test machine, so the stack logic is driven through the REAL `docker`
SDK against this server. It keeps images, containers, networks and execs in memory and implements
only the endpoints the stack uses. Scripted behaviour:

- `engine.images`: the set of image names present (a name without a tag means `:latest`).
- `engine.health_plan[name] = (n, final)`: after start, the container's health is "starting" for its
  first `n` inspections, then `final` ("healthy" or "unhealthy"). Without a plan: healthy at once.
- `engine.exec_results[substring] = (exit_code, output)`: the first exec whose command line contains
  the substring gets that result (default: exit 0, "ok").
- `engine.logs[name]`: the log text of a container.

`engine.calls` holds `Call(method, path, query, body)` for every request, API version prefix removed.
"""

from __future__ import annotations

import fcntl
import json
import re
import socketserver
import struct
import termios
import threading
import time
import uuid
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

API_VERSION = "1.43"


@dataclass
class Call:
    method: str
    path: str
    query: dict[str, list[str]]
    body: object


@dataclass
class FakeContainer:
    id: str
    name: str
    image: str
    config: dict
    status: str = "created"
    inspections_since_start: int = 0
    exit_code: int = 0


@dataclass
class FakeExec:
    id: str
    container: str
    cmd: list[str]
    env: list[str]
    exit_code: int | None = None
    output: str = ""


def _norm_image(name: str) -> str:
    last = name.rsplit("/", 1)[-1]
    return name if ":" in last or "@" in last else name + ":latest"


class _Server(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    daemon_threads = True
    allow_reuse_address = True


@dataclass
class FakeEngine:
    socket_path: Path
    images: set[str] = field(default_factory=set)
    health_plan: dict[str, tuple[int, str]] = field(default_factory=dict)
    exec_results: dict[str, tuple[int, str]] = field(default_factory=dict)
    logs: dict[str, str] = field(default_factory=dict)
    calls: list[Call] = field(default_factory=list)
    containers: dict[str, FakeContainer] = field(default_factory=dict)
    networks: dict[str, dict] = field(default_factory=dict)
    execs: dict[str, FakeExec] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.lock = threading.Lock()
        engine = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):  # quiet
                pass

            def address_string(self):
                return "unix"

            def _handle(self):
                engine._dispatch(self)

            do_GET = do_POST = do_DELETE = do_HEAD = do_PUT = _handle

        self._server = _Server(str(self.socket_path), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)

    @property
    def base_url(self) -> str:
        return "unix://" + str(self.socket_path)

    def start(self) -> FakeEngine:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    # -- helpers for tests -------------------------------------------------------------------
    def add_image(self, *names: str) -> None:
        self.images.update(_norm_image(n) for n in names)

    def add_container(self, name: str, image: str, status: str = "running") -> FakeContainer:
        c = FakeContainer(id=uuid.uuid4().hex, name=name, image=image, config={}, status=status)
        self.containers[c.id] = c
        return c

    def by_name(self, name: str) -> FakeContainer | None:
        for c in self.containers.values():
            if c.name == name or c.id == name or (len(name) >= 12 and c.id.startswith(name)):
                return c
        return None

    def call_log(self, *, skip_inspect: bool = False) -> list[str]:
        """Compact "METHOD path" list, optionally without the many polling inspections."""
        out = []
        for c in self.calls:
            if c.path in ("/_ping", "/version"):
                continue
            if skip_inspect and c.method == "GET" and re.fullmatch(r"/(containers|exec|networks)/[^/]+/json", c.path):
                continue
            out.append(f"{c.method} {c.path}")
        return out

    def exec_commands(self) -> list[tuple[str, list[str], list[str]]]:
        """(container name, command, env) of every exec created, in order."""
        return [(self.containers[e.container].name, e.cmd, e.env) for e in self.execs.values()]

    # -- the API -----------------------------------------------------------------------------
    def _dispatch(self, h: BaseHTTPRequestHandler) -> None:
        parts = urlsplit(h.path)
        path = re.sub(r"^/v\d+\.\d+", "", unquote(parts.path))
        query = parse_qs(parts.query)
        length = int(h.headers.get("Content-Length") or 0)
        raw = h.rfile.read(length) if length else b""
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = raw.decode("utf-8", "replace")
        with self.lock:
            self.calls.append(Call(h.command, path, query, body))
            result = self._route(h.command, path, query, body)
        if result[0] == "exec-stream":
            self._send_exec_stream(h, result[1])
            return
        status, payload, ctype = result
        data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        h.send_response(status)
        h.send_header("Content-Type", ctype)
        h.send_header("Content-Length", str(len(data)))
        h.send_header("Api-Version", API_VERSION)
        h.end_headers()
        if h.command != "HEAD":
            h.wfile.write(data)

    def _send_exec_stream(self, h: BaseHTTPRequestHandler, ex: FakeExec) -> None:
        # The SDK reads exec output from the raw socket after the headers: send them, wait until the
        # client has consumed them (nothing left in our send queue), then the multiplexed frames.
        h.send_response(200)
        h.send_header("Content-Type", "application/vnd.docker.raw-stream")
        h.send_header("Api-Version", API_VERSION)
        h.send_header("Connection", "close")
        h.end_headers()
        h.wfile.flush()
        sock = h.connection
        deadline = time.monotonic() + 5
        waiter = threading.Event()
        while time.monotonic() < deadline:
            pending = struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.TIOCOUTQ, b"\0\0\0\0"))[0]
            if pending == 0:
                break
            waiter.wait(0.002)
        data = ex.output.encode()
        if data:
            h.wfile.write(struct.pack(">BxxxL", 1, len(data)) + data)
        h.wfile.flush()
        h.close_connection = True

    def _route(self, method: str, path: str, query: dict, body):
        j = "application/json"
        if path == "/_ping":
            return 200, b"OK", "text/plain"
        if path == "/version":
            return 200, {"ApiVersion": API_VERSION, "Version": "24.0.0-fake", "MinAPIVersion": "1.12"}, j
        m = re.fullmatch(r"/images/(.+)/json", path)
        if m and method == "GET":
            name = _norm_image(m.group(1))
            if name in self.images:
                return 200, {"Id": "sha256:" + uuid.uuid5(uuid.NAMESPACE_DNS, name).hex, "RepoTags": [name]}, j
            return 404, {"message": f"No such image: {name}"}, j
        if path == "/networks" and method == "GET":
            names = json.loads(query.get("filters", ["{}"])[0]).get("name", [])
            nets = [n for n in self.networks.values() if not names or n["Name"] in names]
            return 200, nets, j
        if path == "/networks/create" and method == "POST":
            net = {"Id": uuid.uuid4().hex, "Name": body["Name"], "Driver": body.get("Driver")}
            self.networks[net["Id"]] = net
            return 201, {"Id": net["Id"], "Warning": ""}, j
        m = re.fullmatch(r"/networks/([^/]+)", path)
        if m and method == "GET":
            known = self.networks.get(m.group(1)) or next(
                (n for n in self.networks.values() if n["Name"] == m.group(1)), None
            )
            return (200, known, j) if known else (404, {"message": "network not found"}, j)
        if path == "/containers/json" and method == "GET":
            return (
                200,
                [
                    {"Id": c.id, "Names": ["/" + c.name], "Image": c.image, "State": c.status}
                    for c in self.containers.values()
                ],
                j,
            )
        if path == "/containers/create" and method == "POST":
            name = query.get("name", [""])[0]
            if self.by_name(name):
                return 409, {"message": f'Conflict. The container name "/{name}" is already in use'}, j
            if _norm_image(body["Image"]) not in self.images:
                return 404, {"message": f"No such image: {body['Image']}"}, j
            made = FakeContainer(id=uuid.uuid4().hex, name=name, image=body["Image"], config=body)
            self.containers[made.id] = made
            return 201, {"Id": made.id, "Warnings": []}, j
        m = re.fullmatch(r"/containers/([^/]+)/(json|start|stop|logs|exec)", path) or re.fullmatch(
            r"/containers/([^/]+)()", path
        )
        if m:
            c = self.by_name(m.group(1))
            if c is None:
                return 404, {"message": f"No such container: {m.group(1)}"}, j
            action = m.group(2)
            if action == "json":
                return 200, self._inspect(c), j
            if action == "start":
                c.status, c.inspections_since_start = "running", 0
                return 204, b"", j
            if action == "stop":
                c.status = "exited"
                return 204, b"", j
            if action == "logs":
                text = self.logs.get(c.name, "").encode()
                frame = struct.pack(">BxxxL", 1, len(text)) + text if text else b""
                return 200, frame, "application/vnd.docker.multiplexed-stream"
            if action == "exec" and method == "POST":
                new_exec = FakeExec(id=uuid.uuid4().hex, container=c.id, cmd=body["Cmd"], env=body.get("Env") or [])
                self.execs[new_exec.id] = new_exec
                return 201, {"Id": new_exec.id}, j
            if action == "" and method == "DELETE":
                if c.status == "running" and query.get("force", ["false"])[0] not in ("1", "true", "True"):
                    return 409, {"message": f"cannot remove running container {c.name}"}, j
                del self.containers[c.id]
                return 204, b"", j
        m = re.fullmatch(r"/exec/([^/]+)/(start|json)", path)
        if m:
            ex = self.execs.get(m.group(1))
            if ex is None:
                return 404, {"message": "no such exec"}, j
            if m.group(2) == "start":
                line = " ".join(ex.cmd)
                ex.exit_code, ex.output = 0, "ok"
                for needle, (code, out) in self.exec_results.items():
                    if needle in line:
                        ex.exit_code, ex.output = code, out
                        break
                return ("exec-stream", ex)
            return 200, {"ID": ex.id, "Running": False, "ExitCode": ex.exit_code, "ContainerID": ex.container}, j
        return 404, {"message": f"fake engine: unsupported {method} {path}"}, j

    def _inspect(self, c: FakeContainer) -> dict:
        health = None
        if c.status == "running":
            c.inspections_since_start += 1
            n, final = self.health_plan.get(c.name, (0, "healthy"))
            if c.config.get("Healthcheck") or c.name in self.health_plan:
                health = {"Status": "starting" if c.inspections_since_start <= n else final}
        state = {"Status": c.status, "Running": c.status == "running", "ExitCode": c.exit_code}
        if health:
            state["Health"] = health
        return {
            "Id": c.id,
            "Name": "/" + c.name,
            "Image": c.image,
            "State": state,
            "Config": {"Image": c.image, "Tty": False, **{k: v for k, v in c.config.items() if k in ("Env", "Cmd")}},
            "HostConfig": c.config.get("HostConfig", {}),
        }
