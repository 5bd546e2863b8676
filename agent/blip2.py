"""BLIP-2 through `transformers` (the optional `models` extra): loading, device and dtype choice, and
one generate call. Shared by the captioner (`CAPTIONER=blip2`) and the VQA judge (`VQA_BACKEND=blip2`).

    model = Blip2Model("/models/blip2-opt-2.7b", device="auto", error=CaptionerError, setting="CAPTIONER=blip2")
    model.generate(image)                                   # a caption
    model.generate(image, "Question: is it red? Answer:")   # an answer

`device`: "auto" (CUDA when torch sees a GPU, else the CPU), "cpu", "cuda", "cuda:1", ...
The dtype follows the device: float16 on a GPU, float32 on the CPU (half precision is slow or missing there).
The model loads on the first call, so building the object costs nothing.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from PIL import Image

if TYPE_CHECKING:
    import torch
    from transformers import Blip2ForConditionalGeneration, Blip2Processor


def choose_device(device: str | None, torch: ModuleType) -> str:
    device = (device or "auto").strip().lower()
    if device == "auto":
        return "cuda" if torch.cuda.is_available() else "cpu"
    return device


class Blip2Model:
    def __init__(
        self,
        model_path: str,
        *,
        device: str | None = "auto",
        error: type[Exception] = RuntimeError,
        setting: str = "BLIP-2",
    ):
        self.model_path = model_path
        self.requested_device = device
        self.error, self.setting = error, setting
        self.device: str | None = None
        self.dtype: torch.dtype | None = None
        self._model: Blip2ForConditionalGeneration | None = None
        self._processor: Blip2Processor | None = None

    def load(self) -> None:
        if self._model is not None:
            return
        try:
            import torch
            from transformers import Blip2ForConditionalGeneration, Blip2Processor
        except ImportError as exc:
            raise self.error(
                f"{self.setting} needs the optional extra: pip install -e '.[models]' (or make install EXTRAS=models)"
            ) from exc
        try:
            device = choose_device(self.requested_device, torch)
            dtype = torch.float16 if device.startswith("cuda") else torch.float32
            processor = Blip2Processor.from_pretrained(self.model_path)
            model = Blip2ForConditionalGeneration.from_pretrained(self.model_path, dtype=dtype)
            model.to(device)
            model.eval()
        except Exception as exc:
            raise self.error(f"could not load BLIP-2 from {self.model_path!r}: {exc}") from exc
        self._processor, self._model, self.device, self.dtype = processor, model, device, dtype

    def generate(self, image: Image.Image, prompt: str | None = None, max_new_tokens: int = 40) -> str:
        """The model's text for `image` (and `prompt`, when given), without the prompt and special tokens."""
        self.load()
        import torch

        processor, model = self._processor, self._model
        if processor is None or model is None:  # load() made both or raised
            raise self.error(f"BLIP-2 ({self.model_path}) is not loaded")
        try:
            kwargs = {"images": image.convert("RGB"), "return_tensors": "pt"}
            if prompt:
                kwargs["text"] = prompt
            inputs = processor(**kwargs).to(self.device, self.dtype)
            with torch.inference_mode():
                ids = model.generate(**inputs, max_new_tokens=max_new_tokens)
            prompt_ids = inputs.get("input_ids")
            if (
                prompt_ids is not None
                and ids.shape[1] >= prompt_ids.shape[1]
                and torch.equal(ids[:, : prompt_ids.shape[1]], prompt_ids)
            ):
                ids = ids[:, prompt_ids.shape[1] :]  # a decoder-only text model returns the prompt too
            text: str = processor.batch_decode(ids, skip_special_tokens=True)[0]
        except Exception as exc:
            raise self.error(f"BLIP-2 ({self.model_path}) failed: {exc}") from exc
        return text.strip()
