"""The WebVoyager agent against the local OpenAI stub (real HTTP, the real openai client) in real Chromium:
its reply format parsed into this harness's actions, each executed, and the context clipping."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from agent.actions import parse_action
from agent.agents import get_agent_spec, make_agent
from agent.agents.webvoyager import WebVoyagerAgent
from agent.agents.webvoyager_format import parse_reply
from agent.episode import run_episode
from tests.agent_loop.conftest import stub_llm, stub_settings  # noqa: F401  (stub_llm: a fixture)


def _images(message) -> list[str]:
    content = message["content"]
    return [] if isinstance(content, str) else [p["image_url"]["url"] for p in content if p["type"] == "image_url"]


def _text(message) -> str:
    content = message["content"]
    return content if isinstance(content, str) else "\n".join(p["text"] for p in content if p["type"] == "text")


@pytest.mark.parametrize(
    "reply,action",
    [
        ("Thought: the link.\nAction: Click [5]", "click [5]"),
        ("Thought: search.\nAction: Type [3]; [red bike]", "type [3] [red bike] [1]"),
        ("Action: Type 3; a [bracketed] word", "type [3] [a [bracketed] word] [1]"),
        ("Action: Scroll [WINDOW]; [down]", "scroll [down]"),
        ("Action: Scroll [12]; [up]", "scroll [12] [up]"),
        ("Thought: loading.\nAction: Wait", "wait"),
        ("Action: GoBack", "go_back"),
        ("Action: Google", "goto [http://start.test/]"),
        ("Thought: found it.\nAction: ANSWER; [$120.00]", "stop [$120.00]"),
        ("**Action:** ANSWER; N/A", "stop [N/A]"),
    ],
)
def test_every_action_form_parses_into_a_harness_action(reply, action):
    text, problem = parse_reply(reply, start_url="http://start.test/")
    assert problem is None and text == action
    assert str(parse_action(text)) == action  # and the harness reads it as that action


@pytest.mark.parametrize(
    "reply,reason",
    [
        ("", "empty"),
        ("I would click the bike", "no 'Action:'"),
        ("Action: Click the bike", "cannot read the action 'Click the bike'"),
        ("Action: Scroll [3]; [sideways]", "cannot read the action"),
        ("Action: Tab [1]", "cannot read the action"),  # no tab action on a one-tab task
        ("Action: rm -rf /", "cannot read the action"),
    ],
)
def test_garbage_gets_the_parsers_message(reply, reason):
    _text, problem = parse_reply(reply, start_url="http://start.test/")
    assert problem is not None and reason in problem and "Click [N]" in problem


def test_tab_action_only_when_the_task_starts_with_several_tabs():
    assert parse_reply("Action: Tab [1]", start_url="x", tabs=True) == ("tab_focus [1]", None)


def test_episode_runs_every_action_and_sends_only_the_last_three_screenshots(openai_stub, env_som, pages):
    start = f"{pages}/index.html"
    openai_stub.reply(
        "Thought: I search first.\nAction: Type [0]; [red bike]",
        "Thought: the result.\nAction: Click [0]",
        "Thought: more below?\nAction: Scroll [WINDOW]; [down]",
        "Thought: let it load.\nAction: Wait",
        "Thought: back to the results.\nAction: GoBack",
        "Thought: start over.\nAction: Google",
        "Thought: nonsense first.\nAction: Jump [2]",
        "Thought: I know it.\nAction: ANSWER; [$120.00]",
    )
    agent = make_agent("webvoyager", env=env_som, settings=stub_settings(openai_stub, temperature=0.3, top_p=0.7))
    assert (
        isinstance(agent, WebVoyagerAgent)
        and get_agent_spec("webvoyager").max_steps == 15
        and agent.observation_mode == "som"
    )
    result = run_episode(env_som, agent, intent="What does the red bicycle cost?", start_urls=[start])
    assert result.stop_reason == "stop" and result.answer == "$120.00", [(s.action_text, s.error) for s in result.steps]
    steps = result.steps
    assert [s.parsed for s in steps] == [
        "type [0] [red bike] [1]",
        "click [0]",
        "scroll [down]",
        "wait",
        "go_back",
        f"goto [{start}]",
        steps[6].parsed,
        "stop [$120.00]",
    ]
    assert steps[6].parsed.startswith("INVALID: cannot read the action 'Jump [2]'")
    assert [s.error for s in steps[:6]] == [None] * 6
    # where each action led: type+Enter submitted the search, the click opened the item, back, start page
    assert steps[1].url == f"{pages}/search.html?q=red+bike"
    assert steps[2].url.startswith(f"{pages}/item.html") and steps[5].url == f"{pages}/search.html?q=red+bike"
    assert steps[6].url == start and result.final_url == start

    requests = openai_stub.requests
    assert len(requests) == 8
    assert all(r["temperature"] == 0.3 and r["top_p"] == 0.7 for r in requests)
    first = requests[0]["messages"]
    assert first[0]["role"] == "system" and "Type [N]; [content]" in first[0]["content"]
    assert "no search engine" in first[0]["content"] and "Tab [i]" not in first[0]["content"]
    listing = _text(first[1])
    assert "What does the red bicycle cost?" in listing
    assert 'aria-label: "Search listings"' in listing and '[1]: <button> "Search"' in listing
    assert '[0]: <a> "Red bicycle"' in _text(requests[1]["messages"][-1])  # the results page's list
    shot = Image.open(io.BytesIO(__import__("base64").b64decode(_images(first[1])[-1].split(",", 1)[1])))
    assert shot.size[0] >= 1024
    for k, request in enumerate(requests):
        messages = request["messages"]
        # the whole thought-and-action history is kept ...
        assert [m["content"] for m in messages if m["role"] == "assistant"] == [r.reasoning for r in steps[:k]]
        # ... but only the 3 most recent screenshots go to the model
        with_images = [i for i, m in enumerate(messages) if _images(m)]
        assert len(with_images) == min(k + 1, 3)
        assert with_images == [i for i, m in enumerate(messages) if m["role"] == "user"][-len(with_images) :]
    after_five = requests[5]["messages"]
    assert sum(len(_images(m)) for m in after_five) == 3
    assert "no longer shown" in _text(after_five[1])
    assert "cannot read the action 'Jump [2]'" in _text(requests[7]["messages"][-1])  # the parser's message


def test_scroll_with_a_number_scrolls_that_elements_own_area(env_som, fixture_server):
    env_som.open([f"{fixture_server}/agent/container.html"])
    obs = env_som.observe()
    first = next(m for m in env_som.marks if m.text == "First pane button")
    text, problem = parse_reply(f"Action: Scroll [{first.id}]; [down]", start_url=obs.url)
    assert problem is None
    assert env_som.step(parse_action(text)) is None
    assert env_som.driver.execute_script("return document.getElementById('pane').scrollTop") > 0
    assert env_som.driver.execute_script("return window.scrollY") == 0
    env_som.observe()
    up = parse_action(f"scroll [{env_som.marks[0].id}] [up]")
    assert env_som.step(up) is None
    assert env_som.driver.execute_script("return document.getElementById('pane').scrollTop") == 0
    assert "not in a scrolling area that can move up" in env_som.step(up)  # at the top already


def test_make_eval_runs_webvoyager_end_to_end_and_scores_it(tmp_path, openai_stub):
    """`python -m evaluation.run --agent webvoyager` on the embedded classifieds site, the model being the stub."""
    import json
    import os
    import subprocess
    import sys

    from sites.config import PROJECT_ROOT
    from tests.agent_loop.test_eval_run import _task

    def answer_task(task_id, answer):
        task = _task(task_id, None, "")
        task["eval"] = {
            "eval_types": ["string_match"],
            "reference_answers": {"must_include": [answer]},
            "reference_url": "",
            "program_html": [],
        }
        task.pop("reference_solution")
        return task

    tasks = tmp_path / "tasks"
    tasks.mkdir()
    (tasks / "wv.json").write_text(json.dumps([answer_task(0, "bike"), answer_task(1, "lamp")]))
    openai_stub.reply(
        "Thought: look further down.\nAction: Scroll [WINDOW]; [down]",
        "Thought: done.\nAction: ANSWER; [bike]",
        "Thought: done.\nAction: ANSWER; [bike]",
        "The answer names a bike.\nVerdict: SUCCESS",  # the auto-evaluator, task 0
        "The answer names a bike.\nVerdict: SUCCESS",
    )  # task 1 (reward 0: disagrees)
    results = tmp_path / "results"
    env = dict(
        os.environ,
        DATA_DIR=str(tmp_path / "data"),
        RUN_DIR=str(tmp_path / "run"),
        SCALE="100",
        OPENAI_BASE_URL=openai_stub.base_url,
        OPENAI_API_KEY="test",
        MODEL="gpt-4o",
        LLM_RETRIES="1",
        PYTHONUNBUFFERED="1",
    )
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "evaluation.run",
            "--workers",
            "0",
            "--agent",
            "webvoyager",
            "--tasks",
            str(tasks),
            "--results",
            str(results),
            "--auto-eval",
            "--",
            "--viewport",
            "1024x768",
        ],
        cwd=PROJECT_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    by_id = {r["task_id"]: r for r in map(json.loads, (results / "results.jsonl").read_text().splitlines())}
    assert by_id[0]["status"] == "scored" and by_id[0]["reward"] == 1 and by_id[0]["steps"] == 2
    assert by_id[1]["status"] == "scored" and by_id[1]["reward"] == 0 and by_id[1]["answer"] == "bike"
    assert len(openai_stub.requests) == 5
    judged = openai_stub.requests[3:]
    assert all(r["temperature"] == 0.0 for r in judged)
    assert [sum(p["type"] == "image_url" for p in r["messages"][1]["content"]) for r in judged] == [3, 2]
    verdicts = [json.loads(x) for x in (results / "autoeval.jsonl").read_text().splitlines()]
    assert [(v["task_id"], v["reward"], v["verdicts"]) for v in verdicts] == [(0, 1, ["SUCCESS"]), (1, 0, ["SUCCESS"])]
    report = (results / "report.md").read_text()
    assert "| agreement | 50.0% |" in report and "| Cohen's kappa | 0.000 |" in report
    shot = openai_stub.requests[0]["messages"][1]["content"][-1]["image_url"]["url"]
    image = Image.open(io.BytesIO(__import__("base64").b64decode(shot.split(",", 1)[1])))
    assert image.size == (1024, 768)  # --viewport


def test_one_tab_a_link_that_would_open_a_new_tab_opens_in_place(openai_stub, env_som, fixture_server):
    start = f"{fixture_server}/agent/basic.html"
    env_som.open([start])
    env_som.observe()
    blank = next(m for m in env_som.marks if m.text == "Open in new tab")
    openai_stub.reply(f"Thought: that link.\nAction: Click [{blank.id}]", "Thought: done.\nAction: ANSWER; [ok]")
    agent = make_agent("webvoyager", env=env_som, settings=stub_settings(openai_stub))
    result = run_episode(env_som, agent, intent="Open the link", start_urls=[start])
    assert result.stop_reason == "stop" and result.steps[0].error is None
    assert len(env_som.driver.window_handles) == 1
    assert result.final_url == f"{fixture_server}/agent/second.html?from=blank"
