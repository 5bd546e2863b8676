"""Resume and shards of a run: tasks scored in a folder are not run again (errors are), a resumed run
refuses other options, and the shards of a selection cover it exactly once, the same on every machine."""

from __future__ import annotations

import functools
import json
import operator
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from evaluation.harness.plugin import shard_of, tasks_of_shard
from evaluation.reporting.results import read_results, schema_problems

from .conftest import FIXTURE_TASKS, ROOT, SHARED_RUN
from .runenv import run_pytest
from .test_plugin import lines_of

pytestmark = pytest.mark.browser


def _ids(proc) -> list[str]:
    return sorted(line.split("::")[1].split()[0] for line in proc.stdout.splitlines() if "::" in line)


def test_shards_cover_the_selection_exactly_once(site_env):
    everything = _ids(run_pytest(site_env, "--collect-only", "-q", "--task-file", FIXTURE_TASKS))
    shards = [
        _ids(run_pytest(site_env, "--collect-only", "-q", "--task-file", FIXTURE_TASKS, "--shard", f"{i}/3"))
        for i in (1, 2, 3)
    ]
    assert len(everything) >= 6 and all(shards)
    assert sorted(functools.reduce(operator.iadd, shards, [])) == everything  # every task in one shard, none twice
    # the shard of a task depends on its file name and id only, not on the folder or the selection
    assert shard_of("/a/tasks_fixture.json", 3, 3) == shard_of("/b/c/tasks_fixture.json", 3, 3)
    # the run checkers' view of a shard (scripts/grid_results.py, docker_results.py) is the plugin's
    by_checker = [sorted(tasks_of_shard(Path(FIXTURE_TASKS), f"{i}/3")) for i in (1, 2, 3)]
    assert [sorted(int(t.rsplit("/", 1)[1]) for t in ids) for ids in shards] == by_checker
    assert sorted(tasks_of_shard(Path(FIXTURE_TASKS), None)) == sorted(t for ids in by_checker for t in ids)
    bad = run_pytest(site_env, "--collect-only", "--task-file", FIXTURE_TASKS, "--shard", "4/3")
    assert bad.returncode != 0 and "--shard '4/3': expected I/N" in bad.stderr


@pytest.mark.xdist_group(SHARED_RUN)
def test_resume_skips_scored_tasks_and_reruns_errors(site_env, tmp_path, fixture_reference_run):
    # the folder to resume: a copy of the reference run (tests/evaluation/conftest.py: strict scoring, 9 tasks
    # scored with reward 1, classifieds/9 without a reference solution skipped), resumed over its 7 classifieds
    # tasks (the 3 others deselected by -k)
    whole, whole_dir = fixture_reference_run
    assert whole.returncode == 0, whole.stdout + whole.stderr
    results = tmp_path / "run"
    shutil.copytree(whole_dir, results)
    selection = ("--task-file", FIXTURE_TASKS, "--scoring", "strict", "-k", "classifieds")
    records = read_results(results)
    scored = [r for r in records if r["status"] == "scored" and r["test_id"].startswith("classifieds/")]
    assert len(scored) == 6 and all(r["reward"] == 1 for r in scored)
    assert [r["test_id"] for r in records if r["status"] != "scored"] == ["classifieds/9"]
    # pretend the run was killed after one task erred: its last line is an error
    victim = scored[2]
    with open(results / "results.jsonl", "a") as f:
        f.write(json.dumps(dict(victim, status="error", phase="login", reward=None, error="login: lost")) + "\n")
    lines_before = len(lines_of(results))

    again = run_pytest(site_env, *selection, "--resume", results)
    assert again.returncode == 0, again.stdout + again.stderr
    # the 5 classifieds tasks still scored are not run again (deselected, with the 3 of other sites); the error
    # is rerun, the task without a solution is skipped again
    assert "1 passed, 1 skipped, 8 deselected" in again.stdout, again.stdout
    new = lines_of(results)[lines_before:]
    assert sorted((r["test_id"], r["status"]) for r in new) == sorted(
        [(victim["test_id"], "scored"), ("classifieds/9", "skipped")]
    )
    final = {r["test_id"]: r for r in read_results(results)}  # each task once, the rerun's line winning
    assert len(final) == 10 and sum(r["status"] == "scored" for r in final.values()) == 9
    assert final[victim["test_id"]]["reward"] == 1 and final[victim["test_id"]]["started_at"] > victim["started_at"]
    assert "| **Overall** | **100.00%** | 9 | 9 | 0 | 1 |" in again.stdout  # the report counts each task once

    other = run_pytest(site_env, *selection, "--resume", results, "--agent", "null")
    assert other.returncode != 0
    assert "that run differs (agent 'reference' there, 'null' here); resume it with the same options" in other.stderr
    official = run_pytest(site_env, "--task-file", FIXTURE_TASKS, "--resume", results)
    assert official.returncode != 0 and "holds results scored with --scoring strict" in official.stderr
    missing = run_pytest(site_env, *selection, "--resume", tmp_path / "nothing")
    assert missing.returncode != 0 and "no such run folder to continue" in missing.stderr


