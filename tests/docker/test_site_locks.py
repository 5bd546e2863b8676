"""SiteLocks across real processes: a writer excludes readers, readers share, sorted order, timeouts."""

from __future__ import annotations

import select
import subprocess
import sys
from pathlib import Path

import pytest

from evaluation.running.site_locks import SiteLocks, SiteLockTimeout

# A child process that takes locks, says "held", waits for a line on stdin, then releases.
_HOLDER = """
import sys
from pathlib import Path
from evaluation.running.site_locks import SiteLocks, SiteLockTimeout
lock_dir, sites, exclusive, timeout = sys.argv[1], sys.argv[2].split(","), sys.argv[3] == "1", float(sys.argv[4])
try:
    with SiteLocks(Path(lock_dir)).hold(sites, exclusive=exclusive, timeout_s=timeout):
        print("held", flush=True)
        sys.stdin.readline()
    print("released", flush=True)
except SiteLockTimeout as exc:
    print("timeout:", exc, flush=True)
"""


class Holder:
    def __init__(self, lock_dir: Path, sites: list[str], exclusive: bool, timeout: float = 20.0):
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _HOLDER, str(lock_dir), ",".join(sites), "1" if exclusive else "0", str(timeout)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=Path(__file__).resolve().parents[2],
        )

        assert self.proc.stdin is not None and self.proc.stdout is not None  # both piped
        self.stdin, self.stdout = self.proc.stdin, self.proc.stdout

    def first_line(self) -> str:
        return self.stdout.readline().strip()

    def release(self) -> str:
        self.stdin.write("go\n")
        self.stdin.flush()
        out = self.stdout.readline().strip()
        self.proc.wait(timeout=20)
        return out

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


@pytest.fixture
def holders():
    made: list[Holder] = []
    yield made
    for h in made:
        h.close()


def test_writer_in_other_process_excludes_reader(tmp_path, holders):
    writer = Holder(tmp_path, ["shopping"], exclusive=True)
    holders.append(writer)
    assert writer.first_line() == "held"
    locks = SiteLocks(tmp_path)
    with pytest.raises(SiteLockTimeout) as err:
        with locks.hold(["shopping"], exclusive=False, timeout_s=0.3):
            pytest.fail("reader got the lock while a writer held it")
    msg = str(err.value)
    assert "'shopping'" in msg and "shared" in msg and "shopping.lock" in msg
    # Another site is not affected by the writer.
    with locks.hold(["reddit"], exclusive=False, timeout_s=0.3):
        pass
    assert writer.release() == "released"
    with locks.hold(["shopping"], exclusive=False, timeout_s=2):
        pass


def test_readers_share_and_block_a_writer(tmp_path, holders):
    reader = Holder(tmp_path, ["classifieds"], exclusive=False)
    holders.append(reader)
    assert reader.first_line() == "held"
    locks = SiteLocks(tmp_path)
    with locks.hold(["classifieds"], exclusive=False, timeout_s=2):
        # Two readers at once: a third (another process) also gets in.
        third = Holder(tmp_path, ["classifieds"], exclusive=False)
        holders.append(third)
        assert third.first_line() == "held"
        assert third.release() == "released"
    with pytest.raises(SiteLockTimeout, match="exclusive"):
        with locks.hold(["classifieds"], exclusive=True, timeout_s=0.3):
            pytest.fail("writer got the lock while a reader held it")
    assert reader.release() == "released"
    with locks.hold(["classifieds"], exclusive=True, timeout_s=2):
        pass


def test_waiting_reader_proceeds_once_writer_releases(tmp_path, holders):
    locks = SiteLocks(tmp_path)
    with locks.hold(["reddit", "shopping"], exclusive=True):
        reader = Holder(tmp_path, ["shopping"], exclusive=False, timeout=20)
        holders.append(reader)
        # While we hold the writer lock the reader stays blocked: nothing on its stdout for 0.5 s.
        ready, _, _ = select.select([reader.stdout], [], [], 0.5)
        assert ready == [], "reader printed while the writer lock was held"
    assert reader.first_line() == "held"
    assert reader.release() == "released"


def test_writer_holds_several_sites_in_sorted_order(tmp_path, holders):
    writer = Holder(tmp_path, ["shopping", "classifieds"], exclusive=True)
    holders.append(writer)
    assert writer.first_line() == "held"
    locks = SiteLocks(tmp_path)
    for site in ("classifieds", "shopping"):
        with pytest.raises(SiteLockTimeout, match=site):
            with locks.hold([site], exclusive=False, timeout_s=0.2):
                pass
    assert writer.release() == "released"
    assert sorted(p.name for p in tmp_path.glob("*.lock")) == ["classifieds.lock", "shopping.lock"]


def test_locks_released_after_exception_and_bad_site_name(tmp_path):
    locks = SiteLocks(tmp_path)
    with pytest.raises(RuntimeError):
        with locks.hold(["shopping"], exclusive=True):
            raise RuntimeError("task failed")
    with locks.hold(["shopping"], exclusive=True, timeout_s=0.5):
        pass
    with pytest.raises(ValueError, match="invalid site name"):
        with locks.hold(["../etc"], exclusive=False):
            pass
