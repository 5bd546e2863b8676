"""How many ChromeDriver requests an observation and each action costs: counted, not timed (timings move
with the machine's load; the counts do not). A change that adds a request per step shows up here."""

from __future__ import annotations

import collections
import contextlib

from agent.actions import parse_action


@contextlib.contextmanager
def _requests(env):
    """Count the WebDriver commands the env sends (by name) while the block runs."""
    counts: collections.Counter = collections.Counter()
    executor = env.driver.command_executor
    original = executor.execute

    def counting(command, params):
        counts[command] += 1
        return original(command, params)

    executor.execute = counting
    try:
        yield counts
    finally:
        del executor.execute


def test_an_observation_and_each_action_cost_few_requests(som_env, pages):
    som_env.open([pages("basic.html")])
    with _requests(som_env) as counts:
        som_env.observe()  # the document's isolated world exists from here on
    assert sum(counts.values()) == 0, counts  # settled by open(): the observation only waits for the view
    with _requests(som_env) as counts:
        obs = som_env.observe()
        assert obs.som_screenshot and obs.text
    # after an observation and no action: the tabs, the document's state, the collector and the screenshot all
    # go over the DevTools sockets
    assert sum(counts.values()) == 0, counts
    button = som_env.resolve_element_id(text="Add to cart")
    with _requests(som_env) as counts:
        assert som_env.step(parse_action(f"click [{button}]")) is None
    # the mouse actions, then the document's state (the hit test and the tabs go over the sockets)
    assert sum(counts.values()) == 2 and counts["actions"] == 1, counts
    with _requests(som_env) as counts:
        som_env.observe()
    assert sum(counts.values()) == 0, counts  # settled by the step: the observation only waits for the view
    field = som_env.resolve_element_id(css="#no-enter")
    with _requests(som_env) as counts:
        assert som_env.step(parse_action(f"type [{field}] [abc] [1]")) is None
    assert sum(counts.values()) == 3 and counts["actions"] == 2, counts  # click; keys with Enter
    with _requests(som_env) as counts:
        assert som_env.step(parse_action("scroll [down]")) is None
    assert sum(counts.values()) == 1, counts  # the scroll script reads the state too
    with _requests(som_env) as counts:
        assert som_env.step(parse_action(f"goto [{pages('second.html')}]")) is None
    assert sum(counts.values()) == 2 and counts["get"] == 1, counts  # the load reads the state once


def test_several_tabs_are_listed_without_switching_to_each(som_env, pages):
    som_env.open([pages("basic.html"), pages("second.html"), pages("long.html")])
    som_env.observe()
    with _requests(som_env) as counts:
        obs = som_env.observe()
    assert [t.title for t in obs.tabs] == ["Basic fixture", "Second fixture", "Long fixture"]
    assert counts["switchToWindow"] == 0 and sum(counts.values()) == 0, counts  # all over the DevTools sockets
