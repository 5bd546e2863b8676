"""Judge and VQA backends chosen from settings; misconfiguration is a clear error, never a silent 0."""

from __future__ import annotations

import importlib.util

import pytest
from PIL import Image

from evaluation.rewards.judges import Blip2VQA, OpenAIJudge, OpenAIVQA, judge_from_env, parse_verdict, vqa_from_env
from evaluation.vocabulary.errors import JudgeError, VQAError


def test_judge_defaults_to_the_openai_endpoint():
    assert judge_from_env({}) is None
    j = judge_from_env({"JUDGE_MODEL": "m", "OPENAI_BASE_URL": "http://127.0.0.1:1/v1", "OPENAI_API_KEY": "k"})
    assert isinstance(j, OpenAIJudge) and j.base_url == "http://127.0.0.1:1/v1" and j.api_key == "k"
    j = judge_from_env({"JUDGE_MODEL": "m", "JUDGE_BASE_URL": "http://127.0.0.1:2/v1", "OPENAI_BASE_URL": "x"})
    assert j is not None and j.base_url == "http://127.0.0.1:2/v1"


def test_vqa_backends():
    assert vqa_from_env({}) is None and vqa_from_env({"VQA_BACKEND": "none"}) is None
    v = vqa_from_env({"VQA_BACKEND": "openai", "VQA_MODEL": "vis", "JUDGE_BASE_URL": "http://127.0.0.1:3/v1"})
    assert isinstance(v, OpenAIVQA) and v.base_url == "http://127.0.0.1:3/v1"
    assert isinstance(vqa_from_env({"VQA_BACKEND": "blip2", "BLIP2_MODEL_PATH": "/models/blip2"}), Blip2VQA)
    with pytest.raises(VQAError, match="needs VQA_MODEL"):
        vqa_from_env({"VQA_BACKEND": "openai"})
    with pytest.raises(VQAError, match="needs BLIP2_MODEL_PATH"):
        vqa_from_env({"VQA_BACKEND": "blip2"})
    with pytest.raises(VQAError, match="unknown VQA_BACKEND 'clip'"):
        vqa_from_env({"VQA_BACKEND": "clip"})


@pytest.mark.skipif(importlib.util.find_spec("transformers") is not None, reason="transformers is installed")
def test_blip2_without_the_models_extra_says_how_to_install():
    with pytest.raises(VQAError, match=r"pip install -e '\.\[models\]'"):
        Blip2VQA("/models/blip2").ask(Image.new("RGB", (8, 8)), "what?")


@pytest.mark.parametrize(
    "reply,verdict",
    [
        ("Verdict: correct", "correct"),
        ("Verdict: Not  Correct", "incorrect"),
        ("INCORRECT", "incorrect"),
        ("partially correct", "partially correct"),
        ("correct at first sight... Verdict: partially correct", "partially correct"),
    ],
)
def test_parse_verdict(reply, verdict):
    assert parse_verdict(reply) == verdict


def test_unreachable_judge_is_an_error():
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    judge = OpenAIJudge(model="m", base_url=f"http://127.0.0.1:{port}/v1", api_key="k", timeout=2)
    with pytest.raises(JudgeError, match=f"127.0.0.1:{port}.*failed"):
        judge.equivalent("intent", "a", "b")
