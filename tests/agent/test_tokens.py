"""The observation budget counts OpenAI models' real tokens (offline) and estimates the others'."""

from __future__ import annotations

from agent.tokens import EstimateCounter, token_counter, truncate


def test_openai_models_get_their_bpe_offline_and_others_the_estimate():
    counter = token_counter("gpt-4o")
    assert counter.name == "bpe-openai:o200k_base"
    assert counter.count("hello world") == 2  # o200k_base: "hello", " world"
    assert counter.count("😀" * 10) == 10 and EstimateCounter().count("😀" * 10) == 3
    assert token_counter("gpt-4-turbo").name == "bpe-openai:cl100k_base"
    assert token_counter("o3-mini").name == "bpe-openai:o200k_base"
    assert token_counter("llava-v1.6-34b").name == "estimate:4-chars"
    assert token_counter(None).name == "estimate:4-chars"


def test_truncation_keeps_whole_lines_within_the_budget():
    counter = token_counter("gpt-4o")
    text = "\n".join(f"[{i}] link 'Item number {i}'" for i in range(200))
    cut = truncate(counter, text, 50)
    body, note = cut.split("\n[... observation truncated", 1)
    assert counter.count(body) <= 50 and text.startswith(body) and body.endswith("'")
    assert "about 50 tokens" in note
    assert truncate(counter, "short", 50) == "short"
