"""Results lines, their concurrent appends, the success tables and `python -m evaluation.report`."""

from __future__ import annotations

import json
import multiprocessing
from pathlib import Path

import pytest

from evaluation.reporting.report import main as report_main
from evaluation.reporting.results import (
    RECORD_KEYS,
    RESULTS_FILE,
    append_result,
    one_line,
    point_latest,
    read_results,
    render_markdown,
    result_schema,
    schema_problems,
    summarise,
    write_report,
)


def rec(task_id, site, reward, status="scored", overall="easy", file="t.json", types=("string_match",)):
    return {
        "task_file": file,
        "task_id": task_id,
        "site": site,
        "reward": reward,
        "status": status,
        "difficulty": {"overall": overall},
        "eval_types": list(types),
        "agent": "som",
        "model": "m1",
    }


def _writer(args):
    directory, worker = args
    for i in range(200):
        append_result(
            Path(directory),
            rec(worker * 1000 + i, "classifieds", i % 2, file=f"w{worker}.json") | {"padding": "x" * 3000},
        )


def test_concurrent_appends_keep_every_line_whole(tmp_path):
    with multiprocessing.get_context("fork").Pool(4) as pool:
        pool.map(_writer, [(str(tmp_path), w) for w in range(4)])
    lines = (tmp_path / RESULTS_FILE).read_text().splitlines()
    assert len(lines) == 800
    assert len({(r["task_file"], r["task_id"]) for r in map(json.loads, lines)}) == 800


def test_rerun_line_wins_and_damaged_line_is_an_error(tmp_path):
    append_result(tmp_path, rec(1, "reddit", 0))
    append_result(tmp_path, rec(1, "reddit", 1))
    append_result(tmp_path, rec(2, "reddit", 0))
    records = read_results(tmp_path)
    assert sorted((r["task_id"], r["reward"]) for r in records) == [(1, 1), (2, 0)]
    with open(tmp_path / RESULTS_FILE, "a") as f:
        f.write('{"task_id": 3, "trunc\n')
    with pytest.raises(ValueError, match=r"results.jsonl, line 4: not JSON"):
        read_results(tmp_path)


def test_summary_by_site_difficulty_and_evaluator():
    records = [
        rec(0, "shopping", 1, overall="hard"),
        rec(1, "shopping", 0),
        rec(2, "shopping", None, status="error"),
        rec(3, "classifieds", 1, types=("url_match", "program_html")),
        rec(4, "classifieds", None, status="skipped"),
        rec(5, "reddit", 0, overall="medium"),
    ]
    s = summarise(records)
    assert list(s.by_site) == ["classifieds", "reddit", "shopping"]
    assert (s.by_site["shopping"].success, s.by_site["shopping"].total, s.by_site["shopping"].errors) == (1, 3, 1)
    assert s.by_site["classifieds"].to_dict() == {
        "tasks": 1,
        "success": 1,
        "errors": 0,
        "skipped": 1,
        "success_rate": 1.0,
    }
    assert (s.overall.success, s.overall.total) == (2, 5)
    assert list(s.by_difficulty) == ["easy", "medium", "hard"]
    text = render_markdown(s)
    assert "| shopping | 33.33% | 1 | 3 | 1 | 0 |" in text
    assert "| **Overall** | **40.00%** | 2 | 5 | 1 | 1 |" in text
    assert "| hard | 100.00% | 1 | 1 | 0 | 0 |" in text
    assert "| program_html | 100.00% | 1 | 1 | 0 | 0 |" in text
    assert "Agent: som (model m1)" in text


def test_summary_groups_tasks_by_the_official_template_they_mirror():
    def mirror(task_id, site, reward, official):
        return {**rec(task_id, site, reward), "official_template_id": official}

    records = [
        mirror(0, "shopping", 1, 12),
        mirror(1, "shopping", 0, 12),
        mirror(2, "classifieds", 1, 3),
        mirror(3, "shopping", 1, 2),
        mirror(4, "reddit", 1, None),
        rec(5, "reddit", 0),
    ]
    s = summarise(records)
    assert list(s.by_official_template) == ["classifieds 3", "shopping 2", "shopping 12"]
    assert s.by_official_template["shopping 12"].to_dict()["success_rate"] == 0.5
    assert s.to_dict()["by_official_template"]["classifieds 3"]["tasks"] == 1
    text = render_markdown(s)
    assert "Tasks that mirror an official template: 4 run, 75.00% success, over 3 official templates" in text
    assert "| shopping 12 | 50.00% | 1 | 2 | 0 | 0 |" in text
    assert "Official template" not in render_markdown(summarise(records[4:]))


