"""Builders of a task's `eval` object (the official evaluator shapes) and of reference-solution steps
(the format of agent/agents/reference.py)."""

from __future__ import annotations


def answer_eval(reference_answers: dict, string_note: str = "") -> dict:
    return {
        "eval_types": ["string_match"],
        "reference_answers": reference_answers,
        "reference_url": "",
        "program_html": [],
        "string_note": string_note,
    }


def url_eval(url: str) -> dict:
    return {
        "eval_types": ["url_match"],
        "reference_answers": None,
        "reference_url": url,
        "program_html": [],
        "url_note": "EXACT",
    }


def html_eval(targets: list[dict]) -> dict:
    return {"eval_types": ["program_html"], "reference_answers": None, "reference_url": "", "program_html": targets}


def with_images(ev: dict, checks: list[dict]) -> dict:
    """`ev` plus page_image_query checks."""
    return {**ev, "eval_types": ev["eval_types"] + ["page_image_query"], "page_image_query": checks}


def ssim_check(url: str, selector: str, reference: str, threshold: float = 0.8) -> dict:
    """One page_image_query check: an image matching `selector` on page `url` must look like `reference`."""
    return {
        "eval_image_url": url,
        "eval_image_class": selector,
        "eval_fuzzy_image_match": reference,
        "ssim_threshold": threshold,
    }


def image_eval(url: str, selector: str, reference: str, threshold: float = 0.9) -> dict:
    """A page_image_query eval of one `ssim_check` alone."""
    return {
        "eval_types": ["page_image_query"],
        "reference_answers": None,
        "reference_url": "",
        "program_html": [],
        "page_image_query": [ssim_check(url, selector, reference, threshold)],
    }


def target(url: str, locator: str, **required) -> dict:
    """One program_html check: the text `locator` reads on `url` must satisfy `required`."""
    return {"url": url, "locator": locator, "required_contents": required}


def stop(answer: str, note: str = "") -> dict:
    step = {"do": "stop", "answer": answer}
    if note:
        step["note"] = note
    return step


def goto(url: str, note: str = "") -> dict:
    step = {"do": "goto", "url": url}
    if note:
        step["note"] = note
    return step


def click(css: str, note: str = "") -> dict:
    step = {"do": "click", "css": css}
    if note:
        step["note"] = note
    return step


def type_in(css: str, value: str, enter: bool = False) -> dict:
    return {"do": "type", "css": css, "value": value, "enter": enter}
