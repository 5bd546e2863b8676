"""The Debian packages the project runs on (Chromium, ChromeDriver, fonts, kiwix-tools): the versions the
Python lock was tested with (requirements/debian.txt), the installed ones, and what differs.

    debian_lock()          {package: version} from requirements/debian.txt
    debian_installed(names) {package: installed version or "missing"} (dpkg-query)
    browser_versions()     {"chromium": "156.0...", "chromedriver": "156.0..."} as the binaries report them
    browser_drift()        warnings when Chromium or ChromeDriver is not the version of the lock
"""

from __future__ import annotations

import functools
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEBIAN_LOCK = ROOT / "requirements" / "debian.txt"
BROWSER = {"chromium": ("/usr/bin/chromium", "--version"), "chromedriver": ("/usr/bin/chromedriver", "--version")}


def _version_of(argv: tuple[str, str]) -> str:
    try:
        out = subprocess.run(list(argv), capture_output=True, text=True, timeout=20).stdout
    except (OSError, subprocess.TimeoutExpired):
        return "missing"
    found = re.search(r"\d+(\.\d+)+", out)
    return found.group(0) if found else (out.strip()[:80] or "unknown")


@functools.lru_cache(maxsize=1)
def browser_versions() -> dict[str, str]:
    return {name: _version_of(argv) for name, argv in BROWSER.items()}


def debian_lock() -> dict[str, str]:
    """The Debian packages' versions the lock was tested with (requirements/debian.txt: `name=version`)."""
    out = {}
    try:
        for line in DEBIAN_LOCK.read_text().splitlines():
            line = line.split("#")[0].strip()
            if "=" in line:
                name, version = line.split("=", 1)
                out[name.strip()] = version.strip()
    except OSError:
        pass
    return out


@functools.lru_cache(maxsize=4)
def debian_installed(names: tuple[str, ...]) -> dict[str, str]:
    """The installed versions of Debian packages (dpkg-query), "missing" for those not installed."""
    if not names:
        return {}
    try:
        out = subprocess.run(
            ["dpkg-query", "-W", "-f", "${Package}=${Version}\\n", *names], capture_output=True, text=True, timeout=20
        ).stdout
    except (OSError, subprocess.TimeoutExpired):
        return {}
    found = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
    return {name: found.get(name) or "missing" for name in names}


def browser_drift() -> list[str]:
    """Warnings when Chromium or ChromeDriver is not the upstream version of requirements/debian.txt."""
    locked = debian_lock()
    found = browser_versions()
    lines = []
    for package, tool in (("chromium", "chromium"), ("chromium-driver", "chromedriver")):
        want = locked.get(package)
        if not want:
            continue
        upstream = re.match(r"(?:\d+:)?(\d+(?:\.\d+)+)", want)
        have = found.get(tool, "missing")
        if upstream and have != upstream.group(1):
            lines.append(
                f"{tool} is {have}, the lock was tested with {upstream.group(1)} (Debian {package}={want}); "
                f"pages and screenshots may differ"
            )
    return lines
