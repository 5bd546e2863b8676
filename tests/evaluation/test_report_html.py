"""report.html of a run folder: tables, matplotlib charts as SVG files, one row per task linking to its
trajectory; opened in Chromium, it renders without console errors and its filters work."""

from __future__ import annotations

import json

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from agent.browser.driver import create_driver, quit_driver
from evaluation.reporting.report import main as report_main
from evaluation.reporting.report_html import write_html_report
from evaluation.reporting.results import append_result
from tests.evaluation.taskdata import make_task, write_tasks

# one worker runs the module (make test: --dist loadgroup), so its module-scoped arena or browser starts once
pytestmark = pytest.mark.xdist_group("evaluation/test_report_html")


def _record(task_file, task_id, site, status, reward=None, **extra):
    return {
        "task_file": str(task_file),
        "task_id": task_id,
        "test_id": f"{site}/{task_id}",
        "site": site,
        "sites": [site],
        "difficulty": {"overall": "medium", "reasoning": "easy", "visual": "hard"},
        "eval_types": ["string_match"],
        "agent": "som",
        "model": "m",
        "scoring": "official",
        "status": status,
        "reward": reward,
        **extra,
    }


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    run = tmp_path_factory.mktemp("run")
    tasks = write_tasks(run / "suite.json", [make_task(0), make_task(1, image="images/a.png")])
    usage = {"calls": 2, "prompt_tokens": 900, "completion_tokens": 40, "cost_usd": 0.0125, "model": "m"}
    passed_check = {"name": "string_match.exact_match", "passed": True, "reason": "ok"}
    failed_check = {
        "evaluator": "string_match",
        "name": "exact_match",
        "passed": False,
        "reason": "<script>window.__pwned = 1</script> is not '120'",
    }
    gone = run / "gone.json"
    # fmt: off
    records = [
        _record(tasks, 0, "classifieds", "scored", 1, steps=3, usage=usage, checks=[passed_check],
                timings={"total_s": 12.5}),
        _record(tasks, 1, "classifieds", "scored", 0, steps=7, usage=usage, timings={"total_s": 30.0},
                checks=[failed_check]),
        _record(gone, 5, "reddit", "error", phase="login", timings={"total_s": 2.0},
                error="login: the reddit login form did not appear"),
        _record(gone, 6, "reddit", "skipped", skip_reason="no reference solution"),
    ]
    # fmt: on
    for record in records:
        append_result(run, record)
    (run / "trajectories").mkdir()
    (run / "trajectories" / "classifieds_0.html").write_text("<!DOCTYPE html><title>t</title><p>trajectory 0")
    return run


def test_report_writes_the_page_and_matplotlib_charts(run_dir):
    page = write_html_report(run_dir)
    html = page.read_text(encoding="utf-8")
    charts = sorted(p.name for p in (run_dir / "report_files").iterdir())
    assert charts == [
        "cost_per_task.svg",
        "steps_per_task.svg",
        "success_by_difficulty.svg",
        "success_by_evaluator.svg",
        "success_by_input.svg",
        "success_by_site.svg",
        "time_per_task.svg",
    ]
    site_chart = (run_dir / "report_files" / "success_by_site.svg").read_text()
    assert "Matplotlib" in site_chart and "Success by site" in site_chart and "50% (1/2)" in site_chart
    for name in charts:
        assert f'src="report_files/{name}"' in html
    assert 'href="trajectories/classifieds_0.html"' in html
    assert 'href="trajectories/classifieds_1.html"' not in html  # no page written for it: no dead link
    assert "<script>window.__pwned" not in html  # every text is escaped
    assert "$0.0250" in html  # the run's model cost


def test_report_cli_writes_report_html(run_dir, capsys):
    (run_dir / "report.html").unlink(missing_ok=True)
    assert report_main([str(run_dir)]) == 0
    assert f"Run report with charts: {run_dir / 'report.html'}" in capsys.readouterr().err
    assert (run_dir / "report.html").is_file()


@pytest.fixture(scope="module")
def driver():
    d = create_driver((1280, 1600))
    yield d
    quit_driver(d)


def _shown(driver) -> list[str]:
    return [
        row.find_element(By.CSS_SELECTOR, "td").text
        for row in driver.find_elements(By.CSS_SELECTOR, "#tasks tbody tr")
        if row.is_displayed()
    ]


