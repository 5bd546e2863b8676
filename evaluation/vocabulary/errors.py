"""Errors of the evaluation layer.

Two families:
- bad input (a task file that does not follow the format): `TaskFormatError`, raised at load/collection,
  always naming the file, the task id and the field;
- harness failures while scoring (a judge or VQA model down, a site API error, a missing input image,
  a helper that crashed): subclasses of `EvaluationError`. They make the task an ERROR with its cause,
  never a silent reward of 0; `HarnessError` when the harness itself could not run the task (site down, browser
  crash).
`SkipTask`: the task cannot run here (a site this stack cannot serve); not an error.
"""

from __future__ import annotations

from pathlib import Path


class TaskFormatError(ValueError):
    """A task file, or one task in it, does not follow the VWA task format."""

    def __init__(self, file: str | Path | None, task_id: object, field: str | None, message: str):
        self.file = str(file) if file is not None else "<memory>"
        self.task_id = task_id
        self.field = field
        self.message = message
        where = self.file
        if task_id is not None:
            where += f", task {task_id}"
        if field:
            where += f", field {field!r}"
        super().__init__(f"{where}: {message}")


class EvaluationError(RuntimeError):
    """The harness could not score a task (its cause is in the message).

    `retryable`: whether another attempt may not hit it (a browser crash, a site or model that did not answer).
    A cause that every attempt meets the same way (a missing setting, a record the site does not have, a
    missing input) is not retried: `--retries` would only repeat it."""

    retryable = True

    def __init__(self, message: str = "", *, retryable: bool | None = None):
        super().__init__(message)
        if retryable is not None:
            self.retryable = retryable


class TaskInputError(EvaluationError):
    """An input of the task (an image, a reference image) is missing or unreadable when the task runs."""

    retryable = False


class HelperError(EvaluationError):
    """A named helper could not compute its value (browser or site API failure)."""


class JudgeError(EvaluationError):
    """The language-model judge (fuzzy_match) failed or is not configured."""


class VQAError(EvaluationError):
    """The visual question-answering backend failed or is not configured."""


class HarnessError(EvaluationError):
    """The harness could not run the task (site down, browser crash, model API down...)."""


class SkipTask(Exception):
    """The task cannot run here (a site this stack cannot serve, no reference solution)."""
