"""The phase table of a run (evaluation/reporting/phases.py): each phase summed, its share and median, the
parts the harness does not time on their own computed as the rest, the run's wall time per task."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evaluation.reporting.phases import main, phase_rows, phase_table, read_records, run_wall


def _record(test_id: str, start: float, worker: str, **timings: float) -> dict:
    episode = {k: timings.pop(k) for k in ("open_s", "before_first_action_s", "model_s", "harness_s") if k in timings}
    return {"test_id": test_id, "started_at": start, "worker": worker, "timings": timings, "episode_timings": episode}


# fmt: off
RECORDS = [
    _record("a/1", 100.0, "gw0", sites_s=0.5, login_s=0.25, episode_s=2.0, scoring_s=0.25, total_s=3.25,
            open_s=0.5, model_s=0.25, harness_s=1.0),
    _record("a/2", 100.0, "gw1", login_s=0.5, episode_s=1.0, total_s=2.0,
            open_s=0.25, before_first_action_s=0.25, harness_s=0.25),
]
# fmt: on


def test_each_phase_is_summed_with_its_share_and_median():
    rows = {label: (total, share, median) for label, total, share, median in phase_rows(RECORDS)}
    assert rows["confine + login"] == pytest.approx((0.75, 0.75 / 5.25, 0.375))
    assert rows["steps: act + observe"] == pytest.approx((1.25, 1.25 / 5.25, 0.625))
    assert rows["episode: the rest (record, frames)"][0] == pytest.approx(0.25 + 0.25)  # 2.0-1.75, 1.0-0.75
    assert rows["harness: the rest"][0] == pytest.approx(0.25 + 0.5)  # 3.25 - 3.0, 2.0 - 1.5
    assert sum(total for total, _, _ in rows.values()) == pytest.approx(5.25)


def test_the_wall_time_spans_the_first_start_to_the_last_end():
    assert run_wall(RECORDS) == (pytest.approx(3.25), 2)
    table = phase_table(RECORDS)
    assert "| confine + login | 0.8 | 14.3% | 375 |" in table and "1.625 s of wall time per task" in table


def test_a_retried_task_counts_once_and_a_bad_line_is_named(tmp_path, capsys):
    lines = [json.dumps(RECORDS[0]), json.dumps(RECORDS[1]), json.dumps({**RECORDS[1], "started_at": 101.0})]
    (tmp_path / "results.jsonl").write_text("\n".join(lines) + "\n")
    records = read_records(tmp_path)
    assert len(records) == 2 and records[1]["started_at"] == 101.0
    assert main([str(tmp_path)]) == 0 and "phase (2 tasks)" in capsys.readouterr().out
    (tmp_path / "results.jsonl").write_text("{not json\n")
    assert main([str(tmp_path)]) == 2
    assert "results.jsonl:1: not a JSON line" in capsys.readouterr().err


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_the_proof_benchmark_counts_the_cpu_of_a_grandchild():
    """benchmarks/bench_proof.py's CPU per task covers the whole process tree (Chromium's processes are the
    grandchildren of pytest's workers): a grandchild's 0.4 s of CPU is counted, a process's beside the tree not."""
    import subprocess
    import sys
    import time

    from benchmarks.bench_proof import TreeCPU

    spend = "import sys, time\nwhile time.process_time() < 0.4: pass\nsys.stdin.read()"  # then waits for EOF
    beside = subprocess.Popen([sys.executable, "-c", spend], stdin=subprocess.PIPE)
    tree = subprocess.Popen(["sh", "-c", f'"{sys.executable}" -c "$0"; true', spend], stdin=subprocess.PIPE)
    meter = TreeCPU(tree.pid, period=0.05)
    meter.start()
    deadline = time.monotonic() + 60
    while meter.seconds() < 0.35 and time.monotonic() < deadline and tree.poll() is None:
        meter.done.wait(0.05)
    for process in (tree, beside):
        process.communicate(b"")
    meter.stop()
    assert 0.35 <= meter.seconds() < 0.75, meter.spent  # clock ticks: utime and stime each rounded down
    # by what each process is: the grandchild is a Python process (seen as its shell before its exec, kept as
    # Python once it has ended); the shell spent next to nothing
    kinds = meter.by_kind()
    assert kinds.get("pytest and its workers", 0.0) >= 0.35 and kinds.get("other", 0.0) < 0.1, (kinds, meter.kinds)
    # and how many processes of each kind it saw: the Python grandchild once, however many readings saw it
    assert meter.counts().get("pytest and its workers") == 1, (meter.counts(), meter.kinds)


def test_the_proof_benchmark_leaves_the_workers_start_up_out_of_its_steady_cpu_per_task(tmp_path):
    """The CPU per task once every worker is going: from the result line that many workers wrote to the last
    (the readings of the tree's CPU each time results.jsonl grew); None until two such readings exist."""
    from benchmarks.bench_proof import TreeCPU

    lines = tmp_path / "results.jsonl"
    meter = TreeCPU(0, lines=lines)
    meter.mark()  # no file yet: nothing read
    lines.write_text('{"task": 1}\n{"task": 2}\n')
    meter.mark()
    meter.mark()  # unchanged: read once
    assert meter.marks == [(2, 0.0)]
    meter.marks += [(3, 9.0), (6, 12.0)]  # a worker's start-up in the first lines, then 1 s per task
    assert meter.steady_seconds_per_task(after=3) == 1.0
    assert meter.steady_seconds_per_task(after=6) is None and meter.steady_seconds_per_task(after=7) is None
