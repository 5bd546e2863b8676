"""Edge cases of the action grammar (agent/actions.py) and the key names of `press` (agent/keys.py)."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.keys import Keys

from agent.actions import Action, ActionType, InvalidAction, parse_action
from agent.keys import parse_key_comb


def valid(text: str) -> Action:
    """The action `text` parses to; the test fails when it is an InvalidAction."""
    action = parse_action(text)
    assert isinstance(action, Action), action
    return action


def test_type_keeps_brackets_inside_the_text():
    a = parse_action("type [12] [shoes [size 9] ] [0]")
    assert isinstance(a, Action)
    assert (a.type, a.element_id, a.text, a.press_enter) == (ActionType.TYPE, "12", "shoes [size 9] ", False)


def test_type_without_flag_presses_enter():
    a = parse_action("type [3] [red dress]")
    assert isinstance(a, Action) and a.text == "red dress" and a.press_enter is True


def test_type_with_empty_text():
    a = parse_action("type [3] [] [1]")
    assert isinstance(a, Action) and a.text == "" and a.press_enter is True


@pytest.mark.parametrize(
    "text,direction",
    [
        ("scroll [down]", "down"),
        ("scroll [up]", "up"),
        ("scroll [direction=down]", "down"),
        ("scroll [ direction = UP ]", "up"),
        ("Scroll [Down]", "down"),
    ],
)
def test_scroll_forms(text, direction):
    a = parse_action(text)
    assert isinstance(a, Action) and a.type is ActionType.SCROLL and a.direction == direction


@pytest.mark.parametrize(
    "text",
    ["scroll [left]", "scroll", "click [abc]", "click []", "type [3]", "tab_focus [x]", "goto []", "new_tab [1]"],
)
def test_malformed_actions_name_the_expected_form(text):
    a = parse_action(text)
    assert isinstance(a, InvalidAction)
    assert "expected" in a.reason


@pytest.mark.parametrize(
    "text,reason_part",
    [
        ("press [Ctrl+Banana]", "unknown key 'Banana'"),
        ("press [Hyper+a]", "unknown modifier 'Hyper'"),
        ("press [Ctrl++]", "empty key"),
    ],
)
def test_unknown_keys_are_invalid(text, reason_part):
    a = parse_action(text)
    assert isinstance(a, InvalidAction) and reason_part in a.reason


@pytest.mark.parametrize("text", ["", "   ", "lorem ipsum", "I think I should click [3]", '{"action": 1}', None, 42])
def test_garbage_is_invalid_not_an_exception(text):
    a = parse_action(text)
    assert isinstance(a, InvalidAction) and a.reason


def test_stop_answers_and_goto_urls():
    assert valid("stop [$12.99]").answer == "$12.99"
    assert valid("stop").answer == ""
    assert valid("stop [N/A]").answer == "N/A"
    assert (
        valid("goto [http://127.0.0.1:9980/index.php?page=search&sPattern=a]").url
        == "http://127.0.0.1:9980/index.php?page=search&sPattern=a"
    )
    assert valid("tab_focus [2]").tab_index == 2


def test_round_trip_of_str():
    for text in [
        "click [3]",
        "hover [4]",
        "type [5] [a b] [0]",
        "press [Ctrl+a]",
        "scroll [down]",
        "new_tab",
        "tab_focus [1]",
        "close_tab",
        "goto [http://x/y]",
        "go_back",
        "go_forward",
        "stop [yes]",
    ]:
        assert str(parse_action(text)) == text


def test_key_combs_map_to_selenium_keys():
    assert parse_key_comb("Enter").key == Keys.ENTER and parse_key_comb("Enter").modifiers == ()
    chord = parse_key_comb("Ctrl+Shift+a")
    assert chord.modifiers == (Keys.CONTROL, Keys.SHIFT) and chord.key == "a"
    assert parse_key_comb("Meta+a").modifiers == (Keys.CONTROL,)  # the command key of Linux Chromium
    assert parse_key_comb("arrowleft").key == Keys.ARROW_LEFT
    with pytest.raises(ValueError, match="unknown key 'Nope'"):
        parse_key_comb("Alt+Nope")


def test_press_accepts_exactly_what_the_browser_can_press():
    # parse_action validates keys with agent.keys.parse_key_comb, the table env.step presses with
    assert valid("press [+]").key_comb == "+"
    assert parse_key_comb("+").key == "+"
    for comb in ("Ctrl+Shift+ArrowLeft", "Option+F12", "Cmd+Insert"):
        assert isinstance(parse_action(f"press [{comb}]"), Action)
        parse_key_comb(comb)
