"""tests/schedule.py: the order make test's work units go out to xdist's workers (the longest first)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import cast

import pytest

from tests.schedule import longest_first, unit_of

ROOT = Path(__file__).resolve().parents[1]
# collected in this order: the shared reference run's group and single tests before the two slow modules
FILES = (
    "tests/evaluation/test_resume_shard.py",
    "tests/sites/test_no_answer_leaks.py",
    "tests/evaluation/test_ray_backend.py",
)


class FakeItem:
    def __init__(self, nodeid: str, *groups: str, slow: bool = False):
        self.nodeid = nodeid
        self.marks = [pytest.mark.xdist_group(g).mark for g in groups] + ([pytest.mark.slow.mark] if slow else [])

    def iter_markers(self, name: str):
        return (m for m in self.marks if m.name == name)

    def get_closest_marker(self, name: str):
        return next(self.iter_markers(name), None)


def _order(*items: FakeItem) -> list[str]:
    return [i.nodeid for i in longest_first(cast(list[pytest.Item], list(items)))]


def test_slow_units_then_groups_then_single_tests_larger_first_each_unit_whole():
    items = [
        FakeItem("a::one"),
        FakeItem("b::suite1", "suite"),
        FakeItem("c::quick"),
        FakeItem("d::cluster1", "cluster", slow=True),
        FakeItem("b::suite2", "suite"),
        FakeItem("e::crawl1", "crawl"),
        FakeItem("e::crawl2", "crawl"),
        FakeItem("e::crawl3", "crawl"),
        FakeItem("f::engine", slow=True),
        FakeItem("d::cluster2", "cluster"),
        FakeItem("g::kill", "cluster", "kill", slow=True),
    ]
    assert _order(*items) == [
        "d::cluster1",  # slow groups: the larger first (cluster: 2 tests), each unit's tests in their order
        "d::cluster2",
        "g::kill",  # a test in two groups is a group of its own, as xdist makes it
        "f::engine",  # then the slow single tests
        "e::crawl1",  # the other groups: the larger first
        "e::crawl2",
        "e::crawl3",
        "b::suite1",
        "b::suite2",
        "a::one",  # single tests in collection order
        "c::quick",
    ]
    assert sorted(_order(*items)) == sorted(i.nodeid for i in items)
    assert unit_of(cast(pytest.Item, items[10])) == "@cluster_kill" and unit_of(cast(pytest.Item, items[0])) == "a::one"


# a plugin for the run below: the order a worker collected the tests in, then nothing run
PROBE = """
import os
import pytest


@pytest.hookimpl(wrapper=True)  # around every other implementation: the order they leave
def pytest_collection_modifyitems(config, items):
    yield
    if os.environ.get("PYTEST_XDIST_WORKER") == "gw0":
        with open(os.environ["ORDER_FILE"], "w") as out:
            out.write("\\n".join(item.nodeid.split("@")[0] for item in items))
    config.hook.pytest_deselected(items=list(items))
    items[:] = []
"""


def test_make_test_collects_the_slow_units_first_and_every_test_once(tmp_path):
    """The order an xdist worker collects in under make test's options: the units marked slow lead, nothing lost
    or doubled against the plain collection, which a run without xdist keeps."""
    (tmp_path / "order_probe.py").write_text(PROBE)
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}", "ORDER_FILE": str(tmp_path / "order.txt")}

    def run(*options: str) -> subprocess.CompletedProcess:
        proc = subprocess.run(
            [sys.executable, "-m", "pytest", *FILES, "-q", "-p", "no:cacheprovider", *options],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert proc.returncode in (0, 5), proc.stdout + proc.stderr  # 5: no test ran (the probe's run)
        return proc

    plain = [line for line in run("--collect-only").stdout.splitlines() if "::" in line]
    run("-n", "1", "--dist", "loadgroup", "--no-loadscope-reorder", "-p", "order_probe")
    scheduled = (tmp_path / "order.txt").read_text().split("\n")
    assert sorted(scheduled) == sorted(plain) and scheduled != plain
    slow = [
        n for n in plain if n.startswith(("tests/sites/test_no_answer_leaks.py", "tests/evaluation/test_ray_backend"))
    ]
    assert len(slow) >= 12 and sorted(scheduled[: len(slow)]) == sorted(slow)  # the crawl and the Ray cluster lead
