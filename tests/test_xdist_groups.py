"""make test relies on pytest-xdist's `--dist loadgroup`: the tests of one `xdist_group` run on one worker, so a
costly shared fixture (a suite's build, a crawl of the sites, a shared reference run) is made once. xdist writes
the group into each test's node id, which pytest 9.2 no longer reads (its node ids became structured): there the
groups are silently ignored and every worker builds everything. The lock pins a pair that groups; this test
tries the installed pair on a throwaway module."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

MODULE = """
import os
import pytest

pytestmark = pytest.mark.xdist_group("together")


@pytest.mark.parametrize("i", range(8))
def test_grouped(i):
    print("WORKER", os.environ["PYTEST_XDIST_WORKER"])


@pytest.mark.parametrize("i", range(8))
@pytest.mark.xdist_group("apart")
def test_other_group(i):
    pass
"""


def test_a_group_runs_on_one_worker(tmp_path):
    (tmp_path / "test_groups.py").write_text(MODULE)
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-n",
            "2",
            "--dist",
            "loadgroup",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:evaluation.plugin",
            "-v",
            "test_groups.py",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    workers = Counter(
        line.split()[0] for line in proc.stdout.splitlines() if "PASSED" in line and "test_grouped[" in line
    )
    assert sum(workers.values()) == 8, proc.stdout
    assert len(workers) == 1, f"the group ran on {dict(workers)}: pytest and pytest-xdist do not group here"
