"""An observation right after another, with no action between them, asks the browser over the DevTools sockets
whether anything changed (agent/browser/settle.py: Page.still) instead of settling through ChromeDriver: what
the page did on its own between them still shows."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("delay_ms", [0, 30])
def test_a_page_that_navigates_on_its_own_is_observed_on_its_new_document(som_env, pages, delay_ms):
    som_env.open([pages("basic.html")])
    som_env.observe()
    som_env.driver.execute_script(f"setTimeout(() => {{ location.href = 'second.html'; }}, {delay_ms})")
    first = som_env.observe()  # the old document or the new one, whole: never a mix, never an error
    assert first.url in (pages("basic.html"), pages("second.html"))
    assert ("Fixture shop" in first.text) == (first.url == pages("basic.html"))
    obs = som_env.observe()
    for _ in range(20):  # the navigation has a few tasks to run: observe until it committed
        if obs.url == pages("second.html"):
            break
        obs = som_env.observe()
    assert obs.url == pages("second.html") and obs.tabs[0].title == "Second fixture"
    assert "Fixture shop" not in obs.text
