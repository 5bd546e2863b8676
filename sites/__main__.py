"""`python -m sites up|down|status|reset|data|doctor [--stack embedded|docker|compose]` (behind `make up` etc.)."""

from __future__ import annotations

import argparse
import importlib
import shutil
import sys
import time
import urllib.parse
from pathlib import Path

from sites.config import DEFAULT_SCALE, DEFAULT_SEED, SITES, Settings, site_url
from sites.config import settings as load_settings


def _docker(command: str, s: Settings, module: str = "sites.docker_stack") -> int:
    stack = importlib.import_module(module)  # written separately; imported only when asked for
    return int(getattr(stack, command)(s))


def _port(url: str) -> int:
    parsed = urllib.parse.urlsplit(url)
    if parsed.hostname not in ("127.0.0.1", "localhost", "0.0.0.0"):
        raise SystemExit(f"{url}: the embedded stack serves on this machine only; set the URL to 127.0.0.1")
    return parsed.port or 80


def _pid_files(s: Settings) -> dict[str, Path]:
    from sites.launchers import LAUNCHERS

    return {name: s.run_dir / f"{name}.pid" for name in LAUNCHERS if (s.run_dir / f"{name}.pid").is_file()}


def _read_pid(pid_file: Path) -> int:
    """The pid in a pid file; 0 when the file is gone, empty or not a number (a stale file)."""
    try:
        text = pid_file.read_text().strip()
    except OSError:
        return 0
    return int(text) if text.isdigit() else 0


def _our_process(pid: int) -> bool:
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return False
    # our waitress sites, or kiwix-serve (the Wikipedia site is that external program)
    return b"sites.serve" in cmdline or (
        bool(cmdline) and Path(cmdline[0].decode(errors="replace")).name == "kiwix-serve"
    )


def _port_taken(port: int) -> bool:
    import socket

    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return True
    return False


def cmd_data(s: Settings) -> int:
    from sites.registry import DATA

    for name, data in DATA.items():
        print(f"{name}: {data.generate(s.data_dir, s.seed, s.scale)}", flush=True)
    return 0


def cmd_up(s: Settings) -> int:
    from sites.arena import Arena, SiteUnavailable
    from sites.launchers import LAUNCHERS

    alive = [name for name, pid_file in _pid_files(s).items() if _our_process(_read_pid(pid_file))]
    if alive:
        print(f"already running: {', '.join(alive)} (run `make down` first)", file=sys.stderr)
        return 1
    names = list(LAUNCHERS)
    arena = Arena(sites=names, run_dir=s.run_dir, ports={n: _port(site_url(n)) for n in names}, settings=s, detach=True)
    try:
        urls = arena.start()
    except SiteUnavailable as exc:
        print(f"error: {exc}", file=sys.stderr)
        arena.stop()
        return 1
    for name, url in urls.items():
        print(f"{name:<12} {url}")
    print(f"logs and pid files: {s.run_dir}")
    return 0


def cmd_down(s: Settings) -> int:
    from sites.arena import stop_process

    pid_files = _pid_files(s)
    if not pid_files:
        print(f"nothing to stop (no pid files in {s.run_dir})")
    for name, pid_file in pid_files.items():
        pid = _read_pid(pid_file)
        if pid and _our_process(pid):
            gone = stop_process(pid)
            print(f"{name:<12} stopped (pid {pid})" if gone else f"{name:<12} did not stop (pid {pid})")
        else:
            print(f"{name:<12} was not running (stale pid file)")
        pid_file.unlink(missing_ok=True)
    return 0


def cmd_status(s: Settings) -> int:
    from sites.arena import check_health
    from sites.launchers import LAUNCHERS

    for name in SITES:
        url = site_url(name)
        path = LAUNCHERS[name].health_path if name in LAUNCHERS else "/"
        state = "up" if check_health(url, path) else ("down" if name in LAUNCHERS else "down (not in this stack)")
        print(f"{name:<12} {url:<28} {state}")
    return 0


