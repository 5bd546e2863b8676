"""The arena: starts embedded sites as subprocesses under waitress, checks their health, resets and stops them.

    from sites.arena import Arena, SiteUnavailable
    with Arena(sites=["classifieds", "homepage"], run_dir=tmp) as arena:
        arena.urls["classifieds"]     # http://127.0.0.1:PORT
        arena.reset(["classifieds"])  # seconds taken

Each arena has its own instance folders (database copies, uploads) under its run_dir, so several
arenas (one per pytest-xdist worker) run side by side without seeing each other's changes.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from sites.config import PROJECT_ROOT, Settings
from sites.config import settings as load_settings
from sites.launchers import LAUNCHERS, LOCAL, SiteLauncher

START_TIMEOUT_S = 90.0
STOP_TIMEOUT_S = 10.0


class SiteUnavailable(RuntimeError):
    """A site could not be started, does not answer, or is not served by this stack."""


@dataclass
class RunningSite:
    name: str
    process: subprocess.Popen
    url: str
    log_path: Path
    pid_path: Path


def log_tail(path: Path, lines: int = 25) -> str:
    try:
        text = path.read_text(errors="replace")
    except OSError:
        return "(no log)"
    return "\n".join(text.splitlines()[-lines:]) or "(empty log)"


def check_health(url: str, path: str = "/healthz", timeout: float = 2.0) -> bool:
    try:
        with LOCAL.open(url + path, timeout=timeout) as response:
            return response.status == 200
    except OSError:
        return False


class Arena:
    def __init__(
        self,
        sites: list[str] | None = None,
        run_dir: Path | None = None,
        ports: dict[str, int] | None = None,
        settings: Settings | None = None,
        detach: bool = False,
    ):
        self.settings = settings or load_settings()
        self.sites = list(sites) if sites is not None else [n for n in LAUNCHERS]
        self.run_dir = Path(run_dir) if run_dir is not None else self.settings.run_dir
        self.ports = dict(ports or {})
        self.detach = detach  # processes outlive this object (`python -m sites up`)
        self.running: dict[str, RunningSite] = {}

    # ---- public API ------------------------------------------------------------------------------------

    @property
    def urls(self) -> dict[str, str]:
        return {name: site.url for name, site in self.running.items()}

    def available_sites(self) -> list[str]:
        return [name for name, launcher in LAUNCHERS.items() if launcher.available(self.settings)]

    def start(self, timeout: float = START_TIMEOUT_S) -> dict[str, str]:
        available = self.available_sites()
        missing = [s for s in self.sites if s not in available]
        if missing:
            raise SiteUnavailable(
                f"the embedded stack cannot serve {', '.join(missing)} (it serves: {', '.join(available)})"
            )
        self.run_dir.mkdir(parents=True, exist_ok=True)
        first = [s for s in self.sites if not LAUNCHERS[s].needs_other_urls]
        later = [s for s in self.sites if LAUNCHERS[s].needs_other_urls]
        try:
            for group in (first, later):
                pending = [self._spawn(LAUNCHERS[name]) for name in group]
                deadline = time.monotonic() + timeout
                for launcher, process, instance in pending:
                    self._await_health(launcher, process, instance, deadline)
        except BaseException:
            if not self.detach:
                self.stop()
            raise
        return self.urls

    def reset(self, sites: list[str] | None = None) -> float:
        """Restore the given (default: all) sites to their pristine state; returns the seconds taken."""
        started = time.perf_counter()
        for name in sites if sites is not None else list(self.running):
            if name not in self.running:
                raise SiteUnavailable(
                    f"cannot reset {name}: it is not running in this arena "
                    f"(running: {', '.join(self.running) or 'none'})"
                )
            launcher = LAUNCHERS[name]
            if launcher.reset is None:
                continue
            try:
                launcher.reset(self.running[name].url, self.settings)
            except RuntimeError as exc:
                raise SiteUnavailable(
                    f"{name} at {self.running[name].url}: {exc}\n{log_tail(self.running[name].log_path)}"
                ) from exc
        return time.perf_counter() - started

    def unhealthy(self, sites: list[str] | None = None, timeout: float = 2.0) -> dict[str, str]:
        """The running sites (of `sites`, default all) that are dead or do not answer, with the reason."""
        found: dict[str, str] = {}
        for name in sites if sites is not None else list(self.running):
            site = self.running.get(name)
            if site is None:
                continue
            code = site.process.poll()
            if code is not None:
                found[name] = f"its process exited with code {code}"
            elif not check_health(site.url, LAUNCHERS[name].health_path, timeout=timeout):
                found[name] = f"it does not answer {site.url}{LAUNCHERS[name].health_path} within {timeout:g} s"
        return found

    def heal(self, sites: list[str] | None = None, timeout: float = START_TIMEOUT_S) -> dict[str, str]:
        """Restart, from a fresh pristine copy, every site of `sites` (default all) that is dead or does
        not answer; returns {site: why it was restarted}. Raises SiteUnavailable if a restart fails."""
        broken = self.unhealthy(sites)
        for name in broken:
            site = self.running.pop(name)
            stop_process(site.process.pid, site.process)
            site.pid_path.unlink(missing_ok=True)
            shutil.rmtree(self.run_dir / name, ignore_errors=True)
            # the same port, so the URLs the harness, the browser's logins and the homepage hold stay valid
            self.ports[name] = int(site.url.rsplit(":", 1)[1]) if site.url else 0
            launcher, process, instance = self._spawn(LAUNCHERS[name])
            try:
                self._await_health(launcher, process, instance, time.monotonic() + timeout)
            except SiteUnavailable:
                gone = self.running.pop(name, None)
                if gone is not None:
                    stop_process(gone.process.pid, gone.process)
                raise
        return broken

    def stop(self) -> None:
        for name in reversed(list(self.running)):
            site = self.running.pop(name)
            stop_process(site.process.pid, site.process)
            site.pid_path.unlink(missing_ok=True)

    def __enter__(self) -> Arena:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    # ---- internals -------------------------------------------------------------------------------------

    def _spawn(self, launcher: SiteLauncher):
        name = launcher.name
        instance = self.run_dir / name
        instance.mkdir(parents=True, exist_ok=True)
        log_path = self.run_dir / f"{name}.log"
        try:
            options = launcher.prepare(self.settings, instance, self.urls)
        except Exception as exc:
            raise SiteUnavailable(f"{name}: preparing its data failed: {type(exc).__name__}: {exc}") from exc
        if launcher.command is not None:  # an external program listens on an IP address
            options["address"] = listen_address(self.settings.arena_host)
        options_path = instance / "options.json"
        tmp = options_path.with_name(".options.json.tmp")
        tmp.write_text(json.dumps(options))
        tmp.chmod(0o600)
        os.replace(tmp, options_path)
        (instance / "port").unlink(missing_ok=True)
        preexec = None
        if launcher.command is not None:  # an external program: it is told its port, which we record
            port = self.ports.get(name) or free_port()
            cmd = launcher.command(instance, options, port)
            (instance / "port").write_text(str(port))
            preexec = None if self.detach else _die_with_parent
        else:
            cmd = [
                sys.executable,
                "-m",
                "sites.serve",
                name,
                "--instance",
                str(instance),
                "--port",
                str(self.ports.get(name, 0)),
                "--host",
                self.settings.arena_host,
                "--app",
                launcher.app_reference(),
            ]
            if not self.detach:
                cmd += ["--parent-pid", str(os.getpid())]
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(PROJECT_ROOT), env.get("PYTHONPATH", "")) if p)
        with open(log_path, "ab") as log:
            process = subprocess.Popen(
                cmd,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                cwd=PROJECT_ROOT,
                env=env,
                start_new_session=self.detach,
                preexec_fn=preexec,
            )
        pid_path = self.run_dir / f"{name}.pid"
        pid_path.write_text(str(process.pid))
        self.running[name] = RunningSite(name, process, "", log_path, pid_path)
        return launcher, process, instance

    def _await_health(self, launcher: SiteLauncher, process: subprocess.Popen, instance: Path, deadline: float) -> None:
        name = launcher.name
        site = self.running[name]
        port_file = instance / "port"
        tick = threading.Event()
        url = ""
        while time.monotonic() < deadline:
            code = process.poll()
            if code is not None:
                raise SiteUnavailable(
                    f"{name} exited with code {code} while starting (log {site.log_path}):\n{log_tail(site.log_path)}"
                )
            if not url and port_file.is_file():
                url = f"http://{self.settings.arena_host}:{int(port_file.read_text())}"
                site.url = url
            if url and check_health(url, launcher.health_path):
                return
            tick.wait(0.05)
        raise SiteUnavailable(
            f"{name} did not answer {url or '(no port yet)'}{launcher.health_path} in time "
            f"(log {site.log_path}):\n{log_tail(site.log_path)}"
        )


def listen_address(host: str) -> str:
    """The IP address of `host` (a name or an address of this machine), for programs that need one."""
    import socket

    try:
        return socket.gethostbyname(host)
    except OSError as exc:
        raise SiteUnavailable(f"ARENA_HOST {host!r} does not resolve to an address of this machine: {exc}") from exc


def free_port() -> int:
    """A TCP port free on loopback right now (for programs that cannot bind port 0 and report it)."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _die_with_parent() -> None:
    """In the child, before exec: SIGTERM when the arena's process dies (Linux prctl PR_SET_PDEATHSIG)."""
    import ctypes

    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)
    except OSError:
        pass


def stop_process(pid: int, process: subprocess.Popen | None = None, timeout: float = STOP_TIMEOUT_S) -> bool:
    """SIGTERM, wait for the exit with a deadline, then SIGKILL. True if the process is gone."""
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return True
    if process is not None:
        try:
            process.wait(timeout)
            return True
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)
            return True
    tick = threading.Event()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not _alive(pid):
            return True
        tick.wait(0.05)
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    return not _alive(pid)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    stat = Path(f"/proc/{pid}/stat")
    try:  # a zombie (exited, not yet reaped by its parent) counts as gone
        return stat.read_text().split(") ", 1)[1][0] != "Z"
    except (OSError, IndexError):
        return True
