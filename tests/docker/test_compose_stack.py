"""The compose stack's settings and the checker of `make test-docker`'s runs, without an engine (the engine side
runs in `make test-docker`: scripts/test_docker.sh)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from evaluation.running.stacks import ComposeStack, make_stack
from sites.compose_stack import ComposeConfig
from sites.docker_config import DockerStackError
from sites.launchers import LAUNCHERS

ROOT = Path(__file__).resolve().parents[2]


def test_the_urls_give_the_published_ports_and_must_stay_on_this_machine(monkeypatch):
    monkeypatch.setenv("CLASSIFIEDS", "http://127.0.0.1:19980")
    monkeypatch.setenv("COMPOSE_PROJECT_NAME", "vwa-x")
    config = ComposeConfig.from_env()
    env = config.compose_env()
    assert env["CLASSIFIEDS"] == "http://127.0.0.1:19980" and env["CLASSIFIEDS_PORT"] == "19980"
    assert env["COMPOSE_PROJECT_NAME"] == "vwa-x" and config.volume == "vwa-x_embedded_data"
    assert set(config.urls) == set(LAUNCHERS)
    monkeypatch.setenv("CLASSIFIEDS", "http://10.0.0.5:9980")
    with pytest.raises(DockerStackError, match=r"127\.0\.0\.1 only"):
        ComposeConfig.from_env()


def test_the_harness_knows_the_compose_stack():
    stack = make_stack("compose")
    assert isinstance(stack, ComposeStack) and stack.served() == set(LAUNCHERS)
    assert stack.must_reset(False) is True  # every task starts from pristine sites, as embedded


def _write(tmp_path: Path, tasks: list[int], records: list[dict]) -> tuple[Path, Path]:
    task_file = tmp_path / "suite.json"
    task_file.write_text(json.dumps([{"task_id": t} for t in tasks]))
    results = tmp_path / "results"
    results.mkdir()
    (results / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    return results, task_file


def _check(results: Path, task_file: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "docker_results.py"), str(results), str(task_file), *extra],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_run_checker_wants_every_task_scored_1_on_its_last_attempt(tmp_path):
    results, task_file = _write(
        tmp_path,
        [1, 2],
        [
            {"task_id": 1, "status": "error", "reward": None, "attempt": 1, "error": "episode: site died"},
            {"task_id": 1, "status": "scored", "reward": 1, "attempt": 2},
            {"task_id": 2, "status": "scored", "reward": 1, "attempt": 1},
        ],
    )
    done = _check(results, task_file, "--expect-recovery")
    assert done.returncode == 0, done.stderr
    assert "2/2 tasks scored 1" in done.stdout and "task 1 attempt 2" in done.stdout


@pytest.mark.parametrize(
    "records, problem",
    [
        ([{"task_id": 1, "status": "scored", "reward": 1}], "task 2: no result"),
        (
            [{"task_id": 1, "status": "scored", "reward": 1}, {"task_id": 2, "status": "scored", "reward": 0}],
            "task 2: scored reward 0",
        ),
        (
            [{"task_id": 1, "status": "scored", "reward": 1}, {"task_id": 2, "status": "scored", "reward": 1}],
            "no task shows a retry",
        ),
    ],
)
def test_the_run_checker_fails_a_lost_or_failed_task_and_a_kill_nobody_saw(tmp_path, records, problem):
    results, task_file = _write(tmp_path, [1, 2], records)
    done = _check(results, task_file, "--expect-recovery")
    assert done.returncode == 1 and problem in done.stderr, done.stderr


def test_the_run_checker_of_a_shard_wants_that_shard_s_tasks_only(tmp_path):
    """`--shard I/N` (CI runs a fixed share of each suite): the tasks of the other shards are not wanted, and a
    task of this shard without a result is still a problem."""
    from evaluation.harness.plugin import shard_of

    ids = list(range(1, 13))
    results, task_file = _write(tmp_path, ids, [])
    mine = [t for t in ids if shard_of(str(task_file), t, 3) == 1]
    assert 0 < len(mine) < len(ids)
    with (results / "results.jsonl").open("w", encoding="utf-8") as out:
        for t in mine[1:]:
            out.write(json.dumps({"task_id": t, "status": "scored", "reward": 1}) + "\n")
    done = _check(results, task_file, "--shard", "1/3")
    assert done.returncode == 1 and f"task {mine[0]}: no result" in done.stderr, done.stderr
    assert all(f"task {t}:" not in done.stderr for t in ids if t not in mine)
    with (results / "results.jsonl").open("a", encoding="utf-8") as out:
        out.write(json.dumps({"task_id": mine[0], "status": "scored", "reward": 1}) + "\n")
    done = _check(results, task_file, "--shard", "1/3")
    assert done.returncode == 0 and f"{len(mine)}/{len(mine)} tasks scored 1" in done.stdout, done.stderr