def cmd_reset(s: Settings) -> int:
    from sites.launchers import LAUNCHERS

    failed = 0
    for name, launcher in LAUNCHERS.items():
        if launcher.reset is None:
            continue
        started = time.perf_counter()
        try:
            launcher.reset(site_url(name), s)
            print(f"{name:<12} reset in {(time.perf_counter() - started) * 1000:.0f} ms")
        except RuntimeError as exc:
            print(f"{name:<12} reset FAILED: {exc}", file=sys.stderr)
            failed += 1
    return 1 if failed else 0


def cmd_doctor(s: Settings) -> int:
    from sites.arena import check_health
    from sites.launchers import LAUNCHERS
    from sites.registry import DATA

    problems = 0

    def check(ok: bool, what: str, fix: str = "") -> None:
        nonlocal problems
        print(f"[{'ok' if ok else '!!'}] {what}" + ("" if ok or not fix else f"  -> {fix}"))
        problems += 0 if ok else 1

    try:
        from sites.imagery import render_photo  # noqa: F401

        check(True, "photo library sites.imagery")
    except ImportError as exc:
        check(False, f"photo library sites.imagery: {exc}", "update the checkout")
    for binary in ("/usr/bin/chromium", "/usr/bin/chromedriver"):
        check(Path(binary).exists() or bool(shutil.which(binary)), f"{binary}", "make install")
    from sites.debian import browser_drift

    for warning in browser_drift():  # a warning, not a failure: the run still works, its pixels may not match
        print(f"[warn] {warning}  -> make install, or make lock to test the lock with this browser")
    for name, data in DATA.items():
        if data.describe is None:
            continue
        try:
            present, what = data.describe(s.data_dir, s.seed, s.scale)
            check(present, what, "make data (or make up, which generates it)")
        except ValueError as exc:
            check(False, f"{name}: {exc}", "fix SCALE in .env")
    s.run_dir.mkdir(parents=True, exist_ok=True)
    check(s.run_dir.is_dir(), f"run folder {s.run_dir}")
    for name in LAUNCHERS:
        url = site_url(name)
        pid_file = s.run_dir / f"{name}.pid"
        ours = _our_process(_read_pid(pid_file))
        answering = check_health(url, LAUNCHERS[name].health_path)
        if answering:
            check(True, f"{name} answers at {url}" + ("" if ours else " (not started by `make up`)"))
        elif _port_taken(_port(url)):
            check(
                False,
                f"{name}: port {_port(url)} is taken by another program",
                f"stop it or set {SITES[name][0]} in .env to another port",
            )
        else:
            check(True, f"{name} not running at {url} (`make up` starts it)")
    return 1 if problems else 0


COMMANDS = {
    "up": cmd_up,
    "down": cmd_down,
    "status": cmd_status,
    "reset": cmd_reset,
    "data": cmd_data,
    "doctor": cmd_doctor,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sites", description=__doc__)
    parser.add_argument("command", choices=sorted(COMMANDS))
    parser.add_argument(
        "--stack",
        choices=("embedded", "docker", "compose"),
        default=None,
        help="default: STACK from the environment / .env",
    )
    parser.add_argument(
        "--suite",
        action="store_true",
        help="data: the data set the task suites are written for (their SEED and SCALE, whatever "
        ".env says; make install generates it)",
    )
    args = parser.parse_args(argv)
    if args.suite and args.command != "data":
        parser.error("--suite goes with the data command")
    if args.suite:
        s = Settings(seed=DEFAULT_SEED, scale=DEFAULT_SCALE)
    else:
        s = load_settings()
    stack = args.stack or s.stack
    try:
        if stack == "docker" and args.command != "data":
            return _docker(args.command, s)
        if stack == "compose" and args.command != "data":  # the embedded sites as containers
            return _docker(args.command, s, "sites.compose_stack")
        return COMMANDS[args.command](s)
    except ValueError as exc:  # a bad setting (SCALE, a URL, ...): say which, without a traceback
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
