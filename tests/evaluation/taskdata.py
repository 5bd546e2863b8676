"""Builders of task objects in the official format, for the evaluation tests."""

from __future__ import annotations

import copy
import json
from pathlib import Path


def make_task(task_id: int = 0, **overrides) -> dict:
    task = {
        "sites": ["classifieds"],
        "task_id": task_id,
        "require_login": True,
        "storage_state": "./.auth/classifieds_state.json",
        "start_url": "__CLASSIFIEDS__",
        "geolocation": None,
        "intent_template": "What is the price of {{item}}?",
        "intent": "What is the price of the blue bike?",
        "image": None,
        "instantiation_dict": {"item": "the blue bike"},
        "require_reset": False,
        "eval": {
            "eval_types": ["string_match"],
            "reference_answers": {"exact_match": "120"},
            "reference_url": "",
            "program_html": [],
            "string_note": "",
            "reference_answer_raw_annotation": "120",
        },
        "reasoning_difficulty": "easy",
        "visual_difficulty": "easy",
        "overall_difficulty": "easy",
        "comments": "",
        "intent_template_id": 1,
    }
    for key, value in overrides.items():
        task[key] = copy.deepcopy(value)
    return task


def with_eval(task_id: int = 0, **eval_fields) -> dict:
    task = make_task(task_id)
    task["eval"] = {
        "eval_types": [],
        "reference_answers": None,
        "reference_url": "",
        "program_html": [],
        "string_note": "",
        **eval_fields,
    }
    return task


def write_tasks(path: Path, tasks: list) -> Path:
    path.write_text(json.dumps(tasks, indent=1))
    return path
