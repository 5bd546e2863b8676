"""Prompt agents against the local OpenAI stub (real HTTP, the real openai client) in real Chromium."""

from __future__ import annotations

import pytest
from PIL import Image

from agent.agents.prompt import PromptAgent
from agent.captioner import OpenAICaptioner
from agent.episode import run_episode
from tests.agent_loop.conftest import stub_llm, stub_settings

SUMMARY = "I look at the page. In summary, the next action I will perform is ```{}```"


def _image_parts(message) -> list[str]:
    if isinstance(message["content"], str):
        return []
    return [p["image_url"]["url"] for p in message["content"] if p["type"] == "image_url"]


def _text(message) -> str:
    if isinstance(message["content"], str):
        return message["content"]
    return "\n".join(p["text"] for p in message["content"] if p["type"] == "text")


def test_text_agent_prompt_holds_intent_and_observation_and_no_images(openai_stub, env_a11y, pages):
    openai_stub.reply(SUMMARY.format("stop [$120.00]"))
    agent = PromptAgent("text", stub_llm(openai_stub), env=env_a11y)
    result = run_episode(
        env_a11y, agent, intent="What does the red bicycle cost?", images=[], start_urls=[f"{pages}/item.html"]
    )
    assert result.stop_reason == "stop" and result.answer == "$120.00"
    request = openai_stub.requests[0]
    assert request["model"] == "gpt-4o" and request["temperature"] == 1.0 and request["top_p"] == 0.9
    last = request["messages"][-1]
    assert "What does the red bicycle cost?" in _text(last)
    assert "$120.00" in _text(last) and "heading 'Red bicycle'" in _text(last)  # the accessibility tree
    assert f"URL: {pages}/item.html" in _text(last)
    assert all(_image_parts(m) == [] for m in request["messages"])
    # system prompt, then three in-context examples (user + assistant each), then the task
    roles = [m["role"] for m in request["messages"]]
    assert roles == ["system"] + ["user", "assistant"] * 3 + ["user"]
    assert "click [12]" in request["messages"][0]["content"]
    assert result.usage["prompt_tokens"] > 0 and result.usage["completion_tokens"] > 0
    assert result.usage["model"] == "gpt-4o" and result.usage["cost_usd"] > 0


def test_som_agent_sends_marked_screenshot_and_input_images_as_images(openai_stub, env_som, pages):
    openai_stub.reply(SUMMARY.format("stop [red]"))
    agent = PromptAgent("som", stub_llm(openai_stub), env=env_som)
    picture = Image.new("RGB", (64, 48), "red")
    result = run_episode(
        env_som, agent, intent="Which colour is this bike?", images=[picture], start_urls=[f"{pages}/index.html"]
    )
    assert result.stop_reason == "stop" and result.answer == "red"
    last = openai_stub.requests[0]["messages"][-1]
    images = _image_parts(last)
    assert len(images) == 2  # the input image, then the Set-of-Marks screenshot
    assert all(u.startswith("data:image/png;base64,") for u in images)
    assert "Which colour is this bike?" in _text(last)
    assert "[A] [Red bicycle]" in _text(last)  # the Set-of-Marks element list
    examples = [m for m in openai_stub.requests[0]["messages"][1:-1] if m["role"] == "user"]
    assert len(examples) == 3 and all(len(_image_parts(m)) == 1 for m in examples)


def test_multimodal_agent_sends_screenshot_and_tree(openai_stub, env_a11y, pages):
    openai_stub.reply(SUMMARY.format("stop []"))
    agent = PromptAgent("multimodal", stub_llm(openai_stub), env=env_a11y)
    run_episode(env_a11y, agent, intent="Look", images=[], start_urls=[f"{pages}/index.html"])
    last = openai_stub.requests[0]["messages"][-1]
    assert len(_image_parts(last)) == 1 and "link 'Red bicycle'" in _text(last)


def test_caption_agent_puts_captions_in_the_tree_and_captions_input_images(openai_stub, env_a11y, pages):
    # The captioner and the agent share the stub: replies come in call order.
    captioner = OpenAICaptioner(stub_settings(openai_stub, model="gpt-4o-mini", temperature=0.0))
    openai_stub.reply(
        "a small green square",  # the input image (captioned at reset)
        "a red bicycle on a grey background",  # the page's bike.png (one image, cached)
        SUMMARY.format("stop [done]"),
    )
    agent = PromptAgent("caption", stub_llm(openai_stub), env=env_a11y, captioner=captioner)
    result = run_episode(
        env_a11y,
        agent,
        intent="Find this",
        images=[Image.new("RGB", (40, 40), "green")],
        start_urls=[f"{pages}/index.html"],
    )
    assert result.error is None and result.answer == "done"
    assert len(openai_stub.requests) == 3
    caption_request = openai_stub.requests[1]
    assert len(_image_parts(caption_request["messages"][0])) == 1
    final = openai_stub.requests[2]["messages"][-1]
    assert _image_parts(final) == []
    assert "Input image 1: a small green square" in _text(final)
    assert "description: a red bicycle on a grey background" in _text(final)


