"""Images: input and reference images of tasks, images located on pages, and SSIM.

Local image paths are looked up, in order, under `--image-root`, next to the task file, and under the
project root; http(s) URLs are fetched. A missing image is a `TaskInputError` naming the file, the task
and the field (checked when the task runs, so task files can be listed without their images).
"""

from __future__ import annotations

import base64
import io
import urllib.request
from pathlib import Path

import numpy as np
from PIL import Image, UnidentifiedImageError

from evaluation.scoring.driver import Driver
from evaluation.taskfiles.loader import Task
from evaluation.vocabulary.errors import EvaluationError, TaskInputError
from evaluation.vocabulary.spec import ImageRef
from sites.config import PROJECT_ROOT

FETCH_TIMEOUT_S = 30.0


def candidate_paths(ref: ImageRef, task_file: Path, image_root: Path | None) -> list[Path]:
    path = Path(ref.value).expanduser()
    if path.is_absolute():
        out = [path]
        if image_root is not None:
            out.append(image_root / path.name)
        return out
    roots = ([image_root] if image_root is not None else []) + [task_file.parent, PROJECT_ROOT]
    return [root / path for root in roots]


def fetch_url(url: str) -> bytes:
    request = urllib.request.Request(url, headers={"User-Agent": "vwa-arena-evaluation"})
    with urllib.request.urlopen(request, timeout=FETCH_TIMEOUT_S) as response:
        body: bytes = response.read()
        return body


def open_image(data: bytes, what: str) -> Image.Image:
    try:
        image = Image.open(io.BytesIO(data))
        image.load()
        return image
    except (UnidentifiedImageError, OSError) as exc:
        raise TaskInputError(f"{what} is not a readable image: {exc}") from exc


def load_image_ref(ref: ImageRef, task: Task, field_name: str, image_root: Path | None = None) -> Image.Image:
    where = f"{task.file}, task {task.task_id}, field {field_name!r}"
    if ref.is_url:
        try:
            data = fetch_url(ref.value)
        except Exception as exc:
            raise TaskInputError(f"{where}: cannot fetch image {ref.value}: {exc}") from exc
        return open_image(data, f"{where}: {ref.value}")
    tried = candidate_paths(ref, task.file, image_root)
    for path in tried:
        if path.is_file():
            return open_image(path.read_bytes(), f"{where}: {path}")
    raise TaskInputError(
        f"{where}: image {ref.value!r} not found (looked at: {', '.join(str(p) for p in tried)}; "
        "use --image-root DIR to point at the images)"
    )


def load_input_images(task: Task, image_root: Path | None = None) -> list[Image.Image]:
    """The task's input images (field `image`), opened."""
    return [
        load_image_ref(ref, task, "image" if len(task.images) == 1 else f"image[{i}]", image_root)
        for i, ref in enumerate(task.images)
    ]


def ssim(a: Image.Image, b: Image.Image) -> float:
    """Structural similarity of two images: grayscale, `b` resized to `a`'s size (both to at least 7 px)."""
    from skimage.metrics import structural_similarity

    width, height = max(a.width, 7), max(a.height, 7)
    ga = np.asarray(a.convert("L").resize((width, height)), dtype=np.float64)
    gb = np.asarray(b.convert("L").resize((width, height)), dtype=np.float64)
    return float(structural_similarity(ga, gb, data_range=255.0))


# Image URLs under the elements matching a selector: <img> (the element itself or descendants;
# currentSrc first) and CSS background images.
_IMAGE_URLS = (Path(__file__).with_name("image_urls.js")).read_text(encoding="utf-8")

# Fetch a URL inside the page (same cookies as the page) and return it base64-encoded.
_FETCH_IN_PAGE = (Path(__file__).with_name("fetch_in_page.js")).read_text(encoding="utf-8")


def page_image_urls(driver: Driver, selector: str) -> list[str] | None:
    """URLs of the images under `selector` on the current page; None when the selector is invalid."""
    urls: list[str] | None = driver.execute_script(_IMAGE_URLS, selector)
    return urls


def fetch_in_page(driver: Driver, url: str) -> bytes:
    if url.startswith("data:"):
        header, _, payload = url.partition(",")
        return base64.b64decode(payload) if ";base64" in header else payload.encode()
    result = driver.execute_async_script(_FETCH_IN_PAGE, url)
    if not isinstance(result, dict) or "data" not in result:
        raise EvaluationError(f"could not fetch page image {url}: {(result or {}).get('error', 'no answer')}")
    return base64.b64decode(result["data"])


def fetch_page_image(driver: Driver, url: str) -> bytes:
    """The bytes of an image shown on the current page: read from the page (with its cookies) or, when the page
    may not read it (an image of another site without a CORS grant, as a forum post linking a store photo),
    fetched directly as the official harness fetches every page image."""
    try:
        return fetch_in_page(driver, url)
    except EvaluationError as in_page:
        if not url.startswith(("http://", "https://")):
            raise
        try:
            return fetch_url(url)
        except (OSError, ValueError) as exc:
            raise EvaluationError(f"{in_page}; fetching it directly failed too: {exc}") from exc
