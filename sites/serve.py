"""Run one embedded site under waitress: `python -m sites.serve SITE --instance DIR --port P ...`.

Started by the arena as a subprocess. Binds the port (0 = a free one), writes the actual port to
`<instance>/port` (atomically) once it listens, logs every request to stderr (the arena sends it to
the site's log file), and exits cleanly on SIGTERM.
"""

from __future__ import annotations

import argparse
import importlib
import json
import logging
import os
import signal
import sys
import threading
import time
from pathlib import Path

from waitress.server import create_server

from sites.common.logtext import escape_controls
from sites.launchers import LAUNCHERS

log = logging.getLogger("sites.access")


def access_line(environ: dict, status: str, ms: float) -> str:
    """One access-log record: method, path and query, status, duration. The path is the decoded one (a `%0A` in
    the URL is a line break here), so control characters are escaped: a request cannot forge a line."""
    query = environ.get("QUERY_STRING", "")
    target = environ.get("PATH_INFO", "") + (f"?{query}" if query else "")
    return f"{escape_controls(environ.get('REQUEST_METHOD'))} {escape_controls(target)} {status} {ms:.1f}ms"


class AccessLog:
    """WSGI middleware: one line per request (method, path and query, status, bytes, duration)."""

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        started = time.perf_counter()
        status_holder = {}

        def _start(status, headers, exc_info=None):
            status_holder["status"] = status.split(" ", 1)[0]
            return start_response(status, headers, exc_info)

        try:
            return self.app(environ, _start)
        finally:
            log.info(
                "%s", access_line(environ, status_holder.get("status", "-"), (time.perf_counter() - started) * 1000)
            )


def _watch_parent(pid: int) -> None:
    """Stop serving once the process that started us is gone (polls the condition once a second)."""
    tick = threading.Event()
    while os.getppid() == pid:
        tick.wait(1.0)
    logging.getLogger("sites.serve").info("parent %s is gone: stopping", pid)
    os._exit(0)


def _app_factory(parser: argparse.ArgumentParser, site: str, reference: str | None):
    if reference is None:
        launcher = LAUNCHERS.get(site)
        if launcher is None or launcher.create_app is None:
            parser.error(
                f"no site {site!r} with a create_app is registered; known: "
                f"{', '.join(sorted(n for n, la in LAUNCHERS.items() if la.create_app))} (or give --app)"
            )
        return launcher.create_app
    module_name, _, qualname = reference.partition(":")
    try:
        factory = importlib.import_module(module_name)
        for part in qualname.split("."):
            factory = getattr(factory, part)
    except (ImportError, AttributeError, ValueError) as exc:
        parser.error(f"--app {reference!r} for site {site!r}: {type(exc).__name__}: {exc}")
    if not callable(factory):
        parser.error(f"--app {reference!r} for site {site!r} is not callable")
    return factory


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sites.serve")
    parser.add_argument(
        "site",
        help="a registered site whose launcher has create_app: "
        + ", ".join(sorted(n for n, launcher in LAUNCHERS.items() if launcher.create_app)),
    )
    parser.add_argument(
        "--app",
        metavar="MODULE:FUNCTION",
        default=None,
        help="the site's create_app by module and name (the arena passes it: a site registered "
        "in the arena's process need not be registered in this one)",
    )
    parser.add_argument("--instance", type=Path, required=True, help="the instance's own folder")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument(
        "--parent-pid",
        type=int,
        default=0,
        help="exit when this process is gone (an arena that died without stopping us)",
    )
    parser.add_argument("--threads", type=int, default=8)
    args = parser.parse_args(argv)

    logging.basicConfig(stream=sys.stderr, level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    options = json.loads((args.instance / "options.json").read_text())
    create_app = _app_factory(parser, args.site, args.app)
    app = create_app(args.instance, options)
    server = create_server(
        AccessLog(app),
        host=args.host,
        port=args.port,
        threads=args.threads,
        ident=f"vwa-{args.site}",
        clear_untrusted_proxy_headers=True,
    )
    port = server.effective_port
    port_file = args.instance / "port"
    tmp = port_file.with_name(f".port.{os.getpid()}")
    tmp.write_text(str(port))
    os.replace(tmp, port_file)
    logging.getLogger("sites.serve").info(
        "%s listening on http://%s:%s (pid %s)", args.site, args.host, port, os.getpid()
    )

    def _stop(signum, _frame):
        logging.getLogger("sites.serve").info("signal %s: stopping", signum)
        server.close()
        raise SystemExit(0)

    if args.parent_pid:
        threading.Thread(target=_watch_parent, args=(args.parent_pid,), daemon=True).start()
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    try:
        server.run()
    except SystemExit:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
