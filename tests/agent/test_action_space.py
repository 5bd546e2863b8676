"""The action space is defined once (agent/actions.py): the prompt's list of actions, the parser, the written form,
the reply reader and the browser all come from the same definitions, and the prompt text is what the prompt agents
have always been shown."""

from __future__ import annotations

import inspect

import pytest

from agent.actions import ACTIONS, Action, ActionType, Browser, InvalidAction, action, parse_action
from agent.browser.act import Actions
from agent.prompts.instructions import ACTION_GRAMMAR, system_prompt
from agent.prompts.reply import extract_action

# the prompt agents' list of actions, byte for byte as it was written by hand before the definitions existed
GRAMMAR_BEFORE = """\
Actions you can take (exactly one per turn):
  click [id]               click the element with that id
  hover [id]               move the mouse over the element
  type [id] [text] [1|0]   replace the content of a text field with text; 1 presses Enter \
afterwards (default), 0 does not
  press [keys]             press a key or combination, e.g. press [Enter], press [Ctrl+a]
  scroll [up|down]         scroll the page by one screen
  new_tab                  open a new, empty tab
  tab_focus [index]        switch to the tab with that index (0 is the first)
  close_tab                close the current tab
  goto [url]               load a URL in the current tab
  go_back / go_forward     browser history
  stop [answer]            finish; put the answer in the brackets when the task asks a question,
                           or stop [N/A] when you are sure the task cannot be done. \
Otherwise stop [] once done."""

# one written example per form of every action
EXAMPLES = {
    "click": ["click [3]"],
    "hover": ["hover [4]"],
    "type": ["type [5] [a [b] c] [0]", "type [5] [red dress] [1]"],
    "press": ["press [Ctrl+a]"],
    "scroll": ["scroll [down]", "scroll [7] [up]"],
    "new_tab": ["new_tab"],
    "tab_focus": ["tab_focus [1]"],
    "close_tab": ["close_tab"],
    "goto": ["goto [http://x/y?q=1]"],
    "go_back": ["go_back"],
    "go_forward": ["go_forward"],
    "stop": ["stop [yes]", "stop []"],
    "wait": ["wait"],
}


def test_the_prompt_lists_the_actions_as_before():
    assert ACTION_GRAMMAR == GRAMMAR_BEFORE
    for mode in ("text", "caption", "multimodal", "som"):
        assert f"\n\n{GRAMMAR_BEFORE}\n\n" in system_prompt(mode)


def test_every_action_type_has_one_definition_in_order():
    assert list(ACTIONS) == [kind.value for kind in ActionType] == list(EXAMPLES)
    for name, definition in ACTIONS.items():
        assert definition.type.value == name and callable(definition.execute)
        assert definition.help == inspect.cleandoc(definition.execute.__doc__ or "") != ""


@pytest.mark.parametrize("text", [t for forms in EXAMPLES.values() for t in forms])
def test_each_written_form_parses_back_to_itself(text):
    parsed = parse_action(text)
    assert isinstance(parsed, Action) and str(parsed) == text
    assert parse_action(str(parsed)) == Action(**{**parsed.__dict__, "raw": str(parsed)})


def test_a_malformed_action_names_its_definitions_usage_and_an_unknown_one_lists_them_all():
    for name, definition in ACTIONS.items():
        if definition.takes_no_argument() and name != "stop":
            bad = parse_action(f"{name} [1]")
            assert isinstance(bad, InvalidAction) and bad.reason == f"malformed {name!r} action; expected `{name}`"
    bad = parse_action("jump [3]")
    assert isinstance(bad, InvalidAction)
    assert bad.reason == f"unknown action 'jump'; expected one of: {', '.join(ACTIONS)}"


def test_an_action_is_defined_once():
    with pytest.raises(ValueError, match="action 'click' is defined twice"):
        action(ActionType.CLICK)(lambda browser, a: None)


def test_the_reply_reader_keeps_a_bare_action_and_drops_a_language_tag():
    assert extract_action("```go_back\n```")[0] == "go_back"
    assert extract_action("```text\nclick [3]```")[0] == "click [3]"
    assert extract_action("```new_tab\nclick [3]```")[0] == "new_tab\nclick [3]"


def test_the_browser_has_every_primitive_the_actions_use():
    primitives = [name for name in vars(Browser) if not name.startswith("_")]
    assert primitives and all(callable(getattr(Actions, name, None)) for name in primitives), primitives
    for name in primitives:
        wanted = list(inspect.signature(getattr(Browser, name)).parameters)
        assert list(inspect.signature(getattr(Actions, name)).parameters) == wanted, name
