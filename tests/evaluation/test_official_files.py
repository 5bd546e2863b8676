"""Official-format task files with the odd tasks of the public benchmark collect whole: a difficulty typo is
kept with a warning, a fuzzy_match string and a relative GOLD-in-PRED URL are valid, and a truly malformed
task is one item that errors while every other task is collected; --strict-tasks makes any of it an error."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from evaluation.taskfiles.loader import Task, load_task_entries, load_task_file
from evaluation.vocabulary.errors import TaskFormatError
from tests.commands import run_module

from .taskdata import make_task, with_eval, write_tasks

ROOT = Path(__file__).resolve().parents[2]


def odd_tasks() -> list[dict]:
    typo = make_task(1, overall_difficulty="mediun", visual_difficulty="hrad")
    fuzzy = with_eval(
        2,
        eval_types=["program_html"],
        program_html=[
            {"url": "last", "locator": "", "required_contents": {"fuzzy_match": "a red bike |OR| a crimson bike"}}
        ],
    )
    relative = with_eval(3, eval_types=["url_match"], reference_url="f/gaming", url_note="GOLD in PRED")
    broken = with_eval(4, eval_types=["url_match"], reference_url="f/gaming")  # EXACT needs a whole URL
    no_id = make_task(5)
    del no_id["task_id"]
    return [make_task(0), typo, fuzzy, relative, broken, no_id, make_task(6)]


# the items of odd_tasks(): the task without an id is named by its place in the file
ODD_NAMES = [f"classifieds/{n}" for n in ("0", "1", "2", "3", "4", "#5", "6")]


def pytest_run(*args: str) -> subprocess.CompletedProcess:
    return run_module("pytest", "-p", "no:cacheprovider", "-q", *args)


def test_loader_keeps_the_odd_tasks(tmp_path):
    entries = dict(load_task_entries(write_tasks(tmp_path / "t.json", odd_tasks())))
    tasks = {key: e for key, e in entries.items() if isinstance(e, Task)}
    errors = {key: e for key, e in entries.items() if isinstance(e, TaskFormatError)}
    assert set(errors) == {"classifieds/4", "classifieds/#5"}
    assert set(entries) == set(ODD_NAMES)
    typo = tasks["classifieds/1"]
    assert typo.difficulty["overall"] == "mediun" and typo.difficulty["visual"] == "hrad"
    assert [w.field for w in typo.warnings] == ["visual_difficulty", "overall_difficulty"]
    assert "'mediun'" in str(typo.warnings[1]) and "task 1" in str(typo.warnings[1])
    assert tasks["classifieds/2"].eval.program_html[0].required.fuzzy_match == ("a red bike", "a crimson bike")
    assert tasks["classifieds/3"].eval.reference_url == ("f/gaming",)
    broken = errors["classifieds/4"]
    assert broken.task_id == 4 and broken.field == "eval.reference_url" and "t.json" in str(broken)
    assert errors["classifieds/#5"].field == "task_id"
    with pytest.raises(Exception, match=r"task 4, field 'eval\.reference_url'"):
        load_task_file(tmp_path / "t.json")  # the all-or-nothing reader still names the first problem


def test_a_bad_task_is_one_erroring_item_and_the_others_collect(tmp_path):
    path = write_tasks(tmp_path / "odd.json", odd_tasks())
    out = pytest_run("--task-file", str(path), "--collect-only")
    assert out.returncode == 0, out.stdout + out.stderr
    for name in ODD_NAMES:
        assert f"odd.json::{name}" in out.stdout, out.stdout
    assert "7 tests collected" in out.stdout
    assert "odd.json, task 1, field 'overall_difficulty': 'mediun'" in out.stdout  # the warning, named
    run = pytest_run(
        "--task-file",
        str(path),
        f"{path}::classifieds/4",
        f"{path}::classifieds/#5",
        "--results",
        str(tmp_path / "res"),
    )
    assert run.returncode == 1 and "2 errors" in run.stdout, run.stdout
    assert "bad task: " + str(path) + ", task 4, field 'eval.reference_url'" in run.stdout
    assert "field 'task_id': missing" in run.stdout
    assert "Traceback" not in run.stdout


def test_strict_tasks_turns_any_problem_into_a_collection_error(tmp_path):
    typo_only = write_tasks(tmp_path / "typo.json", [make_task(0), make_task(1, overall_difficulty="hrad")])
    out = pytest_run("--task-file", str(typo_only), "--collect-only")
    assert out.returncode == 0 and "2 tests collected" in out.stdout, out.stdout
    strict = pytest_run("--task-file", str(typo_only), "--collect-only", "--strict-tasks")
    assert strict.returncode != 0 and "1 error" in strict.stdout, strict.stdout
    assert "task 1, field 'overall_difficulty'" in strict.stdout


def test_malformed_json_is_a_collection_error_naming_file_and_line(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps([make_task(0)], indent=1)[:-3] + "\n,,]\n", encoding="utf-8")
    out = pytest_run("--task-file", str(path), "--collect-only")
    assert out.returncode != 0 and "1 error" in out.stdout, out.stdout
    assert f"bad task file: {path}: not valid JSON" in out.stdout and "at line" in out.stdout
