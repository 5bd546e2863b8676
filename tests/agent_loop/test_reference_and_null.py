"""The reference and null agents run real episodes in Chromium on the fixture pages."""

from __future__ import annotations

import pytest

from agent.agents import make_agent, parse_solution
from agent.agents.reference import ReferenceAgent
from agent.episode import run_episode


def test_reference_agent_replays_a_solution_through_the_action_path(env_a11y, pages, tmp_path):
    solution = [
        {"do": "type", "css": "input[name=q]", "value": "red bike", "enter": True},
        {"do": "go_back"},
        {"do": "click", "text": "Red bicycle"},
        {"do": "stop", "answer": "$120.00"},
    ]
    agent = make_agent("reference", env=env_a11y, solution=solution)
    result = run_episode(
        env_a11y,
        agent,
        intent="Find the red bicycle's price",
        images=[],
        start_urls=[f"{pages}/index.html"],
        max_steps=10,
        record_dir=tmp_path,
    )
    assert result.error is None
    assert result.stop_reason == "stop"
    assert result.answer == "$120.00"
    assert result.final_url == f"{pages}/item.html"
    actions = [s.action_text for s in result.steps]
    # ids came from the live observation, and the text went through parse_action like model output
    assert actions[0].startswith("type [") and actions[0].endswith("[red bike] [1]")
    assert actions[1] == "go_back" and actions[2].startswith("click [") and actions[3] == "stop [$120.00]"
    assert all(s.valid and s.error is None for s in result.steps)
    assert result.steps[1].url.startswith(f"{pages}/search.html?q=red+bike")
    assert all(s.screenshot_path and s.screenshot_path.read_bytes()[:4] == b"\x89PNG" for s in result.steps)


def test_unresolvable_reference_step_is_an_invalid_action_not_a_crash(env_a11y, pages):
    solution = [{"do": "click", "css": "#no-such-element"}, {"do": "stop", "answer": "never"}]
    agent = make_agent("reference", env=env_a11y, solution=solution)
    result = run_episode(env_a11y, agent, intent="x", images=[], start_urls=[f"{pages}/index.html"])
    assert result.error is None
    assert result.stop_reason == "invalid_actions"
    assert result.answer is None
    assert len(result.steps) == 3
    assert all(not s.valid for s in result.steps)
    error = result.steps[0].error or ""
    assert "#no-such-element" in error and "not found" in error


def test_reference_goto_substitutes_url_placeholders(env_a11y, pages):
    solution = [{"do": "goto", "url": "__MARKET__/item.html"}, {"do": "stop", "answer": ""}]
    agent = make_agent("reference", env=env_a11y, solution=solution, settings={"url_map": {"__MARKET__": pages}})
    result = run_episode(env_a11y, agent, intent="x", images=[], start_urls=[f"{pages}/index.html"])
    assert result.stop_reason == "stop" and result.answer == ""
    assert result.final_url == f"{pages}/item.html"


def test_reference_agent_without_solution_is_refused(env_a11y):
    with pytest.raises(ValueError, match="reference_solution"):
        make_agent("reference", env=env_a11y, solution=None)


def test_null_agent_stops_at_once_with_an_empty_answer(env_a11y, pages):
    agent = make_agent("null")
    result = run_episode(env_a11y, agent, intent="Find the price", images=[], start_urls=[f"{pages}/index.html"])
    assert result.stop_reason == "stop"
    assert result.answer == ""
    assert len(result.steps) == 1 and result.steps[0].action_text == "stop []"
    assert result.final_url == f"{pages}/index.html"


def test_two_start_urls_open_two_tabs(env_a11y, pages):
    solution = [{"do": "tab_focus", "index": 1}, {"do": "stop", "answer": "ok"}]
    agent = ReferenceAgent(env_a11y, solution)
    result = run_episode(
        env_a11y, agent, intent="x", images=[], start_urls=[f"{pages}/index.html", f"{pages}/item.html"]
    )
    assert result.stop_reason == "stop"
    assert "Tab 1" in result.steps[0].tabs
    assert result.final_url == f"{pages}/item.html"


@pytest.mark.parametrize(
    "steps, message",
    [
        ({"do": "stop"}, "must be a list"),
        ([{"do": "click"}], r"reference_solution\[0\]: field 'css' or 'text'"),
        ([{"do": "stop", "answer": "1"}, {"do": "fly"}], r"reference_solution\[1\]: field 'do'"),
        ([{"do": "type", "css": "input", "value": "a", "enter": "yes"}], r"\[0\]: field 'enter'"),
        ([{"do": "tab_focus", "index": -1}], r"\[0\]: field 'index'"),
        ([{"do": "scroll", "direction": "left"}], r"\[0\]: field 'direction'"),
        ([{"do": "click", "css": "a", "value": "x"}], r"\[0\]: unknown field\(s\) value"),
        ([{"do": "goto"}], r"\[0\]: field 'url' is required"),
    ],
)
def test_parse_solution_names_the_step_and_field(steps, message):
    with pytest.raises(ValueError, match=message):
        parse_solution(steps)


def test_parse_solution_accepts_every_step_kind():
    steps = parse_solution(
        [
            {"do": "click", "css": "a"},
            {"do": "hover", "text": "Menu"},
            {"do": "type", "css": "input", "value": "v", "enter": False},
            {"do": "press", "key": "Enter"},
            {"do": "scroll", "direction": "up"},
            {"do": "goto", "url": "http://x"},
            {"do": "go_back"},
            {"do": "go_forward"},
            {"do": "new_tab"},
            {"do": "tab_focus", "index": 1},
            {"do": "close_tab"},
            {"do": "stop", "answer": "42"},
        ]
    )
    assert [s.do for s in steps] == [
        "click",
        "hover",
        "type",
        "press",
        "scroll",
        "goto",
        "go_back",
        "go_forward",
        "new_tab",
        "tab_focus",
        "close_tab",
        "stop",
    ]
    assert steps[2].enter is False and steps[-1].answer == "42"


def test_dead_browser_ends_the_episode_as_an_error_with_its_cause(pages):
    from agent.browser import BrowserEnv
    from tests.agent_loop.conftest import VIEWPORT

    env = BrowserEnv(viewport=VIEWPORT, mode="accessibility_tree")
    try:
        env.open([f"{pages}/index.html"])
        agent = make_agent("null")
        env.driver.quit()  # the session dies between two tasks
        result = run_episode(env, agent, intent="x", images=[], start_urls=[f"{pages}/index.html"])
    finally:
        env.close()
    assert result.stop_reason == "error" and result.answer is None
    # BrowserEnv reports a dead session as BrowserCrashed; a vanished chromedriver surfaces as a refused connection
    assert any(
        cause in (result.error or "") for cause in ("BrowserCrashed", "Connection refused", "invalid session id")
    )
