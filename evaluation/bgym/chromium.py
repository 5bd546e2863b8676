"""Playwright drives Debian's Chromium, the browser the Selenium side starts (agent/browser/driver.py,
CHROMIUM_BINARY): nothing is downloaded.

Playwright looks for its own build under PLAYWRIGHT_BROWSERS_PATH (`chromium-<revision>/chrome-linux/chrome`,
the revision its driver pins). `use_debian_chromium()` makes such a folder under the project's run/ whose
`chrome` is a link to Debian's binary and points PLAYWRIGHT_BROWSERS_PATH at it, so every `chromium.launch()`
(BrowserGym's environment and its chat window alike) starts Debian's Chromium. A PLAYWRIGHT_BROWSERS_PATH set
by the user is left alone.

May import: nothing of the project but agent.browser.driver's setting.
"""

from __future__ import annotations

import json
import os
from importlib import util
from pathlib import Path

from agent.browser.driver import CHROMIUM

ROOT = Path(__file__).resolve().parents[2]
BROWSERS = ROOT / "run" / "playwright-browsers"


def playwright_revision() -> str:
    """The Chromium revision the installed Playwright expects (its driver's browsers.json)."""
    spec = util.find_spec("playwright")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("playwright is not installed: make install EXTRAS=browsergym")
    listing = Path(next(iter(spec.submodule_search_locations))) / "driver" / "package" / "browsers.json"
    for browser in json.loads(listing.read_text())["browsers"]:
        if browser["name"] == "chromium":
            return str(browser["revision"])
    raise RuntimeError(f"{listing} names no chromium build")


def use_debian_chromium(folder: Path = BROWSERS) -> Path | None:
    """Point Playwright at Debian's Chromium; returns the browsers folder (None: the user set their own)."""
    if os.environ.get("PLAYWRIGHT_BROWSERS_PATH"):
        return None
    binary = Path(CHROMIUM)
    if not binary.exists():
        raise RuntimeError(f"Debian's Chromium is not at {binary} (make install installs it; or set CHROMIUM_BINARY)")
    link = folder / f"chromium-{playwright_revision()}" / "chrome-linux" / "chrome"
    if not (link.is_symlink() and Path(os.readlink(link)) == binary):
        link.parent.mkdir(parents=True, exist_ok=True)
        spare = link.with_name(f"chrome.{os.getpid()}")
        spare.unlink(missing_ok=True)
        spare.symlink_to(binary)
        spare.replace(link)  # atomic: another process may be reading the link
    os.environ["PLAYWRIGHT_BROWSERS_PATH"] = str(folder)
    return folder
