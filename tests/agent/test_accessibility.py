"""Accessibility-tree observations and actions on accessibility node ids, in a real Chromium."""

from __future__ import annotations

import re

import pytest

from agent.actions import parse_action
from tests.found import found


def _line_of(text: str, pattern: str) -> str:
    hits = [line for line in text.splitlines() if re.search(pattern, line)]
    assert hits, f"no line matches {pattern!r} in:\n{text}"
    return hits[0]


def _id(line: str) -> str:
    return found(r"\[(\d+)\]", line)


def test_tree_has_expected_roles_and_names(ax_env, pages):
    ax_env.open([pages("basic.html")])
    obs = ax_env.observe()
    assert obs.mode == "accessibility_tree" and obs.som_screenshot is None
    text = obs.text
    assert re.match(r"\[\d+\] RootWebArea 'Basic fixture'", text)
    _line_of(text, r"^\t\[\d+\] heading 'Fixture shop' level: 1$")
    _line_of(text, r"\[\d+\] link 'Second page'")
    _line_of(text, r"\[\d+\] button 'Add to cart'")
    _line_of(text, r"\[\d+\] textbox 'Search' value: 'old text'")
    _line_of(text, r"\[\d+\] combobox 'Colour' value: 'Red'")
    _line_of(text, r"\[\d+\] checkbox 'I agree' checked: False")
    assert "Secret" not in text  # display: none
    assert "generic ''" not in text and "InlineTextBox" not in text  # pruned
    # a link's own text is not repeated as a StaticText child
    assert not re.search(r"link 'Second page'\n\t+\[\d+\] StaticText 'Second page'", text)


def test_click_and_type_on_node_ids(ax_env, pages):
    ax_env.open([pages("basic.html")])
    text = ax_env.observe().text
    button = _id(_line_of(text, r"button 'Add to cart'"))
    assert ax_env.step(parse_action(f"click [{button}]")) is None
    assert ax_env.driver.find_element("id", "status").text == "clicked 1"
    checkbox = _id(_line_of(text, r"checkbox 'I agree'"))
    assert ax_env.step(parse_action(f"click [{checkbox}]")) is None
    assert re.search(r"checkbox 'I agree' .*checked: True", ax_env.observe().text)
    box = ax_env.resolve_element_id(css="#q")
    assert ax_env.step(parse_action(f"type [{box}] [lamp]")) is None
    assert ax_env.driver.current_url.endswith("/second.html?q=lamp")


def test_static_text_id_acts_on_its_element(ax_env, pages):
    ax_env.open([pages("basic.html")])
    text = ax_env.observe().text
    hover = _id(_line_of(text, r"StaticText 'Hover me'"))
    assert ax_env.step(parse_action(f"hover [{hover}]")) is None
    assert ax_env.driver.find_element("id", "hover-status").text == "hovered"


def test_current_viewport_only_filters_by_bounds(ax_env, pages):
    env = ax_env
    env.current_viewport_only = True
    env.set_viewport(800, 600)
    try:
        env.open([pages("long.html")])
        text = env.observe().text
        assert "Top button" in text and "Bottom button" not in text and "Middle text" not in text
        for _ in range(3):  # 3 x 600 px: the viewport shows y 1800..2400, around the third block's top
            assert env.step(parse_action("scroll [down]")) is None
        text = env.observe().text
        assert "Top button" not in text and "Lower middle" in text
        assert env.driver.execute_script("return [innerWidth, innerHeight]") == [800, 600]
    finally:
        env.current_viewport_only = False
        env.set_viewport(1280, 2048)


def test_full_tree_lists_off_screen_nodes(ax_env, pages):
    ax_env.open([pages("long.html")])
    text = ax_env.observe().text
    assert "Top button" in text and "Bottom button" in text and "Footer area" in text


def test_resolve_by_css_and_text(ax_env, pages):
    ax_env.open([pages("basic.html")])
    text = ax_env.observe().text
    button = _id(_line_of(text, r"button 'Add to cart'"))
    assert ax_env.resolve_element_id(css="#counter") == button
    assert ax_env.resolve_element_id(text="Add to cart") == button
    assert ax_env.resolve_element_id(css="a", text="new tab") == _id(_line_of(text, r"link 'Open in new tab'"))
    with pytest.raises(LookupError, match="Nothing here"):
        ax_env.resolve_element_id(text="Nothing here")


def test_resolve_css_of_a_pruned_container_reaches_its_content(ax_env, pages):
    ax_env.open([pages("basic.html")])
    text = ax_env.observe().text
    hover_text = _id(_line_of(text, r"StaticText 'Hover me'"))
    assert ax_env.resolve_element_id(css="#hover-target") == hover_text  # the div itself is pruned
    with pytest.raises(LookupError, match="invalid CSS selector"):
        ax_env.resolve_element_id(css="button[")


def test_click_on_an_option_of_a_closed_list_selects_it(ax_env, pages):
    ax_env.open([pages("basic.html")])
    green = _id(_line_of(ax_env.observe().text, r"option 'Green'"))
    assert ax_env.step(parse_action(f"click [{green}]")) is None
    assert ax_env.driver.find_element("id", "colour").get_attribute("value") == "Green"


def test_the_tree_is_read_without_polluting_the_page(ax_env, pages):
    ax_env.open([pages("basic.html")])
    text = ax_env.observe().text
    box = _id(_line_of(text, r"textbox 'Search'"))
    assert ax_env.step(parse_action(f"type [{box}] [kettle] [0]")) is None
    assert ax_env.driver.find_element("id", "q").get_attribute("value") == "kettle"
    assert ax_env.driver.execute_script("return Object.keys(window).filter((k) => k.startsWith('__vwa'))") == []
