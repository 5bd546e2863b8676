"""The Ray backend on a real two-node cluster: a head and a second node started with `ray start` on 127.0.0.2
(loopback; one CPU each, no dashboard, a small object store, ports of their own, without what a run's own local
cluster does without either: evaluation/distributed/local.py), shared by the tests of this module. Each run has
as few tasks as its proof needs: one on each node's actor (and one scored 0 where two runs must agree).

- a run through `python -m evaluation.run --backend ray` equals the pytest run task by task;
- an actor SIGKILLed mid-task costs that task one attempt, it is rerun on another actor, every task ends with
  one counted line, and nothing of the actor outlives it (browser, sites, temporary folders);
- a whole node SIGKILLed mid-task (its Ray processes): the same, the run ends on the other node;
- a driver SIGKILLed mid-run (with the local cluster it started, RAY_ADDRESS unset) takes that cluster along,
  and `--resume` ends the run with every task scored once.

The cluster's processes are those of each node's process group or with its marker in their environment; the
teardown kills those and no others.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

import pytest

from evaluation.distributed.local import QUIET_HEAD_FLAGS, QUIET_NODE_FLAGS, free_ports
from evaluation.reporting.results import read_backend as _read_backend
from evaluation.reporting.results import read_results, schema_problems

from .embedded_tasks import (
    ROOT,
    SCAN_POLL,
    classifieds_task,
    embedded_env,
    eventually,
    run_pytest,
    search_task,
    write_task_file,
)

pytest.importorskip("ray")
pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("ray-cluster")]

RAY = Path(sys.executable).with_name("ray")
TERMS = ["bike", "lamp", "chair"]
# tasks of a run: two to have one on each node's actor, or one with reward 0 besides; the driver's kill test
# takes all three, so that tasks are still in flight once the first has ended
ON_EACH_NODE = TERMS[:2]


def read_backend(results: Path) -> dict:
    backend = _read_backend(results)
    assert backend is not None, f"no backend.json in {results}"
    return backend


def _processes(marker: str, group: int | None = None) -> dict[int, str]:
    """Live processes whose environment carries `marker` or that are in process group `group` (Ray's own
    processes rename themselves, which may overwrite their environment): pid -> their command line's start."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if stat[0] == "Z":
                continue
            if int(stat[2]) != group and marker.encode() not in (entry / "environ").read_bytes():
                continue
            found[int(entry.name)] = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()[:160]
        except OSError:
            pass
    return found


