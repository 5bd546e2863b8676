"""Every run records what it ran on; reports, merges and make verify say when two differ."""

from __future__ import annotations

import json

from evaluation.reporting import environment
from evaluation.reporting.merge import merge_runs
from evaluation.reporting.results import append_result, write_report


def test_the_record_names_python_packages_browser_and_cpu():
    record = environment.describe()
    for key in (
        "python",
        "cpu",
        "numpy",
        "pillow",
        "selenium",
        "nltk",
        "chromium",
        "chromedriver",
        "numpy dispatch",
        "deb chromium",
    ):
        assert key in record, key
    assert record["chromium"][0].isdigit()


def test_differences_name_each_key_that_changed():
    a = {"python": "3.11.7", "chromium": "156.0.1", "cpu": "X"}
    b = {"python": "3.11.7", "chromium": "157.0.2", "numpy": "2.4.6"}
    lines = environment.differences(a, b, ("left", "right"))
    assert lines == [
        "chromium: 156.0.1 (left) vs 157.0.2 (right)",
        "cpu: X (left) vs unrecorded (right)",
        "numpy: unrecorded (left) vs 2.4.6 (right)",
    ]
    assert environment.differences(a, dict(a)) == []


def test_a_run_keeps_its_first_record(tmp_path):
    first = environment.write(tmp_path)
    (tmp_path / environment.FILE).write_text(json.dumps({**first, "python": "2.7"}))
    environment._WRITTEN.clear()  # a resumed run is a new process
    assert environment.write(tmp_path)["python"] == "2.7"  # a resumed run does not overwrite it


def _line(task_id):
    return {
        "task_file": "t.json",
        "task_id": task_id,
        "test_id": f"classifieds/{task_id}",
        "site": "classifieds",
        "status": "scored",
        "reward": 1.0,
        "agent": "reference",
        "scoring": "official",
    }


def test_summary_and_report_carry_the_environment(tmp_path):
    append_result(tmp_path, _line(1))
    environment.write(tmp_path)
    _, text = write_report(tmp_path)
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["environment"]["chromium"] == environment.describe()["chromium"]
    assert "Environment: python" in text


def test_a_merge_of_runs_from_two_machines_says_what_differs(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    append_result(a, _line(1))
    append_result(b, _line(2))
    environment.write(a)
    record = environment.describe()
    (b / environment.FILE).write_text(json.dumps({**record, "chromium": "1.2.3"}))
    merged = merge_runs([a, b], tmp_path / "out")
    assert any("chromium" in line and "1.2.3" in line for line in merged.environment_differences)
    assert json.loads((tmp_path / "out" / "merge.json").read_text())["environment_differences"]
