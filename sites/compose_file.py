"""compose/embedded.yml, written from the site registry (sites/registry.py): one service per site with a launcher,
started by compose/serve_site.py with the site's name on its default port, with its URL variable, its health path
and, for a site with state, the reset token; a site that links to the others (`needs_other_urls`: the homepage)
starts after them and gets every site's URL. A site registered with a launcher is a service of the file once it
is written again.

    python -m sites.compose_file            # write compose/embedded.yml
    python -m sites.compose_file --check    # exit 1 when the committed file differs from what it would write

May import: sites.registry and sites.config (through the package: the registered sites).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from sites.registry import SiteSpec, site_specs

EMBEDDED = Path(__file__).resolve().parent.parent / "compose" / "embedded.yml"

HEADER = """\
# This project's embedded sites as containers (one image, one site per container), for users who want
# them isolated from the host or replicated. Build and start from the project root:
#   docker compose --env-file .env -f compose/embedded.yml up -d --build
# Each container generates (or reuses) the site data in the shared volume, deterministic from SEED.
# The ports are published on 127.0.0.1 only. `make test-docker` (scripts/test_docker.sh) builds, starts, runs
# episodes against and removes them; `make up|status|reset|down STACK=compose` drive them by hand.
# Replicas: run a second project with other ports, e.g.
#   CLASSIFIEDS_PORT=19980 HOMEPAGE_PORT=14399 docker compose -p vwa2 -f compose/embedded.yml up -d
# (the other ports: SHOPPING_PORT, REDDIT_PORT, WIKIPEDIA_PORT). The homepage serves the tasks' input images
# from the image's tasks/images/.
# Written by `python -m sites.compose_file` from the site registry (sites/builtin.py): edit the specs, not this.
version: "3.8"

x-site: &site
  image: ${EMBEDDED_IMAGE:-vwa-arena:latest}
  build:
    context: ..
    dockerfile: compose/Dockerfile
  restart: unless-stopped
  # serve_site.py prepares the site as process 1 first: Docker's init passes a stop's SIGTERM on
  init: true
  volumes:
    - embedded_data:/srv/data
  networks: [embedded]

services:
"""

FOOTER = """\
networks:
  embedded:
    name: ${EMBEDDED_NETWORK:-vwa-embedded}

volumes:
  embedded_data:
"""


def _url(spec: SiteSpec) -> str:
    return f"{spec.url_env}: ${{{spec.url_env}:-http://127.0.0.1:{spec.default_port}}}"


def _service(spec: SiteSpec, embedded: list[SiteSpec]) -> str:
    launcher = spec.launcher
    if launcher is None:
        raise ValueError(f"site {spec.name!r} has no launcher: not an embedded service")
    port, name = spec.default_port, spec.name
    lines = [f"  {name}:", "    <<: *site", f"    hostname: {name}"]
    if launcher.command is not None:
        lines.append("    # an external program (its launcher's command), run by serve_site.py on the shared volume")
    lines.append(f'    command: ["{name}", "--port", "{port}"]')
    others = [s for s in embedded if s.name != name]
    if launcher.needs_other_urls:
        lines += ["    depends_on:", *(f"      - {s.name}" for s in others)]
    lines += ["    environment:", "      SEED: ${SEED:-20240101}"]
    if launcher.needs_other_urls:  # it reads no data set of its own, but every site's address
        lines += [f"      {_url(s)}" for s in [*others, spec]]
    else:
        lines.append("      SCALE: ${SCALE:-default}")
        if launcher.reset is not None:
            lines.append("      RESET_TOKEN: ${RESET_TOKEN:-}")
        lines.append(f"      {_url(spec)}")
    # checked every 2 s, so `up` and a restart are noticed soon; the first start generates the data (minutes)
    retries, start = ("75", "10s") if launcher.needs_other_urls else ("150", "30s")
    lines += [
        "    ports:",
        f'      - "127.0.0.1:${{{spec.url_env}_PORT:-{port}}}:{port}"',
        "    healthcheck:",
        '      test: ["CMD", "python", "-c", "import urllib.request as u; '
        f"u.urlopen('http://127.0.0.1:{port}{launcher.health_path}', timeout=5)\"]",
        "      interval: 2s",
        "      timeout: 10s",
        f"      retries: {retries}",
        f"      start_period: {start}",
    ]
    return "\n".join(lines) + "\n"


def render(specs: dict[str, SiteSpec] | None = None) -> str:
    """The text of compose/embedded.yml for the registered sites (or `specs`), in registration order."""
    embedded = [s for s in (specs if specs is not None else site_specs()).values() if s.launcher is not None]
    return HEADER + "\n".join(_service(s, embedded) for s in embedded) + "\n" + FOOTER


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sites.compose_file", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed file, write nothing")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        if not EMBEDDED.is_file() or EMBEDDED.read_text(encoding="utf-8") != text:
            print(f"{EMBEDDED} is out of date: run python -m sites.compose_file", file=sys.stderr)
            return 1
        return 0
    EMBEDDED.write_text(text, encoding="utf-8")
    print(f"wrote {EMBEDDED} ({text.count('hostname:')} services)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
