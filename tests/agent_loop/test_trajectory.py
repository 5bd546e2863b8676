"""The trajectory HTML: shows every step, its screenshot, the answer and the reward; images stored once
each as WebP files in frames/ next to the page (named by their pixels), which opens from disk."""

from __future__ import annotations

import re

import pytest
from PIL import Image
from selenium.webdriver.common.by import By

from agent.agents import make_agent
from agent.episode import run_episode
from agent.trajectory import RAW_SCALE, write_trajectory

# one worker runs the module (make test: --dist loadgroup), so its module-scoped fixture is made once
pytestmark = pytest.mark.xdist_group("agent_loop/test_trajectory")


@pytest.fixture(scope="module")
def trajectory(env_a11y, fixture_server, tmp_path_factory):
    pages = f"{fixture_server}/agent_loop"
    solution = [
        {"do": "click", "text": "Red bicycle", "note": "open the listing"},
        {"do": "click", "css": "#nothing-here"},
        {"do": "stop", "answer": "<b>$120.00</b>"},
    ]
    agent = make_agent("reference", env=env_a11y, solution=solution)
    out = tmp_path_factory.mktemp("traj")
    result = run_episode(
        env_a11y,
        agent,
        intent="Find the price & report it",
        images=[Image.new("RGB", (30, 20), "blue")],
        start_urls=[f"{pages}/index.html"],
        record_dir=out / "shots",
    )
    reward = {
        "score": 0,
        "checks": [{"name": "string_match.must_include", "passed": False, "reason": "'$99' not in the answer"}],
        "error": None,
    }
    path = write_trajectory(
        out / "classifieds_7.html", result, "Find the price & report it", [Image.new("RGB", (30, 20), "blue")], reward
    )
    return path, result


def _sources(html: str) -> list[str]:
    return re.findall(r'<img alt="[^"]*" src="([^"]+)"', html)


def test_trajectory_images_are_webp_files_stored_once(trajectory):
    path, result = trajectory
    html = path.read_text(encoding="utf-8")
    folder = path.parent / "frames"
    sources = _sources(html)
    assert len(sources) == len(result.steps) + 2  # steps, input image, final page
    assert "base64" not in html and "file:" not in html and "shots/" not in html
    shots = [s.screenshot_path.read_bytes() for s in result.steps] + [result.final_screenshot_path.read_bytes()]
    distinct = len(set(shots)) + 1  # + the input image
    assert len(set(sources)) == distinct == len(list(folder.iterdir()))  # an identical frame is one file
    assert all(src.startswith("frames/") for src in sources)
    for file in folder.iterdir():
        with Image.open(file) as im:
            assert im.format == "WEBP"
    with Image.open(path.parent / sources[1]) as webp, Image.open(result.steps[0].screenshot_path) as png:
        assert webp.size == png.size  # full resolution: the page's text stays readable


def test_two_pages_share_the_frames_they_have_in_common(trajectory, tmp_path):
    _path, result = trajectory
    first = write_trajectory(tmp_path / "a.html", result, "intent", [Image.new("RGB", (8, 8))], None)
    files = sorted((tmp_path / "frames").iterdir())
    second = write_trajectory(tmp_path / "b.html", result, "intent", [], None)
    assert sorted((tmp_path / "frames").iterdir()) == files
    assert set(_sources(second.read_text())) < set(_sources(first.read_text()))
    assert not [p for p in (tmp_path / "frames").iterdir() if p.name.startswith(".part")]


def test_trajectory_renders_steps_images_and_reward_in_chromium(trajectory, env_a11y):
    path, result = trajectory
    driver = env_a11y.driver
    driver.get(path.as_uri())
    steps = driver.find_elements(By.CSS_SELECTOR, "section.step[id^=step-]")
    assert len(steps) == len(result.steps) == 4  # click, unresolved x3 -> early stop
    assert "click [" in steps[0].text and "open the listing" in steps[0].text
    assert "element not found" in steps[1].text
    broken = driver.execute_script(
        "return [...document.images].filter(i => !(i.complete && i.naturalWidth > 0)).length"
    )
    total = driver.execute_script("return document.images.length")
    assert total == len(result.steps) + 2 and broken == 0
    body = driver.find_element(By.TAG_NAME, "body").text
    assert "Find the price & report it" in body
    assert "invalid_actions" in body
    assert "string_match.must_include" in body and "'$99' not in the answer" in body
    driver.save_screenshot(str(path.with_suffix(".png")))


def test_trajectory_escapes_text(trajectory, tmp_path, env_a11y):
    _path, result = trajectory
    result.answer = "<script>window.__pwned = 1</script>"
    out = write_trajectory(tmp_path / "t.html", result, "<img src=x onerror='window.__pwned=2'>", [], None)
    env_a11y.driver.get(out.as_uri())
    assert env_a11y.driver.execute_script("return window.__pwned === undefined")
    assert "<script>window.__pwned = 1</script>" in env_a11y.driver.find_element(By.TAG_NAME, "body").text


def test_set_of_marks_episode_keeps_the_marked_and_the_raw_frame(env_som, pages, tmp_path):
    solution = [{"do": "stop", "answer": "done"}]
    agent = make_agent("reference", env=env_som, solution=solution, observation_mode="som")
    result = run_episode(env_som, agent, intent="look", start_urls=[f"{pages}/index.html"])
    step = result.steps[0]
    assert step.screenshot_png and step.raw_screenshot_png and step.screenshot_png != step.raw_screenshot_png
    path = write_trajectory(tmp_path / "som.html", result, "look", [], None)
    step_marked, step_raw, final_marked, final_raw = _sources(path.read_text())
    assert (step_marked, step_raw) == (final_marked, final_raw)  # nothing changed: stored once each
    assert len(list((tmp_path / "frames").iterdir())) == 2
    with Image.open(tmp_path / step_marked) as marked, Image.open(tmp_path / step_raw) as raw:
        assert marked.size == env_som.viewport  # what the model saw, at full size
        assert raw.size == (round(marked.width * RAW_SCALE), round(marked.height * RAW_SCALE))  # a reduced reminder
    env_som.driver.get(path.as_uri())
    broken = env_som.driver.execute_script(
        "return [...document.images].filter(i => !(i.complete && i.naturalWidth > 0)).length"
    )
    assert env_som.driver.execute_script("return document.images.length") == 4 and broken == 0