def test_report_renders_in_chromium_and_filters_by_site_status_and_marker(run_dir, driver):
    write_html_report(run_dir)
    driver.get((run_dir / "report.html").as_uri())
    errors = [e for e in driver.get_log("browser") if e.get("level") in ("SEVERE", "WARNING")]
    assert errors == [], json.dumps(errors)
    images = driver.execute_script(
        "return [...document.images].map(i => [i.getAttribute('src'), i.complete && i.naturalWidth > 0])"
    )
    assert len(images) == 7 and all(ok for _, ok in images), images
    assert driver.execute_script("return window.__pwned === undefined")
    assert _shown(driver) == ["classifieds/0", "classifieds/1", "reddit/5", "reddit/6"]
    assert driver.find_element(By.ID, "shown").text == "4 of 4 tasks shown"
    Select(driver.find_element(By.ID, "f-site")).select_by_value("reddit")
    assert _shown(driver) == ["reddit/5", "reddit/6"]
    Select(driver.find_element(By.ID, "f-status")).select_by_value("error")
    assert _shown(driver) == ["reddit/5"] and driver.find_element(By.ID, "shown").text == "1 of 4 tasks shown"
    Select(driver.find_element(By.ID, "f-site")).select_by_value("")
    Select(driver.find_element(By.ID, "f-status")).select_by_value("")
    Select(driver.find_element(By.ID, "f-marker")).select_by_value("image_input")  # read from the task file
    assert _shown(driver) == ["classifieds/1"]
    row = driver.find_element(By.CSS_SELECTOR, "#tasks tbody tr.failure")
    assert "string_match.exact_match: <script>window.__pwned = 1</script> is not '120'" in row.text
    Select(driver.find_element(By.ID, "f-marker")).select_by_value("")
    driver.find_element(By.LINK_TEXT, "classifieds/0").click()
    assert driver.find_element(By.TAG_NAME, "p").text == "trajectory 0"


def test_report_shows_the_auto_evaluators_agreement_and_kappa(tmp_path, driver):
    tasks = write_tasks(tmp_path / "suite.json", [make_task(i) for i in range(4)])
    rewards = [1, 1, 0, 0]
    verdicts = [
        ["SUCCESS", "SUCCESS"],
        ["SUCCESS", "SUCCESS"],
        ["NOT SUCCESS", "NOT SUCCESS"],
        ["SUCCESS", "NOT SUCCESS"],
    ]  # repeat 1: 3 of 4 agree (kappa 0.5); repeat 2: all agree (1.0)
    for i, reward in enumerate(rewards):
        append_result(tmp_path, _record(tasks, i, "classifieds", "scored", reward, steps=2, timings={"total_s": 3.0}))
    write_html_report(tmp_path)
    assert "Auto-evaluator" not in (tmp_path / "report.html").read_text()  # not judged: no section
    rows = [
        {
            "task_file": str(tasks),
            "task_id": i,
            "site": "classifieds",
            "reward": rewards[i],
            "model": "judge-vlm",
            "verdicts": verdicts[i],
            "reasons": ["r", "r"],
            "error": None,
        }
        for i in range(4)
    ]
    rows.append(
        {
            "task_file": str(tasks),
            "task_id": 9,
            "site": "classifieds",
            "reward": 1,
            "model": "judge-vlm",
            "verdicts": [],
            "reasons": [],
            "error": "no screenshots of this episode in the run folder",
        }
    )
    (tmp_path / "autoeval.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    write_html_report(tmp_path)
    driver.get((tmp_path / "report.html").as_uri())
    assert [e for e in driver.get_log("browser") if e.get("level") in ("SEVERE", "WARNING")] == []

    def table(ident):
        return [
            [c.text for c in row.find_elements(By.CSS_SELECTOR, "td")]
            for row in driver.find_elements(By.CSS_SELECTOR, f"#{ident} tr")
        ][1:]

    assert table("autoeval") == [
        ["success rate, reward functions", "50.0%"],
        ["success rate, auto-evaluator", "62.5% ± 17.7"],
        ["agreement", "87.5% ± 17.7"],
        ["Cohen's kappa", "0.750 ± 0.354"],
    ]
    assert table("autoeval-repeats") == [["1", "75.0%", "75.0%", "0.500"], ["2", "50.0%", "100.0%", "1.000"]]
    assert table("autoeval-confusion") == [["reward 1", "4", "0"], ["reward 0", "1", "3"]]
    section = driver.find_element(By.XPATH, "//h2[.='Auto-evaluator']/following-sibling::p[1]").text
    assert "4 episodes judged by judge-vlm, 2 repeat(s), 1 episode(s) the judge could not read" in section
