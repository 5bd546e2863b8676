"""The instructions of the prompt agents (this project's own wording), one variant per observation mode; the
actions' lines come from their definitions (agent/actions.py)."""

from __future__ import annotations

from agent.actions import prompt_lines

ACTION_GRAMMAR = "\n".join(["Actions you can take (exactly one per turn):", *prompt_lines()])

ANSWER_FORMAT = (
    "Think step by step about what the page shows and what is left to do. Then end your reply "
    "with exactly one line of the form:\n"
    "In summary, the next action I will perform is ```click [12]```\n"
    "with your chosen action between the triple backticks."
)

_OBSERVATION = {
    "text": (
        "Each turn you receive the objective, the URL of the current page, the open tabs, your previous "
        "action and the page as an accessibility tree: one line per element, `[id] role 'name'`, indented "
        "by nesting."
    ),
    "caption": (
        "Each turn you receive the objective, the URL of the current page, the open tabs, your previous "
        "action and the page as an accessibility tree: one line per element, `[id] role 'name'`. "
        "Images carry a written description of their content in their name. Images given with the "
        "objective are described in words too."
    ),
    "multimodal": (
        "Each turn you receive the objective, a screenshot of the current page, its URL, the open "
        "tabs, your previous action and the page as an accessibility tree: one line per element, "
        "`[id] role 'name'`. Images given with the objective are attached as images."
    ),
    "som": (
        "Each turn you receive the objective, a screenshot of the current page on which every element you "
        "can act on is framed and labelled with its id, the list of those elements (`[id] [TAG] [text]`; "
        "lines starting with `[]` are plain text), the URL, the open tabs and your previous action. "
        "Images given with the objective are attached as images."
    ),
}

_RULES = """\
Rules:
- Use only ids shown in the current observation; they change from page to page.
- Do one action per turn, and do not repeat an action that did not change the page.
- If the page shows an error about your last action, read it and choose differently.
- Answer questions from what the sites show, not from memory. Prices, counts and names must be copied exactly."""


def system_prompt(mode: str, sites_note: str = "") -> str:
    if mode not in _OBSERVATION:
        raise ValueError(f"unknown prompt mode {mode!r}; expected one of {', '.join(_OBSERVATION)}")
    intro = (
        "You are an agent that completes tasks on websites with a web browser: an online classifieds site, "
        "an online shop, a discussion forum and an offline encyclopedia. "
        "You act one step at a time until the objective is reached."
    )
    parts = [intro, _OBSERVATION[mode], ACTION_GRAMMAR, _RULES, ANSWER_FORMAT]
    if sites_note:
        parts.insert(2, sites_note)
    return "\n\n".join(parts)
