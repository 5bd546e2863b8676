"""The sighted agent on the real embedded store: it finds a product by its photo alone (the CSS selector it
is given is wrong on purpose: it never uses it), records score and margin, and gives up on a photo that is
not there. Real sites, real Chromium, a picture rendered from the product's spec."""

from __future__ import annotations

import pytest

from agent.agents.sighted import SightedAgent
from agent.browser import BrowserEnv
from agent.episode import run_episode
from sites.arena import Arena

# one worker runs the module (make test: --dist loadgroup), so its module-scoped arena or browser starts once
pytestmark = pytest.mark.xdist_group("agent_loop/test_sighted")

CATEGORY = "/clothing-shoes-jewelry/boys/tops.html?product_list_limit=36"
PRODUCT = "/quillon-boys-deluxe-shirt.html"
ELSEWHERE = "/pioneer-works-mens-comfort-shirt.html"  # sold under Men's shirts, not on this page


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    with Arena(sites=["shopping"], run_dir=tmp_path_factory.mktemp("arena")) as arena:
        with BrowserEnv(viewport=(1280, 2048), mode="som") as env:
            yield arena.urls["shopping"], env


def _solution(tmp_path, product: str) -> list[dict]:
    from tasks.build.sight import png_of, product_picture

    (tmp_path / "p.png").write_bytes(png_of(product_picture(product)))
    return [
        {"do": "goto", "url": "__SHOPPING__" + CATEGORY},
        {"do": "click", "css": "#no-such-element", "sight": {"picture": "p.png"}},
        {"do": "stop", "answer": "done"},
    ]


def test_the_product_is_found_by_its_photo_and_opened(store, tmp_path):
    base, env = store
    agent = SightedAgent(_solution(tmp_path, PRODUCT), task_dir=tmp_path, url_map={"__SHOPPING__": base})
    result = run_episode(env, agent, intent="open the shirt in the picture", start_urls=[base + "/"])
    assert result.stop_reason == "stop" and result.final_url == base + PRODUCT, result.steps[-1].error
    found = result.steps[1].detail
    assert found["by"] == "picture" and found["found"] is True
    assert found["score"] >= 0.9 and found["margin"] >= 0.1, found
    assert agent.summary()["by_picture"] == 1 and agent.summary()["min_margin"] == found["margin"]


def test_a_photo_link_mark_takes_the_click(store):
    """The photo of a product card is a mark of its own (a link around the image); clicking it opens the product."""
    base, env = store
    env.open([base + CATEGORY])
    obs = env.observe()
    photo = next(m for m in obs.meta["marks"] if m.tag == "A" and m.box[3] > 100 and "Quillon Boys' Deluxe" in m.text)
    from agent.actions import parse_action

    assert env.step(parse_action(f"click [{photo.id}]")) is None
    assert env.observe().url == base + PRODUCT


def test_a_photo_that_is_not_on_the_page_is_not_clicked(store, tmp_path):
    base, env = store
    agent = SightedAgent(_solution(tmp_path, ELSEWHERE), task_dir=tmp_path, url_map={"__SHOPPING__": base})
    result = run_episode(env, agent, intent="open the shirt in the picture", start_urls=[base + "/"])
    assert result.stop_reason == "invalid_actions"
    assert [s.action_text for s in result.steps[1:3]] == ["scroll [down]", "scroll [down]"]
    assert all(not s.detail.get("found") for s in result.steps[1:])
    assert "not found on screen" in (result.steps[-1].error or "")
