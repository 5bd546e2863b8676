"""Reading the action out of a model's reply."""

from __future__ import annotations

import re

from agent.actions import ACTIONS

# the actions a model may write alone (no argument): a first fenced line holding one of them is the action, not
# a language tag
_ALONE = tuple(d.name for d in ACTIONS.values() if d.prompt is not None and d.takes_no_argument())

_PHRASE = r"next action i will perform is[\s*:]*"
_SUMMARY = re.compile(_PHRASE + r"```(.*?)```", re.I | re.S)
# the same phrase with the action in single backticks, or bare to the end of its line (a trailing full stop and
# markdown bold dropped): models often write it so
_SUMMARY_QUOTED = re.compile(_PHRASE + r"`([^`\n]+)`", re.I)
_SUMMARY_BARE = re.compile(_PHRASE + r"([a-z_]+(?:[ \t]*\[[^\n]*\])*)", re.I)
_FENCED = re.compile(r"```(.*?)```", re.S)


def extract_action(reply: str) -> tuple[str, str | None]:
    """(action text, None), or (the reply, reason) when the reply holds no fenced action.

    The action is the fenced text after "the next action I will perform is" (markdown bold and a colon between
    them allowed); failing that, the action after that phrase in single backticks; failing that, the last fenced
    block of the reply; failing that, the action after the phrase bare to the end of its line. A language tag on
    the fence's first line (```text) is dropped."""
    if not reply or not reply.strip():
        return reply or "", "the model's reply is empty"
    blocks = (
        _SUMMARY.findall(reply)
        or _SUMMARY_QUOTED.findall(reply)
        or _FENCED.findall(reply)
        or [b.strip().rstrip(".*").strip() for b in _SUMMARY_BARE.findall(reply) if b.strip()]
    )
    if not blocks:
        return reply.strip()[-300:], (
            "the model's reply has no action between ``` ```; expected it to end "
            "with: In summary, the next action I will perform is ```click [12]```"
        )
    action = blocks[-1].strip()
    first, _, rest = action.partition("\n")
    if rest and re.fullmatch(r"[a-z]+", first.strip()) and first.strip() not in _ALONE:
        action = rest.strip()
    return action, None
