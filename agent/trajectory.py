"""An HTML page per episode: what the agent saw, thought and did, and how it was scored.

    write_trajectory(path, result, intent, images, reward)

Screenshots (the frame the agent saw, with Set-of-Marks boxes when its mode draws them, and then the
raw frame too, reduced, folded under it) and input images are WebP files (quality 40: page text stays readable)
in the `frames/` folder next to the pages, named by a hash of their pixels: a frame shared by steps or
episodes (the last step and the final page, a common start page) is stored once for the whole folder.
Pages reference them by relative paths, so they open from disk; archive the folder as a whole.
`reward` is the evaluator's dict {"score": 0|1, "checks": [{"name", "passed", "reason"}], "error"}
or None when the episode was not scored. Every text is HTML-escaped.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import tempfile
from collections.abc import Callable, Mapping
from html import escape
from pathlib import Path
from typing import Any

from PIL import Image

from agent.browser.sandbox import refusal_line
from agent.episode import EpisodeResult, StepRecord

_CSS = """
body{font-family:system-ui,-apple-system,"DejaVu Sans",sans-serif;margin:0;background:#f4f5f7;color:#1d2330}
header{background:#1d2330;color:#fff;padding:16px 24px}
header h1{margin:0 0 6px;font-size:20px} header p{margin:2px 0;font-size:14px;color:#cfd6e4}
main{padding:16px 24px;max-width:1400px}
.summary{display:flex;flex-wrap:wrap;gap:12px;margin-bottom:16px}
.card{background:#fff;border:1px solid #d9dde5;border-radius:8px;padding:10px 14px}
.card b{display:block;font-size:12px;color:#5b6475;text-transform:uppercase;letter-spacing:.04em}
.pass{color:#137333} .fail{color:#b3261e} .err{color:#b3261e;font-weight:600} .note{color:#555;font-style:italic}
.inputs img{max-height:160px;border:1px solid #ccd;margin-right:8px}
.step{background:#fff;border:1px solid #d9dde5;border-radius:8px;margin:14px 0;display:grid;
      grid-template-columns:minmax(280px,520px) 1fr;gap:16px;padding:12px}
.step.invalid{border-left:6px solid #b3261e} .step.final{border-left:6px solid #137333}
.step img{width:100%;border:1px solid #ccd}
.step h2{font-size:16px;margin:0 0 6px}
code.action{background:#eef1f8;padding:2px 6px;border-radius:4px;font-size:14px}
pre{white-space:pre-wrap;word-break:break-word;background:#fafbfc;border:1px solid #e3e6ec;padding:8px;
    font-size:12px;max-height:360px;overflow:auto}
table{border-collapse:collapse} td,th{border:1px solid #d9dde5;padding:4px 8px;text-align:left;font-size:14px}
details summary{cursor:pointer;color:#334}
"""


# Quality 40 at effort 3: page text, the small grey lines of a listing included, still reads at 1:1 (checked by eye
# on the classifieds' lists and listing pages); the first 6 classifieds tasks, sighted, all frames: 344 -> 248 KB per
# episode against quality 65 at effort 2 (effort 3 gives files 4% smaller than 2 for twice the encoding time, which
# only a run that keeps every frame pays: make test's task pass keeps them for failed tasks only)
WEBP_QUALITY = 40
WEBP_METHOD = 3
# the frame without marks is a reminder of what the marks cover: at 3/8 of the size (a seventh of the pixels)
RAW_SCALE = 0.375
FRAMES = "frames"  # the shared folder of images, next to the pages


class _Images:
    """Stores the page's images in the `frames/` folder next to it, named by a hash of their pixels, so a
    frame seen by several steps or episodes (a start page, the last step and the final page) is stored
    once; hands back the relative path. Each file is written whole under a temporary name and renamed,
    so workers writing the same frame at once never leave half a file."""

    def __init__(self, page: Path | None):
        self.folder = page.parent / FRAMES if page is not None else None

    def add(
        self, source: Image.Image | bytes | Callable[[], Image.Image | bytes | None] | None, scale: float = 1.0
    ) -> str | None:
        """`source` may be a function giving the image: it is called only when the page keeps frames; `scale`
        shrinks it (the same pixels at another scale are another file)."""
        if source is None or self.folder is None:  # without a destination there is nothing to point at
            return None
        image = source() if callable(source) else source
        if image is None:
            return None
        if isinstance(image, bytes):
            digest = hashlib.sha256(image).hexdigest()
        else:
            digest = hashlib.sha256(f"{image.mode}{image.size}".encode() + image.tobytes()).hexdigest()
        if scale != 1.0:
            digest = hashlib.sha256(f"{digest}@{scale}".encode()).hexdigest()
        name = f"{digest[:24]}.webp"
        target = self.folder / name
        if not target.exists():
            if isinstance(image, bytes):
                image = Image.open(io.BytesIO(image))
            if image.mode != "RGB":
                image = image.convert("RGB")
            if scale != 1.0:
                size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
                image = image.resize(size, Image.Resampling.LANCZOS)
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".part-", suffix=".webp")
            try:
                with os.fdopen(fd, "wb") as out:
                    image.save(out, format="WEBP", quality=WEBP_QUALITY, method=WEBP_METHOD)
                os.replace(tmp, target)
            finally:
                if os.path.exists(tmp):
                    os.unlink(tmp)
        return f"{FRAMES}/{name}"


def _step_png(path: Path | None, png: bytes | None) -> bytes | None:
    if png:
        return png
    if path is not None and Path(path).exists():
        return Path(path).read_bytes()
    return None


def _img(src: str | None, alt: str) -> str:
    return f'<img alt="{escape(alt, quote=True)}" src="{escape(src, quote=True)}">' if src else ""


def _raw_html(files: _Images, path: Path | None, png: Callable[[], bytes | None], alt: str) -> str:
    """The frame without marks, at RAW_SCALE, folded under the Set-of-Marks frame (only when the agent saw
    marks)."""
    src = files.add(lambda: _step_png(path, png()), scale=RAW_SCALE)
    return f"<details><summary>Without marks (reduced)</summary>{_img(src, alt)}</details>" if src else ""


def _step_html(step: StepRecord, files: _Images) -> str:
    n = step.index + 1
    src = files.add(lambda: _step_png(step.screenshot_path, step.screenshot_png))
    shot = _img(src, f"screenshot before step {n}") or "<p>(no screenshot)</p>"
    shot += _raw_html(files, step.raw_screenshot_path, lambda: step.raw_screenshot_png, f"raw frame before step {n}")
    cls = "step" if step.valid else "step invalid"
    parts = [
        f'<section class="{cls}" id="step-{step.index + 1}"><div>{shot}</div><div>',
        f'<h2>Step {step.index + 1}: <code class="action">{escape(step.action_text)}</code></h2>',
        f'<p>URL: <a href="{escape(step.url, quote=True)}">{escape(step.url)}</a></p>',
        f"<p>Parsed: {escape(step.parsed)}</p>",
    ]
    if step.error:
        parts.append(f'<p class="err">Error: {escape(step.error)}</p>')
    if step.blocked:
        parts.append(f'<p class="err">{escape(refusal_line(step.blocked))}</p>')
    if step.reasoning:
        parts.append(f"<h3>Reasoning</h3><pre>{escape(step.reasoning)}</pre>")
    if step.detail:
        parts.append(
            f"<details open><summary>Agent's findings</summary><pre>"
            f"{escape(json.dumps(step.detail, indent=1))}</pre></details>"
        )
    parts.append(_pending_html(step.pending))
    timing = f"model {step.model_s * 1000:.0f} ms, harness {step.harness_s * 1000:.0f} ms"
    if step.usage.get("prompt_tokens"):
        timing += f", tokens {step.usage.get('prompt_tokens')} in / {step.usage.get('completion_tokens')} out"
    parts.append(f"<p><small>{escape(timing)}</small></p>")
    if step.tabs:
        parts.append(f"<details><summary>Tabs</summary><pre>{escape(step.tabs)}</pre></details>")
    parts.append(
        f"<details><summary>Observation text ({len(step.observation_text)} chars)</summary>"
        f"<pre>{escape(step.observation_text)}</pre></details>"
    )
    parts.append("</div></section>")
    return "".join(parts)


def _pending_html(report: Mapping[str, Any] | None) -> str:
    """What was still missing on screen when the observation was taken (agent.pending)."""
    if not report:
        return ""
    if report.get("error"):
        return f'<p class="err">View check: {escape(str(report["error"]))}</p>'
    waited = f"waited {report.get('waited_ms', 0)} ms for images, fonts and layout"
    if not report.get("images") and report.get("fonts") in (None, "loaded") and not report.get("moving"):
        return f"<p><small>View complete ({escape(waited)}).</small></p>"
    missing = [
        f"{report['images']} image(s) in view not decoded: " + ", ".join(report.get("image_urls") or [])
        if report.get("images")
        else "",
        "fonts still loading" if report.get("fonts") not in (None, "loaded") else "",
        "layout still moving" if report.get("moving") else "",
    ]
    return f'<p class="err">Incomplete view ({escape(waited)}): {escape("; ".join(m for m in missing if m))}</p>'


def _reward_html(reward: Mapping[str, Any] | None) -> str:
    if reward is None:
        return "<p>Not scored.</p>"
    score = reward.get("score")
    cls = "pass" if score == 1 else "fail"
    rows = "".join(
        f"<tr><td>{escape(str(c.get('name', '')))}</td>"
        f'<td class="{"pass" if c.get("passed") else "fail"}">{"pass" if c.get("passed") else "fail"}</td>'
        f"<td>{escape(str(c.get('reason', '')))}</td></tr>"
        for c in reward.get("checks") or []
    )
    html = f'<p>Reward: <b class="{cls}">{escape(str(score))}</b></p>'
    if reward.get("error"):
        html += f'<p class="err">Evaluation error: {escape(str(reward["error"]))}</p>'
    if rows:
        html += f"<table><tr><th>Check</th><th>Result</th><th>Reason</th></tr>{rows}</table>"
    return html


def render_trajectory(
    result: EpisodeResult,
    intent: str,
    images: list[Image.Image] | None = None,
    reward: Mapping[str, Any] | None = None,
    title: str = "",
    page: Path | None = None,
    no_frames_note: str = "",
) -> str:
    """The page's HTML; its images are written into `frames/` next to `page` (without `page`, none, and
    `no_frames_note` says why)."""
    images = images or []
    files = _Images(page)
    answer = "(no answer: the episode did not stop)" if result.answer is None else result.answer
    usage = result.usage or {}
    cost = usage.get("cost_usd")
    cards = [
        ("Stop reason", result.stop_reason),
        ("Answer", answer),
        ("Final URL", result.final_url),
        ("Steps", str(len(result.steps))),
        ("Time", f"{result.timings.get('total_s', 0):.2f} s"),
        ("Model", str(usage.get("model") or "-")),
        ("Tokens in/out", f"{usage.get('prompt_tokens', 0)} / {usage.get('completion_tokens', 0)}"),
        ("Cost", "-" if not usage.get("calls") else "unknown price" if cost is None else f"${cost:.4f}"),
    ]
    if result.pending is not None:
        cards.append(
            (
                "Undecoded images (worst view)",
                f"{result.pending['max_images']} "
                f"({result.pending['incomplete_observations']} of {result.pending['observations']} "
                "observations incomplete)",
            )
        )
    if reward is not None:
        cards.insert(0, ("Reward", str(reward.get("score"))))
    cards_html = "".join(f'<div class="card"><b>{escape(k)}</b>{escape(v)}</div>' for k, v in cards)
    inputs = "".join(_img(files.add(im), f"input image {i + 1}") for i, im in enumerate(images))
    steps = "".join(_step_html(s, files) for s in result.steps)
    final_src = files.add(lambda: _step_png(result.final_screenshot_path, result.final_screenshot_png))
    final_raw = _raw_html(
        files, result.final_raw_screenshot_path, lambda: result.final_raw_screenshot_png, "raw frame of the final page"
    )
    final = (
        f'<section class="step final" id="final"><div>{_img(final_src, "final page")}{final_raw}'
        f"</div><div><h2>Final page</h2><p>{escape(result.final_url)}</p></div></section>"
        if final_src
        else ""
    )
    error = f'<p class="err">Harness error: {escape(result.error)}</p>' if result.error else ""
    if no_frames_note:
        error += f'<p class="note">{escape(no_frames_note)}</p>'
    heading = escape(title or "Trajectory")
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{heading}</title><style>{_CSS}</style></head><body>"
        f"<header><h1>{heading}</h1><p>Intent: {escape(intent)}</p></header><main>"
        f'<div class="summary">{cards_html}</div>{error}'
        + (f'<div class="inputs"><h2>Input images</h2>{inputs}</div>' if inputs else "")
        + f"<h2>Score</h2>{_reward_html(reward)}<h2>Steps</h2>"
        + steps
        + final
        + "</main></body></html>"
    )


def write_trajectory(
    path: Path | str,
    result: EpisodeResult,
    intent: str,
    images: list[Image.Image] | None = None,
    reward: Mapping[str, Any] | None = None,
    title: str = "",
    no_frames_note: str = "",
) -> Path:
    """Write the trajectory HTML to `path` and its images into `frames/` next to it (folders created);
    return the path of the page. With `no_frames_note` the page keeps the steps' text without images, and
    says why (encoding the frames is most of the cost of a trajectory)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    html = render_trajectory(
        result,
        intent,
        images,
        reward,
        title or path.stem,
        page=None if no_frames_note else path,
        no_frames_note=no_frames_note,
    )
    path.write_text(html, encoding="utf-8")
    return path
