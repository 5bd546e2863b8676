"""BLIP-2 through the code a user runs (agent/blip2.py via the captioner and the VQA backend), on a tiny
randomly initialised model built here and saved with save_pretrained: no download, no real weights.
The answers are noise; what is proven is loading, preprocessing, generate, decoding and device/dtype."""

from __future__ import annotations

import importlib.util

import pytest
from PIL import Image

# one worker runs the module (make test: --dist loadgroup), so its module-scoped arena or browser starts once
pytestmark = [
    pytest.mark.skipif(
        importlib.util.find_spec("transformers") is None or importlib.util.find_spec("torch") is None,
        reason="the optional `models` extra (torch, transformers) is not installed: make install EXTRAS=models",
    ),
    pytest.mark.xdist_group("models/test_blip2_tiny"),
]

WORDS = [
    "a",
    "red",
    "blue",
    "green",
    "bike",
    "car",
    "cat",
    "dog",
    "on",
    "the",
    "road",
    "yes",
    "no",
    "question",
    "answer",
    ":",
    "is",
    "it",
    "what",
    "colour",
    "?",
]


def _build_tiny_blip2(folder):
    from tokenizers import Tokenizer, models, pre_tokenizers
    from transformers import (
        Blip2Config,
        Blip2ForConditionalGeneration,
        Blip2Processor,
        BlipImageProcessor,
        OPTConfig,
        PreTrainedTokenizerFast,
    )
    from transformers.models.blip_2.configuration_blip_2 import Blip2QFormerConfig, Blip2VisionConfig

    specials = ["<pad>", "</s>", "<unk>", "<image>"]
    vocab = {w: i for i, w in enumerate(specials + WORDS)}
    core = Tokenizer(models.WordLevel(vocab=vocab, unk_token="<unk>"))
    core.pre_tokenizer = pre_tokenizers.Whitespace()
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=core, pad_token="<pad>", eos_token="</s>", bos_token="</s>", unk_token="<unk>"
    )
    tokenizer.add_special_tokens({"additional_special_tokens": ["<image>"]})
    num_query = 4
    tiny = {"hidden_size": 32, "intermediate_size": 64, "num_hidden_layers": 1, "num_attention_heads": 2}
    config = Blip2Config(
        vision_config=Blip2VisionConfig(**tiny, image_size=32, patch_size=8).to_dict(),
        qformer_config=Blip2QFormerConfig(**tiny, encoder_hidden_size=32, vocab_size=len(tokenizer)).to_dict(),
        text_config=OPTConfig(
            vocab_size=len(tokenizer),
            hidden_size=32,
            ffn_dim=64,
            num_hidden_layers=1,
            num_attention_heads=2,
            word_embed_proj_dim=32,
            max_position_embeddings=128,
            pad_token_id=0,
            bos_token_id=1,
            eos_token_id=1,
        ).to_dict(),
        num_query_tokens=num_query,
        image_token_index=vocab["<image>"],
    )
    import torch

    torch.manual_seed(0)
    Blip2ForConditionalGeneration(config).save_pretrained(folder)
    image_processor = BlipImageProcessor(size={"height": 32, "width": 32})
    Blip2Processor(image_processor=image_processor, tokenizer=tokenizer, num_query_tokens=num_query).save_pretrained(
        folder
    )


@pytest.fixture(scope="module")
def tiny_blip2(tmp_path_factory, monkeypatch_module):
    monkeypatch_module.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch_module.setenv("TRANSFORMERS_OFFLINE", "1")
    folder = tmp_path_factory.mktemp("tiny-blip2")
    _build_tiny_blip2(folder)
    return str(folder)


@pytest.fixture(scope="module")
def monkeypatch_module():
    mp = pytest.MonkeyPatch()
    yield mp
    mp.undo()


def _is_vocab_text(text: str) -> bool:
    return all(tok in WORDS for tok in text.split())


def test_captioner_loads_and_captions_through_the_user_path(tiny_blip2, monkeypatch):
    from agent.captioner import Blip2Captioner, make_captioner

    monkeypatch.setenv("CAPTIONER", "blip2")
    monkeypatch.setenv("CAPTIONER_MODEL", tiny_blip2)
    monkeypatch.setenv("CAPTIONER_DEVICE", "auto")
    captioner = make_captioner()
    assert isinstance(captioner, Blip2Captioner)
    red, blue = Image.new("RGB", (50, 40), "red"), Image.new("RGB", (64, 64), "blue")
    captions = captioner.caption([red, blue, red])
    assert len(captions) == 3 and all(isinstance(c, str) for c in captions)
    assert all(_is_vocab_text(c) for c in captions), captions  # decoded from the model's own vocabulary
    assert captions[0] == captions[2]  # cached by content
    assert captioner.usage.calls == 2  # the repeated image was not run again
    import torch

    assert captioner.model.device == "cpu" and captioner.model.dtype == torch.float32  # no GPU here


def test_vqa_backend_answers_through_the_user_path(tiny_blip2):
    from evaluation.rewards.judges import Blip2VQA, vqa_from_env

    vqa = vqa_from_env({"VQA_BACKEND": "blip2", "BLIP2_MODEL_PATH": tiny_blip2, "BLIP2_DEVICE": "cpu"})
    assert isinstance(vqa, Blip2VQA)
    answer = vqa.ask(Image.new("RGB", (40, 30), "green"), "what colour is it?")
    assert isinstance(answer, str) and _is_vocab_text(answer), answer
    assert not {"what", "colour", "?"} & set(answer.split()), answer  # the prompt is not echoed back
    assert vqa.usage.calls == 1


def test_a_folder_without_a_model_is_a_clear_error(tmp_path):
    from agent.captioner import CaptionerError, make_captioner
    from evaluation.rewards.judges import Blip2VQA
    from evaluation.vocabulary.errors import VQAError

    with pytest.raises(VQAError, match="could not load BLIP-2 from"):
        Blip2VQA(str(tmp_path)).ask(Image.new("RGB", (8, 8)), "what?")
    with pytest.raises(CaptionerError, match="could not load BLIP-2 from"):
        make_captioner("blip2", model=str(tmp_path)).caption([Image.new("RGB", (8, 8))])
