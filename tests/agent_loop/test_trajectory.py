"""The trajectory HTML: shows every step, its screenshot, the answer and the reward; images stored once
each as JPEG files next to the page, which opens from disk."""
from __future__ import annotations

import pytest
from PIL import Image
from selenium.webdriver.common.by import By

from agent.agents import make_agent
from agent.episode import run_episode
from agent.trajectory import write_trajectory


@pytest.fixture(scope="module")
def trajectory(env_a11y, fixture_server, tmp_path_factory):
    pages = f"{fixture_server}/agent_loop"
    solution = [{"do": "click", "text": "Red bicycle", "note": "open the listing"},
                {"do": "click", "css": "#nothing-here"}, {"do": "stop", "answer": "<b>$120.00</b>"}]
    agent = make_agent("reference", env=env_a11y, solution=solution)
    out = tmp_path_factory.mktemp("traj")
    result = run_episode(env_a11y, agent, intent="Find the price & report it", images=[Image.new("RGB", (30, 20), "blue")],
                         start_urls=[f"{pages}/index.html"], record_dir=out / "shots")
    reward = {"score": 0, "checks": [{"name": "string_match.must_include", "passed": False,
                                      "reason": "'$99' not in the answer"}], "error": None}
    path = write_trajectory(out / "classifieds_7.html", result, "Find the price & report it",
                            [Image.new("RGB", (30, 20), "blue")], reward)
    return path, result


def test_trajectory_images_are_jpeg_files_next_to_the_page(trajectory):
    path, result = trajectory
    html = path.read_text(encoding="utf-8")
    folder = path.with_suffix("")
    files = sorted(p.name for p in folder.iterdir())
    assert len(files) == len(result.steps) + 2   # steps, input image, final page
    assert "base64" not in html and "file:" not in html and "shots/" not in html
    for name in files:
        assert f'src="{folder.name}/{name}"' in html
        with Image.open(folder / name) as im:
            assert im.format == "JPEG"
    with Image.open(folder / "step_001.jpg") as jpg, Image.open(result.steps[0].screenshot_path) as png:
        assert jpg.size == png.size   # full resolution: the page's text stays readable


def test_rewriting_a_trajectory_replaces_its_images(trajectory, tmp_path):
    path, result = trajectory
    first = write_trajectory(tmp_path / "t.html", result, "intent", [Image.new("RGB", (8, 8))], None)
    (first.with_suffix("") / "stale.jpg").write_bytes(b"x")
    write_trajectory(first, result, "intent", [], None)
    names = {p.name for p in first.with_suffix("").iterdir()}
    assert "stale.jpg" not in names and "input_1.jpg" not in names and "final.jpg" in names


def test_trajectory_renders_steps_images_and_reward_in_chromium(trajectory, env_a11y):
    path, result = trajectory
    driver = env_a11y.driver
    driver.get(path.as_uri())
    steps = driver.find_elements(By.CSS_SELECTOR, "section.step[id^=step-]")
    assert len(steps) == len(result.steps) == 4     # click, unresolved x3 -> early stop
    assert "click [" in steps[0].text and "open the listing" in steps[0].text
    assert "element not found" in steps[1].text
    broken = driver.execute_script(
        "return [...document.images].filter(i => !(i.complete && i.naturalWidth > 0)).length")
    total = driver.execute_script("return document.images.length")
    assert total == len(result.steps) + 2 and broken == 0
    body = driver.find_element(By.TAG_NAME, "body").text
    assert "Find the price & report it" in body
    assert "invalid_actions" in body
    assert "string_match.must_include" in body and "'$99' not in the answer" in body
    driver.save_screenshot(str(path.with_suffix(".png")))


def test_trajectory_escapes_text(trajectory, tmp_path, env_a11y):
    path, result = trajectory
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
    folder = path.with_suffix("")
    assert sorted(p.name for p in folder.iterdir()) == ["final.jpg", "final_raw.jpg", "step_001.jpg",
                                                       "step_001_raw.jpg"]
    with Image.open(folder / "step_001.jpg") as marked, Image.open(folder / "step_001_raw.jpg") as raw:
        assert marked.size == raw.size and marked.tobytes() != raw.tobytes()
    env_som.driver.get(path.as_uri())
    broken = env_som.driver.execute_script(
        "return [...document.images].filter(i => !(i.complete && i.naturalWidth > 0)).length")
    assert env_som.driver.execute_script("return document.images.length") == 4 and broken == 0
