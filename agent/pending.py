"""Waiting until the page looks as a person would see it, and saying what was still missing.

The load event does not wait for `loading="lazy"` images (nor for web fonts, nor for CSS background
images of elements in view), so an observation taken right after it can show grey boxes where the
photos will be. `wait_for_view` runs `pending.js` in the page before each observation: it waits, within
a budget, until every image that intersects the viewport is loaded and decoded, the fonts are loaded and
the layout has held still for a frame. Sites keep their lazy images; the environment waits as a person does.

    report = wait_for_view(call, budget_s=4.0)   # call(method, params) -> DevTools answer
    report == {"images": 0, "image_urls": [], "fonts": "loaded", "moving": False, "timed_out": False,
               "waited_ms": 0, "in_view": 12}

The report goes into `Observation.meta["pending"]`; `pending_images(obs)` reads its count back.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

WAIT_JS = (Path(__file__).with_name("pending.js")).read_text(encoding="utf-8")
MAX_URLS = 10  # image URLs kept in a report (the count is always whole)


def wait_for_view(call: Callable[[str, dict[str, Any]], dict[str, Any]], budget_s: float) -> dict[str, Any]:
    """Run the wait in the focused page through `call` (a DevTools command sender). Returns the report;
    raises what `call` raises (a navigation that replaced the document meanwhile, a dead session)."""
    budget_ms = max(0, int(budget_s * 1000))
    answer = call(
        "Runtime.evaluate",
        {
            "expression": f"({WAIT_JS})({json.dumps(budget_ms)})",
            "awaitPromise": True,
            "returnByValue": True,
            "silent": True,
        },
    )
    if "exceptionDetails" in answer:
        details = answer["exceptionDetails"]
        text = str(details.get("exception", {}).get("description") or details.get("text"))
        return report_of(None, f"the view check failed in the page: {text.splitlines()[0][:200]}")
    return report_of(answer.get("result", {}).get("value"))


def report_of(value: object, problem: str | None = None) -> dict[str, Any]:
    """The meta report from the script's value (None when it could not run: `problem` says why)."""
    if not isinstance(value, dict):
        return {
            "images": None,
            "image_urls": [],
            "fonts": None,
            "moving": None,
            "timed_out": False,
            "waited_ms": 0,
            "in_view": None,
            "error": problem or f"unexpected answer {value!r:.200}",
        }
    urls = [str(u) for u in value.get("images") or []]
    return {
        "images": len(urls),
        "image_urls": urls[:MAX_URLS],
        "fonts": value.get("fonts"),
        "moving": bool(value.get("moving")),
        "timed_out": bool(value.get("timed_out")),
        "waited_ms": int(value.get("waited_ms") or 0),
        "in_view": value.get("in_view"),
    }


def settle_error(report: dict[str, Any], budget_s: float) -> str | None:
    """Why the view was not complete when the budget ran out, in words; None when it was."""
    if not report.get("timed_out"):
        return None
    parts = []
    if report.get("images"):
        parts.append(f"{report['images']} image(s) in view not decoded ({', '.join(report['image_urls'][:3])})")
    if report.get("fonts") not in (None, "loaded"):
        parts.append("web fonts still loading")
    if report.get("moving"):
        parts.append("the layout still moving")
    return f"after {budget_s:.1f} s: " + "; ".join(parts or ["the page was still changing"])


def pending_images(meta: dict[str, Any] | None) -> int:
    """Undecoded images in view recorded in an observation's meta (0 when none or not measured)."""
    report = (meta or {}).get("pending") or {}
    return int(report.get("images") or 0)
