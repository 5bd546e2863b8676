"""Reading what a test expects in a page or an image. `found(pattern, text)`: the first group of a pattern the test
expects in a page or a line; the test fails naming the pattern and the start of the text when it is not there
(rather than on `None.group`). `rgb(image, xy)`: a pixel as three numbers."""

from __future__ import annotations

import re


def found(pattern: str | re.Pattern[str], text: str, group: int = 1) -> str:
    match = re.search(pattern, text)
    assert match is not None, f"{getattr(pattern, 'pattern', pattern)!r} is not in {text[:300]!r}"
    return match.group(group)


def rgb(image, xy: tuple[int, int]) -> tuple[int, int, int]:
    """The (red, green, blue) of a PIL image's pixel at `xy`, whatever the image's mode."""
    value = image.convert("RGB").getpixel(xy)
    assert isinstance(value, tuple) and len(value) == 3, value
    return value[0], value[1], value[2]