class Cluster:
    """A head and a second node on 127.0.0.2 (loopback: in a cluster of several nodes Ray swaps 127.0.0.1 for
    the machine's outward address, not the other addresses of 127/8), each `ray start`ed in a process group of
    its own, with a marker of its own in its environment."""

    HOST = "127.0.0.2"

    def __init__(self, root: Path):
        self.root = root
        self.temp = Path(tempfile.mkdtemp(prefix="vwa-ray-"))  # short: Ray's unix sockets live in it
        self.markers = {"head": f"VWA_RAY_NODE=head-{uuid.uuid4().hex}", "node2": f"VWA_RAY_NODE=n2-{uuid.uuid4().hex}"}
        self.groups: dict[str, int] = {}
        # the head's port and the ports of both nodes' components, all distinct
        self.port, *ports = free_ports(1 + 2 * 6 + 1)
        self.ports = {"head": ports[:7], "node2": ports[7:]}
        self.address = f"{self.HOST}:{self.port}"
        # the cluster's own token (Ray 2.60 wants one), as a user passes it to each node: never ~/.ray
        self.auth = {"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": secrets.token_hex(32)}

    def env(self, node: str) -> dict:
        env = embedded_env(self.root)
        env.update(
            RAY_USAGE_STATS_ENABLED="0",
            # a node's registration with the head is waited for 30 s by default: on a busy 2-core machine (make
            # test's other workers) node2 once took longer and failed to start; the wait stays bounded
            RAY_raylet_start_wait_time_s="120",
            **self.auth,
            PYTHONPATH=str(ROOT),
            VWA_RAY_NODE=self.markers[node].split("=", 1)[1],
        )
        return env

    def start_node(self, node: str) -> None:
        nm, om, agent, agent_grpc, metrics, runtime_env, *client = self.ports[node]
        cmd = [
            str(RAY),
            "start",
            f"--node-ip-address={self.HOST}",
            "--num-cpus=1",
            "--num-gpus=0",
            "--object-store-memory=100000000",
            "--min-worker-port=0",
            "--max-worker-port=0",
            f"--node-manager-port={nm}",
            f"--object-manager-port={om}",
            f"--dashboard-agent-listen-port={agent}",
            f"--dashboard-agent-grpc-port={agent_grpc}",
            f"--metrics-export-port={metrics}",
            f"--runtime-env-agent-port={runtime_env}",
            "--disable-usage-stats",
        ]
        if node == "head":
            cmd += [
                *QUIET_HEAD_FLAGS,  # as a run's own local cluster: no log monitor, autoscaler or prestarted workers
                "--head",
                f"--port={self.port}",
                "--include-dashboard=false",
                f"--ray-client-server-port={client[0]}",
                f"--temp-dir={self.temp}",
            ]
        else:
            cmd += [*QUIET_NODE_FLAGS, f"--address={self.address}"]
        proc = subprocess.Popen(
            cmd,
            cwd=ROOT,
            env=self.env(node),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        self.groups[node] = proc.pid  # every process of the node keeps this group
        try:
            out, _ = proc.communicate(timeout=180)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, _ = proc.communicate()
        assert proc.returncode == 0, f"ray start ({node}) failed:\n{out}"

    def processes(self, node: str) -> dict[int, str]:
        return _processes(self.markers[node], self.groups.get(node))

    def kill(self, node: str, ray_only: bool = False) -> None:
        """SIGKILL the node's processes; `ray_only`: Ray's own (raylet, object store, agents, workers and
        actors: the node as Ray knows it), leaving what the actors started to end with them, as it must."""
        for pid, cmd in self.processes(node).items():
            if ray_only and not (cmd.startswith("ray::") or "/site-packages/ray/" in cmd):
                continue
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass

    def stop(self) -> None:
        for node in self.markers:
            self.kill(node)
        shutil.rmtree(self.temp, ignore_errors=True)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    c = Cluster(tmp_path_factory.mktemp("ray"))
    try:
        c.start_node("head")
        c.start_node("node2")
        yield c
    finally:
        c.stop()
    eventually(
        lambda: not c.processes("head") and not c.processes("node2"),
        "the cluster's processes are gone",
        timeout=30,
        poll=SCAN_POLL,
    )


def _tasks(path: Path) -> Path:
    tasks = [search_task(i, term) for i, term in enumerate(ON_EACH_NODE)]
    # one task the reference agent fails (it answers another word): the runs must agree on a 0 too
    wrong = search_task(len(ON_EACH_NODE), "lamp")
    tasks.append(
        classifieds_task(
            len(ON_EACH_NODE),
            wrong["intent"],
            [wrong["reference_solution"][0], {"do": "stop", "answer": "bike"}],
            wrong["eval"],
        )
    )
    return write_task_file(path, tasks)


@pytest.fixture
def short_tmp():
    """The actors' TMPDIR: short, as in /tmp (Chromium's unix socket paths must fit in 108 bytes)."""
    path = Path(tempfile.mkdtemp(prefix="vwa-rt-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def _driver_command(tasks: Path, *options: str | Path) -> list[str]:
    """`python -m evaluation.run --backend ray --workers 1 OPTIONS -- --task-file TASKS`."""
    run = [sys.executable, "-m", "evaluation.run", "--backend", "ray", "--workers", "1"]
    return [*run, *map(str, options), "--", "--task-file", str(tasks)]


def _ray_run(cluster: Cluster, tmp: Path, tasks: Path, results: Path, *extra: str, wait=True, scratch: Path):
    env = embedded_env(cluster.root, RAY_ADDRESS=cluster.address, TMPDIR=str(scratch), **cluster.auth)
    cmd = _driver_command(tasks, "--results", results, *extra)
    if wait:
        return subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    log = (tmp / "ray-run.log").open("w")
    return subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)


def _rewards(results: Path) -> dict[str, int | None]:
    return {r["test_id"]: r["reward"] for r in read_results(results)}


def _nothing_left(cluster: Cluster, scratch: Path) -> None:
    """No browser, ChromeDriver, site server or kiwix of the actors, no scratch folder, no instance copy."""

    def leftovers():
        return {
            pid: cmd
            for node in cluster.markers
            for pid, cmd in cluster.processes(node).items()
            if any(word in cmd for word in ("chrom", "sites", "kiwix", "waitress"))
        }

    eventually(lambda: not leftovers(), f"the actors' processes are gone: {leftovers()}", timeout=60, poll=SCAN_POLL)
    _no_files_left(scratch, cluster.root)


def _no_files_left(scratch: Path, root: Path) -> None:
    """Nothing in the actors' temporary folder `scratch`, no instance folder of the sites under `root`."""
    eventually(
        lambda: not list(scratch.iterdir()),
        lambda: (
            f"the actors' temporary files in {scratch} are gone: "
            f"{sorted(str(p.relative_to(scratch)) for p in scratch.rglob('*'))[:20]}"
        ),
        timeout=60,
    )
    eventually(lambda: not list((root / "run" / "pytest").glob("*")), "the sites' instance folders", timeout=60)


def test_a_ray_run_on_two_nodes_equals_the_pytest_run(cluster, tmp_path, short_tmp):
    tasks = _tasks(tmp_path / "tasks.json")
    local = run_pytest(embedded_env(cluster.root), tasks, "--results", tmp_path / "pytest-run", "-q")
    assert local.returncode in (0, 1), local.stdout + local.stderr
    proc = _ray_run(cluster, tmp_path, tasks, tmp_path / "ray-run", scratch=short_tmp)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    expected = {f"classifieds/{i}": 1 for i in range(len(ON_EACH_NODE))} | {f"classifieds/{len(ON_EACH_NODE)}": 0}
    assert _rewards(tmp_path / "pytest-run") == expected
    assert _rewards(tmp_path / "ray-run") == expected
    lines = (tmp_path / "ray-run" / "results.jsonl").read_text().splitlines()
    assert len(lines) == len(expected)  # one line per task, nothing twice
    assert schema_problems(tmp_path / "ray-run") == []
    backend = read_backend(tmp_path / "ray-run")
    assert backend["backend"] == "ray" and len(backend["nodes"]) == 2
    workers = {r["worker"] for r in read_results(tmp_path / "ray-run")}
    assert len(workers) == 2, workers  # both nodes' actors took tasks
    for name in ("report.md", "report.html", "summary.json", "environment.json"):
        assert (tmp_path / "ray-run" / name).is_file(), name
    assert len(list((tmp_path / "ray-run" / "trajectories").glob("*.html"))) == len(expected)
    _nothing_left(cluster, short_tmp)


def _kill_mid_task(cluster: Cluster, tmp_path: Path, node: str, scratch: Path):
    """Start a run, SIGKILL (an actor of) `node` while it runs a task, return the finished run's folder."""
    tasks = write_task_file(tmp_path / "tasks.json", [search_task(i, t) for i, t in enumerate(ON_EACH_NODE)])
    results = tmp_path / "ray-run"
    run = _ray_run(cluster, tmp_path, tasks, results, wait=False, scratch=scratch)
    try:

        def busy_actor():
            running = cluster.processes(node).items()
            return [pid for pid, cmd in running if cmd.startswith("ray::TaskActor.run")]

        [pid] = eventually(busy_actor, f"an actor of {node} running a task", timeout=240, poll=0.2)
        if node == "node2":
            cluster.kill(node, ray_only=True)  # the whole node: raylet, object store, workers, actors
        else:
            os.kill(pid, signal.SIGKILL)
        assert run.wait(timeout=600) == 0, (tmp_path / "ray-run.log").read_text()
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    return results, (tmp_path / "ray-run.log").read_text()


def _one_counted_line_each_after_a_death(results: Path, log: str) -> dict:
    records = read_results(results)
    assert sorted(r["test_id"] for r in records) == [f"classifieds/{i}" for i in range(len(ON_EACH_NODE))], log
    assert all(r["status"] == "scored" and r["reward"] == 1 for r in records), log
    lines = [json.loads(x) for x in (results / "results.jsonl").read_text().splitlines()]
    [died] = [r for r in lines if r["status"] == "error"]
    assert died["phase"] == "worker" and "died mid-task" in died["error"] and died["attempt"] == 1, died
    [rerun] = [r for r in records if r["test_id"] == died["test_id"]]
    assert rerun["attempt"] == 2 and rerun["worker"] != died["worker"], rerun
    assert "died mid-task" in rerun["retried_errors"][0]
    assert len(lines) == len(ON_EACH_NODE) + 1 and schema_problems(results) == []
    backend = read_backend(results)
    assert [d["task"] for d in backend["actors_died"]] == [died["test_id"]]
    return died


def test_a_driver_without_the_clusters_token_is_refused_in_one_line(cluster, tmp_path, short_tmp):
    tasks = _tasks(tmp_path / "tasks.json")
    env = embedded_env(
        cluster.root, RAY_ADDRESS=cluster.address, TMPDIR=str(short_tmp), RAY_AUTH_MODE="token", RAY_AUTH_TOKEN="0" * 64
    )
    # Ray retries a refused connection 20 times a second apart before it gives up; the refusal and its message
    # are the same after 2 (20 s less of waiting)
    env["RAY_NUM_REDIS_GET_RETRIES"] = "2"
    cmd = _driver_command(tasks, "--results", tmp_path / "refused")
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1, out
    assert f"could not connect to the Ray cluster at {cluster.address}" in out and "RAY_AUTH_TOKEN" in out, out
    assert "Traceback" not in out, out
    assert not (tmp_path / "refused" / "results.jsonl").exists()


def test_an_actor_killed_mid_task_costs_one_attempt_and_leaves_nothing(cluster, tmp_path, short_tmp):
    results, log = _kill_mid_task(cluster, tmp_path, "head", short_tmp)
    _one_counted_line_each_after_a_death(results, log)
    _nothing_left(cluster, short_tmp)


def test_a_node_killed_mid_task_costs_one_attempt_and_the_run_ends_on_the_other(cluster, tmp_path, short_tmp):
    results, log = _kill_mid_task(cluster, tmp_path, "node2", short_tmp)  # the last test: one node is left
    died = _one_counted_line_each_after_a_death(results, log)
    node2 = [n for n in read_backend(results)["nodes"] if died["worker"] in n["workers"]]
    assert node2, died
    _nothing_left(cluster, short_tmp)


@pytest.mark.xdist_group("ray-driver-kill")  # its own cluster: may run beside the tests above
def test_a_driver_killed_mid_run_takes_its_cluster_along_and_the_run_resumes(tmp_path, short_tmp):
    tasks = write_task_file(tmp_path / "tasks.json", [search_task(i, t) for i, t in enumerate(TERMS)])
    results = tmp_path / "ray-run"
    env = embedded_env(tmp_path, TMPDIR=str(short_tmp))
    env.pop("RAY_ADDRESS", None)  # the run starts a local cluster of its own
    log = (tmp_path / "driver.log").open("w")
    driver = subprocess.Popen(
        _driver_command(tasks, "--results", results), cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
    )
    try:
        lines = results / "results.jsonl"
        eventually(
            lambda: (lines.is_file() and lines.read_text().count("\n") >= 1) or driver.poll() is not None,
            "the first result line",
            timeout=240,
        )
        assert driver.poll() is None, (tmp_path / "driver.log").read_text()
        driver.kill()  # SIGKILL, mid-run
        driver.wait()
    finally:
        if driver.poll() is None:
            driver.kill()
            driver.wait()
        log.close()
    kept = lines.read_text().splitlines()
    local = read_backend(results)["local_cluster"]
    group, temp = local["process_group"], Path(local["temp_dir"])

    def group_alive():
        try:
            os.killpg(group, 0)
            return True
        except ProcessLookupError:
            return False

    eventually(lambda: not group_alive(), f"the local cluster's processes (group {group})", timeout=60)
    eventually(lambda: not temp.exists(), f"the local cluster's folder {temp}", timeout=60)
    _no_files_left(short_tmp, tmp_path)

    again = subprocess.run(
        _driver_command(tasks, "--resume", results), cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    assert again.returncode == 0, again.stdout + again.stderr
    assert lines.read_text().splitlines()[: len(kept)] == kept  # nothing written before the kill is lost
    records = read_results(results)
    assert sorted(r["test_id"] for r in records) == [f"classifieds/{i}" for i in range(len(TERMS))]
    unsolved = [
        {k: r.get(k) for k in ("test_id", "status", "reward", "phase", "error")}
        for r in records
        if r["status"] != "scored" or r["reward"] != 1
    ]
    assert not unsolved, unsolved
    scored_before = {json.loads(x)["test_id"] for x in kept if json.loads(x)["status"] == "scored"}
    ran_again = {json.loads(x)["test_id"] for x in lines.read_text().splitlines()[len(kept) :]}
    assert not scored_before & ran_again, "a task scored before the kill ran again"
