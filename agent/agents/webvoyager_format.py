"""WebVoyager's observation and action format on this harness (no browser, no model: pure functions).

- `draw_black_marks`: the screenshot with a black box round each interactive element and its number,
  black on white, in the box's top-left corner.
- `element_list`: one line per mark: `[N]: <type> "text" aria-label: "..."`.
- `parse_reply`: the model's `Thought: ... Action: ...` reply -> this harness's action text (written by the
  action's one definition, agent/actions.py), or the reason it cannot be read. Forms: `Click [N]`,
  `Type [N]; [content]`, `Scroll [N or WINDOW]; [up or down]`, `Wait`, `GoBack`, `Google` (back to the task's
  start page), `ANSWER; [content]`, and `Tab [i]` when the task starts with several tabs.
"""

from __future__ import annotations

import io
import re

from PIL import Image, ImageDraw

from agent.actions import Action, ActionType
from agent.som import LABEL_FONT_PX, _font

ACTION_FORMS = (
    "Click [N]",
    "Type [N]; [content]",
    "Scroll [N or WINDOW]; [up or down]",
    "Wait",
    "GoBack",
    "Google",
    "ANSWER; [content]",
)
TAB_FORM = "Tab [i]"


def draw_black_marks(screenshot_png: bytes, boxes: list[tuple[str, tuple[float, float, float, float]]]) -> bytes:
    """`boxes`: (label, (x, y, w, h)) in CSS pixels of the viewport; the PNG may be larger (device scale)."""
    image = Image.open(io.BytesIO(screenshot_png)).convert("RGB")
    draw = ImageDraw.Draw(image)
    font = _font(LABEL_FONT_PX)
    for label, (x, y, w, h) in boxes:
        if w <= 0 or h <= 0:
            continue
        draw.rectangle([x, y, x + w, y + h], outline=(0, 0, 0), width=2)
        left, top, right, bottom = draw.textbbox((0, 0), label, font=font)
        tw, th = right - left, bottom - top
        lx, ly = max(0, x), max(0, y)
        draw.rectangle([lx, ly, lx + tw + 4, ly + th + 4], fill=(255, 255, 255), outline=(0, 0, 0))
        draw.text((lx + 2 - left, ly + 2 - top), label, fill=(0, 0, 0), font=font)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _clean(text: str, limit: int = 120) -> str:
    text = re.sub(r"\s+", " ", text or "").strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def element_list(items: list[tuple[str, str, str, str]]) -> str:
    """`items`: (label, type, text, aria-label) per mark."""
    lines = []
    for label, kind, text, aria in items:
        line = f"[{label}]: <{kind}>"
        if _clean(text):
            line += f' "{_clean(text)}"'
        if _clean(aria) and _clean(aria) != _clean(text):
            line += f' aria-label: "{_clean(aria)}"'
        lines.append(line)
    return "\n".join(lines)


# "Action:" wherever it stands (WebVoyager's own parser splits the reply on it), in any case, in markdown bold
# ("**Action:**", "**Action**:"); not the end of another word ("transaction:")
_ACTION_LABEL = re.compile(r"(?<![A-Za-z])\**\s*action\s*\**\s*:\s*\**", re.I)
_FENCE_OPEN = re.compile(r"^```[A-Za-z]*\s*\n")


def _arg(text: str, one_line: bool = False) -> str:
    """The content of an argument: inside its brackets when it has them (up to the last bracket of the line that
    closes it, so text after it is left out and brackets inside are kept), else the text itself (its first line
    only when `one_line`)."""
    text = text.strip()
    if text.startswith("["):
        line = text.splitlines()[0]
        if "]" in line[1:]:
            return line[1 : line.rindex("]")].strip()
    if one_line and text:
        text = text.splitlines()[0]
    return text.strip().rstrip("`*").strip()


def _action_text(reply: str) -> str | None:
    """What follows the reply's last "Action:" label, without the markup round it (bold, code, a fence)."""
    labels = list(_ACTION_LABEL.finditer(reply))
    if not labels:
        return None
    action = reply[labels[-1].end() :].strip()
    action = _FENCE_OPEN.sub("", action).strip()
    action = action.strip("`*").strip()
    return action.replace("\r\n", "\n")


def parse_reply(reply: str, *, start_url: str, tabs: bool = False) -> tuple[str, str | None]:
    """(harness action text, None) or (what was read, the reason it is not an action).

    Read as WebVoyager reads replies, and as models write them: the action follows the last "Action:" wherever
    it stands (on its own line or after the thought on the same line), in any case, with markdown bold or code
    round it, extra spaces, a space or a semicolon between arguments, and text after the action (on its line
    after the last argument, or on the next lines) left out."""
    forms = ", ".join(ACTION_FORMS + ((TAB_FORM,) if tabs else ()))
    if not reply or not reply.strip():
        return reply or "", f"the reply is empty; expected 'Thought: ...' then 'Action: ' and one of: {forms}"
    action = _action_text(reply)
    if action is None:
        return reply.strip()[-300:], f"the reply has no 'Action:'; expected one of: {forms}"
    first_line = action.splitlines()[0].strip() if action else ""
    verb_match = re.match(r"([A-Za-z]+)", first_line)
    verb = verb_match.group(1).lower() if verb_match else ""
    body = action[len(verb_match.group(1)) :].strip() if verb_match else ""
    rest = first_line[len(verb_match.group(1)) :].strip() if verb_match else ""
    if verb == "answer":
        body = re.sub(r"^[;:,]\s*", "", body)
        return str(Action(ActionType.STOP, answer=_arg(body))), None
    if verb == "click":
        m = re.match(r"\[?\s*(\d+)\s*\]?(?![\d\w])", rest)
        if m:
            return str(Action(ActionType.CLICK, element_id=m.group(1))), None
    elif verb == "type":
        m = re.match(r"\[?\s*(\d+)(?!\d)\s*\]?\s*[;,]?\s*(.*)", body, re.S)
        if m and m.group(2).strip():
            return str(Action(ActionType.TYPE, element_id=m.group(1), text=_arg(m.group(2), one_line=True))), None
    elif verb == "scroll":
        m = re.match(r"\[?\s*(\d+|window)\s*\]?\s*[;,]?\s*\[?\s*(up|down)\s*\]?(?!\w)", rest, re.I)
        if m:
            where, direction = m.group(1).lower(), m.group(2).lower()
            element = None if where == "window" else where
            return str(Action(ActionType.SCROLL, element_id=element, direction=direction)), None
    elif verb in ("wait", "goback", "google"):  # a whole word (not "Waiting"); what follows is comment
        kind = {"wait": ActionType.WAIT, "goback": ActionType.GO_BACK, "google": ActionType.GOTO}[verb]
        return str(Action(kind, url=start_url if kind is ActionType.GOTO else None)), None
    elif verb == "tab" and tabs:
        m = re.match(r"\[?\s*(\d+)\s*\]?(?![\d\w])", rest)
        if m:
            return str(Action(ActionType.TAB_FOCUS, tab_index=int(m.group(1)))), None
    return action[:300], f"cannot read the action {first_line[:80]!r}; expected one of: {forms}"