def test_report_cli_and_files(tmp_path, capsys):
    for r in (rec(0, "classifieds", 1), rec(1, "classifieds", 0)):
        append_result(tmp_path, r)
    assert report_main([str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "| classifieds | 50.00% | 1 | 2 | 0 | 0 |" in out
    assert out == (tmp_path / "report.md").read_text()
    assert json.loads((tmp_path / "summary.json").read_text())["overall"]["success_rate"] == 0.5
    assert report_main([str(tmp_path / "nothing")]) == 2
    assert "no results.jsonl" in capsys.readouterr().err


def test_latest_symlink(tmp_path):
    run = tmp_path / "results" / "20240101-000000"
    run.mkdir(parents=True)
    point_latest(run)
    assert (tmp_path / "results" / "latest").resolve() == run.resolve()


def test_every_line_has_the_same_keys_nulls_where_no_value(tmp_path):
    append_result(
        tmp_path,
        {
            "task_file": "t.json",
            "task_id": 1,
            "status": "error",
            "phase": "login",
            "error": "login: refused",
            "judge_usage": {"calls": 0},
        },
    )
    [line] = (tmp_path / RESULTS_FILE).read_text().splitlines()
    record = json.loads(line)
    assert list(record) == [*RECORD_KEYS, "judge_usage"]
    assert record["answer"] is None and record["steps"] is None and record["phase"] == "login"


def test_the_schema_names_every_record_key_and_rejects_bad_lines(tmp_path):
    schema = result_schema()
    assert schema["required"] == list(RECORD_KEYS)  # the schema and the code cannot drift
    assert set(RECORD_KEYS) <= set(schema["properties"])
    good = {
        "task_file": "/t/suite.json",
        "task_id": 3,
        "test_id": "classifieds/3",
        "site": "classifieds",
        "sites": ["classifieds"],
        "difficulty": {"overall": "easy"},
        "eval_types": ["string_match"],
        "intent": "x",
        "agent": "reference",
        "model": None,
        "stack": "embedded",
        "expected_reward": 1,
        "worker": "gw0",
        "scoring": "official",
        "started_at": 1.5,
        "attempt": 1,
    }
    append_result(
        tmp_path,
        dict(
            good,
            status="scored",
            reward=1,
            checks=[],
            answer="4",
            final_url="http://x/",
            stop_reason="stop",
            steps=2,
            timings={"total_s": 1.0},
            tokenizer="o200k_base",
        ),
    )
    append_result(tmp_path, dict(good, status="error", phase="login", error="login: the form did not appear"))
    append_result(tmp_path, dict(good, status="skipped", skip_reason="no reference solution"))
    assert schema_problems(tmp_path) == []
    append_result(tmp_path, dict(good, status="scored", reward=None, steps=2, stop_reason="stop", checks=[]))
    append_result(tmp_path, dict(good, status="error", phase="login", error="lost\nmore"))
    append_result(tmp_path, dict(good, status="done", scoring="lenient"))
    (tmp_path / RESULTS_FILE).open("a").write('{"task_id": 1}\n')
    problems = schema_problems(tmp_path)
    assert any("line 4 (classifieds/3), reward: None is not one of [0, 1]" in p for p in problems), problems
    assert any(p.startswith(f"{tmp_path / RESULTS_FILE}, line 5 (classifieds/3), error: ") for p in problems)
    assert any("line 6 (classifieds/3), status: 'done' is not one of" in p for p in problems)
    assert any("line 6 (classifieds/3), scoring: 'lenient' is not one of" in p for p in problems)
    assert any("line 7 (None), (the line): 'task_file' is a required property" in p for p in problems)


def test_one_line_drops_chromedriver_stack():
    raw = (
        "Message: timeout: Timed out receiving message from renderer: 10.000\n  (Session info: chrome=1)\n"
        "Stacktrace:\n#0 0x55d5c2b1e3a3 <unknown>\n#1 0x55d5c28e1f77 <unknown>\n"
    )
    assert one_line(raw) == (
        "Message: timeout: Timed out receiving message from renderer: 10.000 (Session info: chrome=1)"
    )


def test_scoring_mode_is_in_the_report_and_mixed_modes_are_named(tmp_path):
    for i, mode in enumerate(("official", "official")):
        append_result(tmp_path, {**rec(i, "reddit", 1), "scoring": mode})
    write_report(tmp_path)
    assert json.loads((tmp_path / "summary.json").read_text())["scoring"] == "official"
    assert "Scoring: official" in (tmp_path / "report.md").read_text()
    append_result(tmp_path, {**rec(9, "reddit", 0), "scoring": "strict"})
    write_report(tmp_path)
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["scoring"].startswith("MIXED") and summary["scoring_modes"] == ["official", "strict"]
    assert "Scoring: MIXED (official, strict)" in (tmp_path / "report.md").read_text()


def _official_files(tmp_path):
    """Official-format tasks of two files: classifieds tasks that open the store or the forum in a second tab,
    and a store task."""
    from tests.evaluation.taskdata import make_task, write_tasks

    store_tab = make_task(
        0, start_url="__CLASSIFIEDS__/index.php?page=item&id=5 |AND| __SHOPPING__/catalogsearch/result/?q=bike"
    )
    forum_tab = make_task(1, start_url="__CLASSIFIEDS__ |AND| __REDDIT__/f/pics")
    alone = make_task(2)
    store = make_task(0, sites=["shopping"], start_url="__SHOPPING__", storage_state="./.auth/shopping_state.json")
    return (
        write_tasks(tmp_path / "test_classifieds.json", [store_tab, forum_tab, alone]),
        write_tasks(tmp_path / "test_shopping.json", [store]),
    )


def test_markers_and_the_table_count_every_site_a_task_needs(tmp_path):
    from evaluation.taskfiles.loader import Task, load_task_entries
    from evaluation.taskfiles.markers import task_markers

    classifieds, shopping = _official_files(tmp_path)
    entries = [t for f in (classifieds, shopping) for _, t in load_task_entries(f)]
    tasks = [t for t in entries if isinstance(t, Task)]
    assert tasks == entries  # every task of these files loads
    marks = {(Path(t.file).name, t.task_id): task_markers(t) for t in tasks}
    assert {"classifieds", "shopping", "multisite"} <= set(marks[("test_classifieds.json", 0)])
    assert {"classifieds", "reddit", "multisite"} <= set(marks[("test_classifieds.json", 1)])
    assert not {"multisite", "shopping"} & set(marks[("test_classifieds.json", 2)])
    assert [t.needed_sites for t in tasks][:2] == [("classifieds", "shopping"), ("classifieds", "reddit")]
    records = [
        {
            "task_file": str(t.file),
            "task_id": t.task_id,
            "site": t.site,
            "sites": list(t.sites),
            "needed_sites": list(t.needed_sites),
            "reward": 1,
            "status": "scored",
            "difficulty": t.difficulty,
            "eval_types": list(t.eval.types),
            "agent": "reference",
        }
        for t in tasks
    ]
    s = summarise(records)
    # by main site: each file's count, as the files hold them
    assert {k: v.total for k, v in s.by_site.items()} == {"classifieds": 3, "shopping": 1}
    # by every site needed: the classifieds tasks with a store or forum tab count there too
    assert {k: v.total for k, v in s.by_needed_site.items()} == {"classifieds": 3, "reddit": 1, "shopping": 2}
    text = render_markdown(s)
    assert "Site needed" in text and "| shopping | 100.00% | 2 | 2 | 0 | 0 |" in text
    assert "| shopping | 100.00% | 1 | 1 | 0 | 0 |" in text  # the by-site row still counts the file
    old = [{k: v for k, v in r.items() if k != "needed_sites"} for r in records]  # lines from before
    assert {k: v.total for k, v in summarise(old).by_needed_site.items()} == {"classifieds": 3, "shopping": 1}
