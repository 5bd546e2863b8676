"""What the agent sees after each step."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from PIL import Image

# The observation modes of the environment (and of an agent): the accessibility tree as text, or the
# Set-of-Marks screenshot with its marks' text list.
ObservationMode = Literal["accessibility_tree", "som"]
OBSERVATION_MODES: tuple[ObservationMode, ...] = ("accessibility_tree", "som")


@dataclass(frozen=True)
class Tab:
    title: str
    url: str


class Observation:
    """One observation of the focused tab.

    `text` is the observation text of the environment's mode: the accessibility tree
    (`[id] role 'name' props` lines) or the Set-of-Marks list (`[id] [TAG] [text]` lines).
    Ids in actions refer to the ids of the most recent observation.

    Three parts are produced only when first read, since most consumers never read them:
    - `som_image`, the frame with the numbered boxes (som mode), is drawn by `som_painter` on first read;
    - `som_screenshot`, its PNG, is encoded from `som_image` on first read, then kept (the drawn image is then
      let go: drawn again if read again, the same pixels); when it is read before `som_image`, `som_png_painter`
      (if given) draws and encodes it in one go, the same pixels without an image in between;
    - `html`, the page's HTML, is read from the page on first read, then kept. It must be read before the
      environment's next action or observation (the page may have changed since): reading it later raises
      RuntimeError instead of giving another page's HTML.
    Either may also be given as a value, as before.
    """

    def __init__(
        self,
        url: str,
        tabs: list[Tab],
        focused_tab: int,
        mode: ObservationMode,
        text: str,
        screenshot: bytes,
        som_screenshot: bytes | None = None,
        html: str | None = None,
        error: str | None = None,
        meta: dict[str, Any] | None = None,
        *,
        som_image: Image.Image | None = None,
        som_encoder: Callable[[Image.Image], bytes] | None = None,
        som_painter: Callable[[], Image.Image] | None = None,
        som_png_painter: Callable[[], bytes] | None = None,
        html_reader: Callable[[], str] | None = None,
    ) -> None:
        self.url = url
        self.tabs = tabs
        self.focused_tab = focused_tab
        self.mode = mode  # "accessibility_tree" | "som"
        self.text = text  # observation text of that mode
        self.screenshot = screenshot  # raw PNG of the viewport
        self.error = error  # error of the previous action, for the agent to read
        self.meta = meta if meta is not None else {}  # timings and counts (benchmarks, trajectories)
        self._som_image = som_image  # PIL image with numbered boxes (som mode), else None
        self._som_painter = som_painter
        self._som_png = som_screenshot
        self._som_encoder = som_encoder
        self._som_png_painter = som_png_painter  # draws and encodes the PNG in one go (it times its parts)
        self._html = html
        self._html_reader = html_reader

    @property
    def som_image(self) -> Image.Image | None:
        """PIL image with numbered boxes (som mode), else None."""
        if self._som_image is None and self._som_painter is not None:
            start = time.perf_counter()
            self._som_image = self._som_painter()
            self.meta.setdefault("timings", {})["som_draw"] = time.perf_counter() - start
        return self._som_image

    @som_image.setter
    def som_image(self, value: Image.Image | None) -> None:
        self._som_image, self._som_painter, self._som_png_painter = value, None, None

    @property
    def som_screenshot(self) -> bytes | None:
        """PNG with numbered boxes (som mode), else None."""
        if self._som_png is None and self._som_image is None and self._som_png_painter is not None:
            self._som_png = self._som_png_painter()
            return self._som_png
        if self._som_png is None and self._som_encoder is not None:
            image = self.som_image
            if image is not None:
                start = time.perf_counter()
                self._som_png = self._som_encoder(image)
                self.meta.setdefault("timings", {})["som_encode"] = time.perf_counter() - start
                if self._som_painter is not None:
                    self._som_image = None  # the PNG is what is kept; the painter draws it again if asked
        return self._som_png

    @som_screenshot.setter
    def som_screenshot(self, value: bytes | None) -> None:
        self._som_png, self._som_image, self._som_painter, self._som_png_painter = value, None, None, None

    @property
    def html(self) -> str:
        """Page HTML (document.documentElement.outerHTML) of the observed tab."""
        if self._html is None:
            if self._html_reader is None:
                return ""
            start = time.perf_counter()
            self._html = self._html_reader()
            self.meta.setdefault("timings", {})["html"] = time.perf_counter() - start
        return self._html

    @html.setter
    def html(self, value: str) -> None:
        self._html = value

    def tabs_text(self) -> str:
        lines = []
        for i, tab in enumerate(self.tabs):
            mark = " (current)" if i == self.focused_tab else ""
            lines.append(f"Tab {i}{mark}: {tab.title} ({tab.url})")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (
            f"Observation(url={self.url!r}, mode={self.mode!r}, focused_tab={self.focused_tab}, "
            f"tabs={len(self.tabs)}, text={len(self.text)} chars, error={self.error!r})"
        )
