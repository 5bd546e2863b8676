"""Container entrypoint: serve ONE embedded site in the foreground on 0.0.0.0 (compose/embedded.yml).

    python compose/serve_site.py SITE [--port P]

Prepares the site's instance folder the way the arena does (the launcher's `prepare`: data generated
or reused from DATA_DIR, pristine database copied, the Wikipedia ZIM built) and then replaces itself with
the site's server bound to all interfaces: `python -m sites.serve` for the Flask sites, the launcher's own
program for an external one (kiwix-serve for Wikipedia), so the container's main process is the site server
and receives SIGTERM. The other sites' URLs (for the homepage's links) come from the environment:
CLASSIFIEDS, SHOPPING, ...
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import urllib.parse

from sites.config import settings as load_settings
from sites.config import site_urls
from sites.launchers import LAUNCHERS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="serve_site.py")
    parser.add_argument("site", choices=sorted(LAUNCHERS))
    parser.add_argument("--port", type=int, default=0, help="default: the port of the site's URL")
    parser.add_argument("--threads", type=int, default=8)
    args = parser.parse_args(argv)
    settings = load_settings()
    urls = site_urls()
    port = args.port or urllib.parse.urlsplit(urls[args.site]).port or 80
    instance = settings.run_dir / args.site
    instance.mkdir(parents=True, exist_ok=True)
    launcher = LAUNCHERS[args.site]
    options = launcher.prepare(settings, instance, urls)
    if launcher.command is not None:  # an external program (kiwix-serve): it serves on every interface
        options["address"] = "0.0.0.0"
    (instance / "options.json").write_text(json.dumps(options))
    if launcher.command is not None:
        argv = launcher.command(instance, options, port)
        os.execvp(argv[0], argv)
    else:
        os.execv(
            sys.executable,
            [
                sys.executable,
                "-m",
                "sites.serve",
                args.site,
                "--instance",
                str(instance),
                "--host",
                "0.0.0.0",
                "--port",
                str(port),
                "--threads",
                str(args.threads),
            ],
        )
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())
