"""Reading the action out of a model's reply."""
from __future__ import annotations

import re

_SUMMARY = re.compile(r"next action i will perform is\s*:?\s*```(.*?)```", re.I | re.S)
_FENCED = re.compile(r"```(.*?)```", re.S)


def extract_action(reply: str) -> tuple[str, str | None]:
    """(action text, None), or (the reply, reason) when the reply holds no fenced action.

    The action is the fenced text after "the next action I will perform is"; failing that, the last
    fenced block of the reply. A language tag on the fence's first line (```text) is dropped."""
    if not reply or not reply.strip():
        return reply or "", "the model's reply is empty"
    blocks = _SUMMARY.findall(reply) or _FENCED.findall(reply)
    if not blocks:
        return reply.strip()[-300:], ("the model's reply has no action between ``` ```; expected it to end "
                                      "with: In summary, the next action I will perform is ```click [12]```")
    action = blocks[-1].strip()
    first, _, rest = action.partition("\n")
    if rest and re.fullmatch(r"[a-z]+", first.strip()) and first.strip() not in (
            "new_tab", "close_tab", "go_back", "go_forward", "stop"):
        action = rest.strip()
    return action, None
