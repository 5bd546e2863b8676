"""Tabs, navigation and the exact viewport in every tab."""

from __future__ import annotations

import pytest
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

from agent.actions import parse_action


def _size(env):
    return env.driver.execute_script("return [innerWidth, innerHeight, devicePixelRatio]")


def test_open_several_urls_one_tab_each(som_env, pages):
    som_env.open([pages("basic.html"), pages("second.html"), pages("long.html")])
    obs = som_env.observe()
    assert [t.title for t in obs.tabs] == ["Basic fixture", "Second fixture", "Long fixture"]
    assert obs.focused_tab == 0 and obs.url == pages("basic.html")
    som_env.open([pages("second.html")])  # extra tabs are closed again
    assert [t.url for t in som_env.observe().tabs] == [pages("second.html")]


def test_every_tab_is_listed_with_its_own_page_whichever_is_focused(som_env, pages):
    """A multi-site task starts on two tabs and moves between them: the list must name each tab's own page
    (an agent reads the other tab's URL there), and the focus stays where it was."""
    urls = [pages("basic.html"), pages("second.html"), pages("long.html")]
    som_env.open(urls)
    for focus in (1, 2, 0):
        assert som_env.step(parse_action(f"tab_focus [{focus}]")) is None
        obs = som_env.observe()
        assert [(t.title, t.url) for t in obs.tabs] == [
            ("Basic fixture", urls[0]),
            ("Second fixture", urls[1]),
            ("Long fixture", urls[2]),
        ], focus
        assert obs.focused_tab == focus and obs.url == urls[focus]
        assert som_env.driver.current_url == urls[focus]


def test_tab_actions(som_env, pages):
    som_env.open([pages("basic.html")])
    assert som_env.step(parse_action("new_tab")) is None
    obs = som_env.observe()
    assert len(obs.tabs) == 2 and obs.focused_tab == 1 and obs.url == "about:blank"
    assert _size(som_env) == [1280, 2048, 1]  # the viewport override reaches new tabs
    assert som_env.step(parse_action(f"goto [{pages('long.html')}]")) is None
    assert som_env.step(parse_action("tab_focus [0]")) is None
    obs = som_env.observe()
    assert obs.focused_tab == 0 and obs.url == pages("basic.html")
    assert [t.title for t in obs.tabs] == ["Basic fixture", "Long fixture"]
    error = som_env.step(parse_action("tab_focus [5]"))
    assert error and "no such tab" in error and "0..1" in error
    assert som_env.step(parse_action("tab_focus [1]")) is None
    assert som_env.step(parse_action("close_tab")) is None
    obs = som_env.observe()
    assert len(obs.tabs) == 1 and obs.url == pages("basic.html")
    assert som_env.step(parse_action("close_tab")) is None  # closing the last tab leaves a blank one
    obs = som_env.observe()
    assert len(obs.tabs) == 1 and obs.url == "about:blank"
    assert _size(som_env) == [1280, 2048, 1]


def _click_on_basic_page(env, pages, text: str) -> None:
    """basic.html opened, and its element showing `text` clicked."""
    env.open([pages("basic.html")])
    env.observe()
    link = env.resolve_element_id(text=text)
    assert env.step(parse_action(f"click [{link}]")) is None


def test_target_blank_link_opens_and_focuses_a_tab(som_env, pages):
    _click_on_basic_page(som_env, pages, "Open in new tab")
    obs = som_env.observe()
    assert len(obs.tabs) == 2 and obs.focused_tab == 1
    assert obs.url == pages("second.html") + "?from=blank"
    assert "query: ?from=blank" in obs.text
    assert _size(som_env) == [1280, 2048, 1]


def test_goto_back_forward(som_env, pages):
    _click_on_basic_page(som_env, pages, "Second page")
    assert som_env.observe().url == pages("second.html")
    assert som_env.step(parse_action("go_back")) is None
    assert som_env.observe().url == pages("basic.html")
    assert som_env.step(parse_action("go_forward")) is None
    assert som_env.observe().url == pages("second.html")
    assert som_env.step(parse_action(f"goto [{pages('long.html')}]")) is None
    assert som_env.observe().tabs[0].title == "Long fixture"


def test_set_viewport_changes_the_screenshot(som_env, pages):
    import io

    from PIL import Image

    try:
        som_env.open([pages("basic.html")])
        som_env.set_viewport(1024, 768)
        assert Image.open(io.BytesIO(som_env.observe().screenshot)).size == (1024, 768)
        assert som_env.step(parse_action("new_tab")) is None
        assert _size(som_env) == [1024, 768, 1]
    finally:
        som_env.set_viewport(1280, 2048)
    assert Image.open(io.BytesIO(som_env.observe().screenshot)).size == (1280, 2048)


def test_dialogs_are_accepted_and_reported(som_env, pages):
    som_env.open([pages("dialog.html")])
    som_env.observe()
    assert som_env.step(parse_action(f"click [{som_env.resolve_element_id(css='#delete')}]")) is None
    obs = som_env.observe()
    assert "[] [StaticText] [confirmed]" in obs.text
    assert obs.meta["dialogs"] == ["Delete this listing?"]
    assert som_env.observe().meta["dialogs"] == []  # reported once


def test_tab_titles_are_the_documents_titles(som_env, pages):
    som_env.open([pages("untitled.html"), pages("basic.html"), "about:blank"])
    obs = som_env.observe()
    assert [t.title for t in obs.tabs] == ["", "Basic fixture", ""]  # as document.title gives them
    assert [t.url for t in obs.tabs] == [pages("untitled.html"), pages("basic.html"), "about:blank"]
    assert som_env.step(parse_action("tab_focus [1]")) is None
    obs = som_env.observe()
    assert obs.focused_tab == 1 and [t.title for t in obs.tabs] == ["", "Basic fixture", ""]


def test_tabs_the_page_opens_and_closes_are_noticed(som_env, pages):
    som_env.open([pages("basic.html")])
    som_env.observe()
    som_env.driver.execute_script("window.open('second.html', '_blank')")  # opened by the page
    obs = som_env.observe()
    assert len(obs.tabs) == 2 and obs.focused_tab == 1 and obs.url == pages("second.html")
    som_env.driver.execute_script("window.close()")  # ... and closed by it
    obs = som_env.observe()
    assert len(obs.tabs) == 1 and obs.focused_tab == 0 and obs.url == pages("basic.html")


@pytest.mark.parametrize("when", ["before the observation", "while it reads the page"])
def test_a_dialog_the_page_opens_by_itself_is_accepted_and_reported(som_env, pages, when):
    som_env.open([pages("dialog.html")])
    som_env.observe()
    som_env.driver.execute_script(
        "setTimeout(() => { document.getElementById('answer').textContent ="
        " confirm('Keep going?') ? 'kept' : 'stopped'; }, 0)"
    )
    WebDriverWait(som_env.driver, 5).until(expected_conditions.alert_is_present())
    if when == "before the observation":
        obs = som_env.observe()
    else:  # a read over the DevTools socket, which a dialog holds until it is closed
        from agent.browser.reads import _Reads

        reads = _Reads(
            som_env.channel, som_env.channel.socket(), {"probe": ("Runtime.evaluate", {"expression": "1 + 1"})}
        )
        assert reads.get("probe")["result"]["value"] == 2
        obs = som_env.observe()
    assert obs.meta["dialogs"] == ["Keep going?"]
    assert "[] [StaticText] [kept]" in obs.text
