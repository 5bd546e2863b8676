"""scripts/grid_results.py: a Grid run checked against the local one (no Java, no browser)."""

from __future__ import annotations

import json
from pathlib import Path

from scripts import grid_results

GRID = "http://127.0.0.1:41000"
LOCAL = "http://127.0.0.1:9980"


def _line(task_id: int, base: str, **fields) -> dict:
    record = {
        "task_file": "/x/tasks/classifieds.json",
        "task_id": task_id,
        "status": "scored",
        "reward": 1,
        "answer": "",
        "final_url": f"{base}/index.php?page=item&id={task_id}",
        "stop_reason": "stop",
        "steps": 2,
        "checks": [{"name": "url", "passed": True, "reason": f"final URL {base}/ ok"}],
        "proof": None,
        "sight": {"targets": 1},
        "site_urls": {"classifieds": base},
        "attempt": 1,
        "retried_errors": None,
        "timings": {"total_s": 2.0},
    }
    record.update(fields)
    return record


def test_the_same_outcomes_with_other_site_urls_pass():
    problems, retries = grid_results.check(
        [_line(1, GRID), _line(2, GRID)], [_line(2, LOCAL), _line(1, LOCAL)], {1, 2}, expect_retry=False
    )
    assert problems == [] and retries == []


def test_a_retry_after_a_crash_is_accepted_once_and_shown():
    crash = _line(1, GRID, status="error", reward=None, error="BrowserCrashed: the browser session died")
    retried = _line(1, GRID, attempt=2, retried_errors=["episode: BrowserCrashed: the browser session died"])
    problems, retries = grid_results.check(
        [crash, _line(2, GRID), retried], [_line(1, LOCAL), _line(2, LOCAL)], {1, 2}, expect_retry=True
    )
    assert problems == []
    assert len(retries) == 1 and "task 1 scored on attempt 2" in retries[0] and "BrowserCrashed" in retries[0]


def test_a_task_scored_twice_or_missing_or_unretried_is_a_problem():
    grid = [_line(1, GRID), _line(1, GRID, attempt=2)]
    problems, _ = grid_results.check(grid, [_line(1, LOCAL), _line(2, LOCAL)], {1, 2}, expect_retry=True)
    assert any("task 1: 2 scored lines" in p for p in problems)
    assert any("task 2: 0 scored lines" in p for p in problems)
    assert any("no task shows a retry" in p for p in problems)


def test_a_different_outcome_or_reward_is_a_problem():
    grid = [_line(1, GRID, final_url=f"{GRID}/index.php?page=item&id=7"), _line(2, GRID, reward=0)]
    problems, _ = grid_results.check(grid, [_line(1, LOCAL), _line(2, LOCAL, reward=0)], {1, 2}, expect_retry=False)
    assert any(p.startswith("task 1: final_url") for p in problems)
    assert any("task 2: reward 0 in the Grid run" in p for p in problems)


def test_main_reads_the_folders_and_reports_the_time_per_task(tmp_path: Path, capsys):
    suite = tmp_path / "classifieds.json"
    suite.write_text(json.dumps([{"task_id": 1}]), encoding="utf-8")
    for name, base, seconds in (("grid", GRID, 3.0), ("local", LOCAL, 1.5)):
        (tmp_path / name).mkdir()
        line = _line(1, base, timings={"total_s": seconds})
        (tmp_path / name / "results.jsonl").write_text(json.dumps(line) + "\n", encoding="utf-8")
    assert grid_results.main([str(tmp_path / "grid"), str(tmp_path / "local"), str(suite)]) == 0
    assert "Grid 3.00 s, local 1.50 s" in capsys.readouterr().out
    assert grid_results.main([str(tmp_path / "grid"), str(tmp_path / "local"), str(suite), "--expect-retry"]) == 1


def test_picture_scores_may_differ_in_the_fourth_decimal_not_more_and_counts_not_at_all():
    local = [_line(1, LOCAL, sight={"targets": 2, "by_picture": 1, "min_margin": 0.3762, "min_score": 0.9827})]
    close = [_line(1, GRID, sight={"targets": 2, "by_picture": 1, "min_margin": 0.3763, "min_score": 0.9827})]
    far = [_line(1, GRID, sight={"targets": 2, "by_picture": 1, "min_margin": 0.3862, "min_score": 0.9827})]
    other = [_line(1, GRID, sight={"targets": 2, "by_picture": 2, "min_margin": 0.3762, "min_score": 0.9827})]
    assert grid_results.check(close, local, {1}, expect_retry=False)[0] == []
    assert grid_results.check(far, local, {1}, expect_retry=False)[0]
    assert grid_results.check(other, local, {1}, expect_retry=False)[0]


def test_a_shard_run_wants_that_shard_s_tasks_only(tmp_path, capsys):
    """`--shard I/N` (CI's share of the suite): the Grid run holds only that shard, compared with the full local
    run; a task of another shard in the Grid run is a problem."""
    from evaluation.harness.plugin import shard_of

    task_file = tmp_path / "classifieds.json"
    task_file.write_text(json.dumps([{"task_id": t} for t in range(12)]))
    mine = [t for t in range(12) if shard_of(str(task_file), t, 3) == 2]
    other = next(t for t in range(12) if t not in mine)
    for name, lines in (("grid", [_line(t, GRID) for t in mine]), ("local", [_line(t, LOCAL) for t in range(12)])):
        (tmp_path / name).mkdir()
        (tmp_path / name / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in lines))
    args = [str(tmp_path / "grid"), str(tmp_path / "local"), str(task_file), "--shard", "2/3"]
    assert grid_results.main(args) == 0
    assert f"{len(mine)} tasks" in capsys.readouterr().out
    with (tmp_path / "grid" / "results.jsonl").open("a") as out:
        out.write(json.dumps(_line(other, GRID)) + "\n")
    assert grid_results.main(args) == 1
    assert "of another shard" in capsys.readouterr().err
