"""The corpus of reply shapes (tests/fixtures/agent_loop/reply_shapes.json): each reply, as a real model writes it
(one line, markdown bold, code fences, trailing text, extra spaces, lower case), is served by the local OpenAI
stub to the real agent (`som`, `text`, `webvoyager`: its prompt built, the openai client over HTTP, its own reply
parser), and the action it proposes is read by the harness's action parser, as in an episode. No browser: the
observation is built by hand, since the point is the reply, not the page."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image

from agent.actions import InvalidAction, parse_action
from agent.agents import make_agent
from agent.observation import Observation, ObservationMode, Tab
from tests.agent_loop.conftest import stub_settings

CORPUS = json.loads(
    (Path(__file__).parents[1] / "fixtures" / "agent_loop" / "reply_shapes.json").read_text(encoding="utf-8")
)["replies"]
START = "http://start.test/"
CASES = [pytest.param(agent, case, id=f"{agent}-{case['shape']}") for case in CORPUS for agent in case["agents"]]


def _png() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (64, 48), (240, 240, 240)).save(buf, "PNG")
    return buf.getvalue()


def _observation(agent: str) -> Observation:
    mode: ObservationMode = "accessibility_tree" if agent == "text" else "som"
    text = (
        "[5] textbox 'Search' required: False\n[12] link 'Red bike'"
        if mode == "accessibility_tree"
        else "[5] [INPUT] [Search]\n[12] [A] [Red bike]"
    )
    png = _png()
    return Observation(
        url=START,
        tabs=[Tab("Start", START)],
        focused_tab=0,
        mode=mode,
        text=text,
        screenshot=png,
        som_screenshot=png if mode == "som" else None,
    )


def test_the_corpus_covers_each_parser_and_shape():
    agents = {a for case in CORPUS for a in case["agents"]}
    assert agents == {"som", "text", "webvoyager"}
    for agent in agents:
        shapes = " ".join(c["shape"] for c in CORPUS if agent in c["agents"])
        for shape in ("one line", "bold", "fence", "trailing", "extra spaces", "case"):
            assert shape in shapes, (agent, shape)
        assert any("invalid" in c for c in CORPUS if agent in c["agents"])


@pytest.mark.parametrize("agent_name,case", CASES)
def test_the_agent_reads_the_action_a_model_wrote(openai_stub, agent_name, case):
    openai_stub.reply(case["reply"])
    agent = make_agent(agent_name, settings=stub_settings(openai_stub))
    agent.reset("Find the red bike.", [])
    out = agent.act(_observation(agent_name), [])
    parsed = parse_action(out.action_text)
    if "action" in case:
        assert out.invalid_reason is None, f"{case['shape']}: refused: {out.invalid_reason}"
        assert not isinstance(parsed, InvalidAction), f"{case['shape']}: {parsed}"
        assert str(parsed) == case["action"], f"{case['shape']}: read {str(parsed)!r} from {case['reply']!r}"
    else:
        reason = out.invalid_reason or (parsed.reason if isinstance(parsed, InvalidAction) else "")
        assert reason, f"{case['shape']}: {case['reply']!r} was read as {parsed}"
        assert case["invalid"] in reason, reason
