"""The VWA task format's vocabulary: its constants and the typed parts of a task (images, expectations,
locators, program_html targets, image queries, the eval block). Both the loader (which builds them) and the
scoring code (which reads them) import them from here; `Task` itself, which re-parses on `resolve`, is in
loader.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from evaluation.vocabulary.helper_calls import HelperCall

EVAL_TYPES = ("string_match", "url_match", "program_html", "page_image_query")
DIFFICULTIES = ("easy", "medium", "hard")
URL_NOTES = ("EXACT", "GOLD in PRED")
MULTI_URL_SEP = " |AND| "
OR_SEP = " |OR| "
DEFAULT_VIEWPORT = (1280, 2048)


# ---- parts of a task -------------------------------------------------------------------------------


@dataclass(frozen=True)
class ImageRef:
    """An image given by a task: an http(s) URL or a local path (resolved when the task runs)."""

    value: str

    @property
    def is_url(self) -> bool:
        return self.value.startswith(("http://", "https://"))


@dataclass(frozen=True)
class Inequality:
    op: str
    value: float
    source: str

    def holds(self, x: float) -> bool:
        return {
            "<": x < self.value,
            "<=": x <= self.value,
            ">": x > self.value,
            ">=": x >= self.value,
            "==": x == self.value,
            "!=": x != self.value,
        }[self.op]


@dataclass(frozen=True)
class Expectation:
    """`reference_answers` / `required_contents`: every key present must hold."""

    exact_match: str | None = None
    must_include: tuple[str, ...] | None = None
    must_exclude: tuple[str, ...] | None = None
    one_of: tuple[str, ...] | None = None
    required_values: tuple[tuple[Inequality, ...], ...] | None = None  # each item: |OR| alternatives
    fuzzy_match: tuple[str, ...] | None = None
    unachievable: bool = False  # fuzzy_match == "N/A" (or ["N/A"]: then fuzzy_match is ("N/A",) too)

    def is_empty(self) -> bool:
        return (
            self.exact_match is None
            and self.must_include is None
            and self.must_exclude is None
            and self.one_of is None
            and self.required_values is None
            and self.fuzzy_match is None
            and not self.unachievable
        )


@dataclass(frozen=True)
class Locator:
    kind: str  # "html" | "js" | "lambda" | "helper"
    source: str  # as written in the task file
    code: str = ""  # the JavaScript expression (js, lambda)
    call: HelperCall | None = None  # helper


@dataclass(frozen=True)
class ProgramTarget:
    url: str  # "last", a URL, or "func:..." (see url_call)
    url_call: HelperCall | None
    locator: Locator
    prep_actions: tuple[str, ...]
    required: Expectation


@dataclass(frozen=True)
class ImageQuery:
    url: str  # "last" or a URL
    selector: str
    vqa: tuple[tuple[str, str], ...]  # (question, expected answer)
    reference_images: tuple[tuple[ImageRef, ...], ...]  # each must match; within one: |OR| alternatives
    ssim_threshold: float


@dataclass(frozen=True)
class EvalSpec:
    types: tuple[str, ...]
    reference_answers: Expectation | None
    reference_url: tuple[str, ...]  # |OR| alternatives
    url_note: str
    string_note: str
    program_html: tuple[ProgramTarget, ...]
    page_image_query: tuple[ImageQuery, ...]