def _by_task(folder) -> dict:
    return {r["test_id"]: (r["status"], r["reward"], r["answer"], r["final_url"]) for r in read_results(folder)}


def _merge(*args) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "evaluation.report", "merge", *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.xdist_group(SHARED_RUN)
def test_shards_merged_equal_the_unsharded_run(site_env, tmp_path, fixture_reference_run):
    selection = ("--task-file", FIXTURE_TASKS, "--scoring", "strict")
    whole, whole_dir = fixture_reference_run  # the same run as test_plugin's (tests/evaluation/conftest.py)
    assert whole.returncode == 0, whole.stdout + whole.stderr
    shards = []
    for i in (1, 2):
        proc = run_pytest(site_env, *selection, "--shard", f"{i}/2", "--results", tmp_path / f"shard{i}")
        assert proc.returncode == 0, proc.stdout + proc.stderr
        shards.append(_by_task(tmp_path / f"shard{i}"))
    assert all(shards) and not set(shards[0]) & set(shards[1])  # two non-empty, disjoint shards

    merged = _merge(tmp_path / "shard1", tmp_path / "shard2", "--out", tmp_path / "merged")
    assert merged.returncode == 0, merged.stderr
    expected = _by_task(whole_dir)
    assert len(expected) == 10 and _by_task(tmp_path / "merged") == expected
    assert len(lines_of(tmp_path / "merged")) == 10  # each task once
    assert schema_problems(tmp_path / "merged") == []
    assert merged.stdout == (tmp_path / "merged" / "report.md").read_text()
    assert "| **Overall** | **100.00%** | 9 | 9 | 0 | 1 |" in merged.stdout
    assert (tmp_path / "merged" / "report.html").is_file() and (tmp_path / "merged" / "summary.json").is_file()
    # every trajectory came along, with the frames its page shows
    pages = sorted(p.name for p in (tmp_path / "merged" / "trajectories").glob("*.html"))
    assert pages == sorted(p.name for p in (whole_dir / "trajectories").glob("*.html")) and len(pages) == 9
    for page in (tmp_path / "merged" / "trajectories").glob("*.html"):
        frames = re.findall(r'src="(frames/[^"]+)"', page.read_text())
        assert frames and all((page.parent / f).is_file() for f in frames), page
    provenance = json.loads((tmp_path / "merged" / "merge.json").read_text())
    assert sorted(s["tasks_taken"] for s in provenance["sources"]) == sorted(len(s) for s in shards)

    # a folder of another agent is refused, naming what differs and where; --allow-mixed merges it, flagged
    other = tmp_path / "other"
    other.mkdir()
    (other / "results.jsonl").write_text(
        "".join(json.dumps(dict(r, agent="null", reward=0)) + "\n" for r in lines_of(tmp_path / "shard2"))
    )
    refused = _merge(tmp_path / "shard1", other, "--out", tmp_path / "mixed")
    assert refused.returncode == 2 and not (tmp_path / "mixed" / "results.jsonl").exists()
    assert f"agent: 'reference' in {tmp_path / 'shard1'}, 'null' in {other}" in refused.stderr, refused.stderr
    assert "--allow-mixed" in refused.stderr
    allowed = _merge(tmp_path / "shard1", other, "--out", tmp_path / "mixed", "--allow-mixed")
    assert allowed.returncode == 0 and "Agent: reference, null" in allowed.stdout
    again = _merge(tmp_path / "shard1", tmp_path / "shard2", "--out", tmp_path / "merged")
    assert again.returncode == 2 and "already holds a results.jsonl" in again.stderr