def test_observation_text_is_truncated_to_the_token_budget(openai_stub, env_a11y, pages):
    openai_stub.reply(SUMMARY.format("stop []"))
    agent = PromptAgent("text", stub_llm(openai_stub), env=env_a11y, max_obs_tokens=10)
    run_episode(env_a11y, agent, intent="x", images=[], start_urls=[f"{pages}/index.html"])
    text = _text(openai_stub.requests[0]["messages"][-1])
    tree = text.split("ACCESSIBILITY TREE:\n", 1)[1]
    assert "observation truncated to about 10 tokens" in tree
    assert len(tree.split("\n[... observation truncated")[0]) <= 40


def test_rate_limit_is_retried_then_the_episode_goes_on(openai_stub, env_a11y, pages):
    openai_stub.fail(429).reply(SUMMARY.format("stop [ok]"))
    agent = PromptAgent("text", stub_llm(openai_stub), env=env_a11y)
    result = run_episode(env_a11y, agent, intent="x", images=[], start_urls=[f"{pages}/index.html"])
    assert result.stop_reason == "stop" and result.answer == "ok"
    assert len(openai_stub.requests) == 2


def test_server_errors_past_the_retries_make_the_episode_an_error(openai_stub, env_a11y, pages):
    openai_stub.fail(500, times=3)
    agent = PromptAgent("text", stub_llm(openai_stub, attempts=3), env=env_a11y)
    result = run_episode(env_a11y, agent, intent="x", images=[], start_urls=[f"{pages}/index.html"])
    assert result.stop_reason == "error"
    assert result.answer is None
    error = result.error or ""
    assert "ModelError" in error and openai_stub.base_url in error and "HTTP 500" in error
    assert len(openai_stub.requests) == 3


def test_garbage_replies_are_invalid_actions_and_stop_after_three(openai_stub, env_a11y, pages):
    openai_stub.reply("I am not sure what to do.", "```fly [3]```", "click the red thing")
    agent = PromptAgent("text", stub_llm(openai_stub), env=env_a11y)
    result = run_episode(env_a11y, agent, intent="x", images=[], start_urls=[f"{pages}/index.html"])
    assert result.stop_reason == "invalid_actions" and result.answer is None and result.error is None
    assert [s.valid for s in result.steps] == [False, False, False]
    assert "no action between" in (result.steps[0].error or "")
    assert "unknown action 'fly'" in (result.steps[1].error or "")
    # the agent is told about its invalid action on the next turn
    assert "The previous action was invalid" in _text(openai_stub.requests[1]["messages"][-1])


def test_valid_action_resets_the_invalid_count(openai_stub, env_a11y, pages):
    openai_stub.reply("nonsense", "nonsense", SUMMARY.format("scroll [down]"), "nonsense", SUMMARY.format("stop [x]"))
    agent = PromptAgent("text", stub_llm(openai_stub), env=env_a11y)
    result = run_episode(env_a11y, agent, intent="x", images=[], start_urls=[f"{pages}/index.html"])
    assert result.stop_reason == "stop" and result.answer == "x" and len(result.steps) == 5


def test_the_same_action_three_times_on_the_same_page_stops(openai_stub, env_a11y, pages):
    openai_stub.default_reply = SUMMARY.format("hover [1]")
    agent = PromptAgent("text", stub_llm(openai_stub), env=env_a11y)
    result = run_episode(env_a11y, agent, intent="x", images=[], start_urls=[f"{pages}/index.html"])
    assert result.stop_reason == "repeated_action"
    assert len(result.steps) == 3 and "3 times" in (result.steps[-1].error or "")


def test_step_limit_ends_the_episode(openai_stub, env_a11y, pages):
    openai_stub.reply(*[SUMMARY.format(a) for a in ("scroll [down]", "scroll [up]", "scroll [down]", "stop [late]")])
    agent = PromptAgent("text", stub_llm(openai_stub), env=env_a11y)
    result = run_episode(env_a11y, agent, intent="x", images=[], start_urls=[f"{pages}/index.html"], max_steps=3)
    assert result.stop_reason == "max_steps" and result.answer is None and len(result.steps) == 3
    assert len(openai_stub.requests) == 3


def test_max_obs_tokens_setting_is_read_and_a_bad_value_is_named(monkeypatch):
    from agent.agents.prompt import make_prompt_agent

    monkeypatch.setenv("CAPTIONER", "none")
    endpoint = {"base_url": "http://127.0.0.1:9/v1", "api_key": "test-key"}
    monkeypatch.setenv("MAX_OBS_TOKENS", "77")
    assert make_prompt_agent("text", settings=dict(endpoint)).max_obs_tokens == 77
    assert make_prompt_agent("text", settings={**endpoint, "max_obs_tokens": 12}).max_obs_tokens == 12
    monkeypatch.setenv("MAX_OBS_TOKENS", "lots")
    with pytest.raises(ValueError, match="MAX_OBS_TOKENS='lots' is not an integer"):
        make_prompt_agent("text", settings=dict(endpoint))
