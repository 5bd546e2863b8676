"""The driver of a run on Ray (`python -m evaluation.run --backend ray`).

- The cluster: with RAY_ADDRESS unset, a local one for this run only (local.py: loopback, no dashboard, a small
  object store, `--workers` CPUs, gone with the driver even on SIGKILL); with RAY_ADDRESS (`auto`, `HOST:PORT`,
  `ray://HOST:10001`), that cluster.
- The actors (`actor.TaskActor`): `--workers` per alive node (at most the node's CPUs; one CPU each), pinned
  to their node. Every actor holds its own sites, browser and logins.
- The queue: the driver hands the next task to whichever actor is free (a slow actor holds up nobody), and
  appends the lines and files each attempt returns to the run folder on the driver's machine.
- Faults: an actor that dies mid-task (its process or its node killed) costs the task that attempt: the
  driver writes its error line (phase `worker`) and puts the task back at the front of the queue for another
  actor while attempts remain (`--retries`); an actor whose node is still alive is replaced. Every task
  ends with exactly one counted line (the last of its lines, as for pytest).
- The run folder is that of the pytest path: results.jsonl, trajectories/, environment.json, report.md,
  report.html and summary.json, plus backend.json (the backend and its nodes, also in summary.json).
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from types import ModuleType
from typing import TYPE_CHECKING, Any, TextIO

from evaluation.reporting import environment
from evaluation.reporting.results import BACKEND_FILE, append_result, one_line, write_report
from evaluation.running.runtime import RunOptions, Runtime, TaskOutcome, should_retry, sites_of
from evaluation.taskfiles.loader import Task

from .local import LocalCluster, LocalClusterError

if TYPE_CHECKING:
    from .actor import AttemptReply

ACTOR_START_TIMEOUT_S = 300.0  # an actor's start: its Python, imports, then its first call
MAX_REPLACEMENTS = 3  # new actors per node after deaths, before the node is given up
# settings the actors need on every node (nodes started by `ray start` do not have the driver's environment)
FORWARDED_PREFIXES = (
    "VWA_",
    "OPENAI_",
    "JUDGE_",
    "VQA_",
    "CAPTIONER",
    "AUTOEVAL_",
    "MODEL",
    "CLASSIFIEDS",
    "SHOPPING",
    "REDDIT",
    "WIKIPEDIA",
    "HOMEPAGE",
    "MAGENTO_",
    "DOCKER_",
    "EMBEDDED_",
    "LLM_",
)
FORWARDED = {
    "STACK",
    "SEED",
    "SCALE",
    "DATA_DIR",
    "RUN_DIR",
    "RESET_TOKEN",
    "CHROMIUM_BINARY",
    "CHROMEDRIVER",
    "SELENIUM_REMOTE_URL",
    "ARENA_HOST",
    "TEMPERATURE",
    "TOP_P",
    "MAX_TOKENS",
    "MAX_OBS_TOKENS",
    "LOGIN_TIMEOUT",
    "WEBVOYAGER_KEEP_IMAGES",
    "TMPDIR",
    "PYTHONUNBUFFERED",
}


class ClusterError(RuntimeError):
    """The cluster cannot run this: no address answers, no node has a CPU for an actor, every actor died."""


@dataclass
class Job:
    task: Task
    attempt: int = 1
    errors: list[str] = field(default_factory=list)


@dataclass
class Slot:
    """One actor and what the driver knows of it."""

    name: str
    node_id: str
    handle: Any = None  # the Ray actor handle
    info: dict[str, Any] = field(default_factory=dict)  # TaskActor.info()
    job: Job | None = None


@dataclass
class RayRun:
    tasks: list[Task]
    options: dict[str, Any]  # RunOptions fields but worker and results_dir
    results_dir: Path
    retries: int = 1
    workers: int = 2  # actors per node
    address: str | None = None  # None: a local cluster for this run
    log: TextIO = sys.stdout
    slots: list[Slot] = field(default_factory=list)
    nodes: dict[str, dict[str, Any]] = field(default_factory=dict)  # node id -> {"ip", "hostname", "workers": [names]}
    replaced: dict[str, int] = field(default_factory=dict)  # node id -> actors replaced there
    died: list[dict[str, Any]] = field(default_factory=list)
    counted: dict[tuple[str, Any], Any] = field(default_factory=dict)  # (file name, task id) -> status of its last line
    local: LocalCluster | None = None  # the cluster started for this run (RAY_ADDRESS unset)

    def say(self, text: str) -> None:
        print(text, file=self.log, flush=True)

    # ---- the cluster ------------------------------------------------------------------------------------
    def connect(self) -> ModuleType:
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        address = self.address
        if address is None:
            self.local = LocalCluster(cpus=self.workers)
            try:
                address = self.local.start()
            except LocalClusterError as exc:
                raise ClusterError(f"could not start a local Ray cluster: {exc}") from None
            # as for `ray start`: 127.0.0.1 stays itself, and the driver holds the cluster's own token
            os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
            self.local.use_token(os.environ)
        import ray

        try:
            ray.init(address=address, runtime_env={"env_vars": forwarded_env()}, log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError, ray.exceptions.AuthenticationError) as exc:
            # a wrong token looks like a cluster that does not answer (Ray retries, then gives up)
            hint = (
                "; is it up there, and does this machine hold its token (~/.ray/auth_token copied from the "
                "head, or RAY_AUTH_TOKEN; with RAY_AUTH_MODE=token)?"
            )
            raise ClusterError(
                f"could not connect to the Ray cluster at {address}: {one_line(str(exc))[:300]}{hint}"
            ) from None
        return ray

    def alive_nodes(self, ray: ModuleType) -> dict[str, dict[str, Any]]:
        return {n["NodeID"]: n for n in ray.nodes() if n.get("Alive")}

    def start_actors(self, ray: ModuleType, needed: list[str]) -> None:
        nodes = self.alive_nodes(ray)
        plan: list[list[str | None]] = []
        for node_id, node in sorted(nodes.items(), key=lambda kv: kv[1].get("NodeManagerAddress", "")):
            room = min(self.workers, int(node.get("Resources", {}).get("CPU", 0)))
            self.nodes[node_id] = {
                "node_id": node_id,
                "ip": node.get("NodeManagerAddress"),
                "hostname": node.get("NodeManagerHostname"),
                "workers": [],
            }
            plan.append([node_id] * room)
        # at most one actor per task, taken round-robin over the nodes
        order = [n for column in _zip_longest(plan) for n in column if n]
        order = order[: max(1, len(self.tasks))]
        if not order:
            raise ClusterError("no node of the cluster has a CPU for an actor (each actor needs one)")
        for node_id in order:
            self.slots.append(self.new_slot(ray, node_id, needed))
        self.wait_ready(ray, self.slots)

    def new_slot(self, ray: ModuleType, node_id: str, needed: list[str]) -> Slot:
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        from .actor import TaskActor

        index = sum(len(n["workers"]) for n in self.nodes.values())
        name = f"ray-{node_id[:8]}-{index}"
        remote = ray.remote(TaskActor).options(
            num_cpus=1,
            max_restarts=0,
            max_task_retries=0,
            scheduling_strategy=NodeAffinitySchedulingStrategy(node_id=node_id, soft=False),
        )
        slot = Slot(name=name, node_id=node_id, handle=remote.remote(self.options, name, needed))
        self.nodes[node_id]["workers"].append(name)
        return slot

    def wait_ready(self, ray: ModuleType, slots: list[Slot]) -> None:
        refs = {s.handle.info.remote(): s for s in slots}
        ready, pending = ray.wait(list(refs), num_returns=len(refs), timeout=ACTOR_START_TIMEOUT_S)
        for ref in ready:
            slot = refs[ref]
            try:
                slot.info = ray.get(ref)
            except ray.exceptions.RayError as exc:
                self.say(f"actor {slot.name} did not start: {one_line(str(exc))}")
                slot.handle = None
        for ref in pending:
            self.say(f"actor {refs[ref].name} did not start within {ACTOR_START_TIMEOUT_S:.0f} s")
            ray.kill(refs[ref].handle)
            refs[ref].handle = None
        self.slots = [s for s in self.slots if s.handle is not None]
        if not self.slots:
            raise ClusterError("no actor started; see the lines above")

    # ---- the queue ------------------------------------------------------------------------------------
    def execute(self) -> int:
        """Run every task; returns how many tasks ended with an error line."""
        try:
            ray = self.connect()
        except ClusterError:
            if self.local is not None:
                self.local.stop()
            raise
        try:
            needed = sorted(set().union(*(sites_of(t) for t in self.tasks))) if self.tasks else []
            self.start_actors(ray, needed)
            self.say(
                f"Ray: {len(self.slots)} actor(s) on {len({s.node_id for s in self.slots})} node(s); "
                f"{len(self.tasks)} task(s)"
            )
            self.write_backend()
            self.loop(ray, needed)
        finally:
            self.stop_actors(ray)
            self.write_backend()
            ray.shutdown()
            if self.local is not None:
                self.local.stop()
        return sum(1 for status in self.counted.values() if status == "error")

    def loop(self, ray: ModuleType, needed: list[str]) -> None:
        queue = deque(Job(t) for t in self.tasks)
        in_flight: dict[Any, Slot] = {}  # Ray object reference -> the actor computing it
        total = len(queue)
        while queue or in_flight:
            for slot in self.slots:
                if slot.job is None and slot.handle is not None and queue:
                    slot.job = queue.popleft()
                    ref = slot.handle.run.remote(slot.job.task, slot.job.attempt, list(slot.job.errors))
                    in_flight[ref] = slot
            if not in_flight:
                raise ClusterError(
                    f"every actor died; {len(queue)} task(s) not run (resume the run with --resume {self.results_dir})"
                )
            [ref], _ = ray.wait(list(in_flight), num_returns=1)
            slot = in_flight.pop(ref)
            job, slot.job = slot.job, None
            assert job is not None  # a slot with a reference in flight holds its job
            try:
                reply: AttemptReply = ray.get(ref)
            except ray.exceptions.RayActorError as exc:
                self.actor_died(ray, slot, job, exc, queue, needed)
                continue
            except ray.exceptions.RayError as exc:  # the actor's own call failed: a bug, recorded as such
                reply = {
                    "lines": [self.error_record(job, slot, "worker", f"the actor's call failed: {exc}")],
                    "files": {},
                    "error": one_line(str(exc)),
                    "retryable": True,
                    "skipped": None,
                }
            self.store(reply["lines"], reply["files"])
            outcome = TaskOutcome(reward=None, record={}, error=reply["error"], retryable=reply["retryable"])
            if not reply["skipped"] and should_retry(outcome, job.attempt, self.retries):
                queue.appendleft(Job(job.task, job.attempt + 1, [*job.errors, reply["error"] or ""]))
                continue
            self.report_progress(job, reply, total)

    def actor_died(
        self, ray: ModuleType, slot: Slot, job: Job, exc: Exception, queue: deque[Job], needed: list[str]
    ) -> None:
        where = self.nodes.get(slot.node_id, {}).get("ip")
        cause = one_line(str(exc)).split(". ")[0][:300]
        message = f"the Ray actor {slot.name} (node {where}, pid {slot.info.get('pid')}) died mid-task: {cause}"
        self.say(f"{job.task.test_id}: {message}")
        self.died.append(
            {
                "worker": slot.name,
                "node_id": slot.node_id,
                "task": job.task.test_id,
                "pid": slot.info.get("pid"),
                "at": time.time(),
            }
        )
        record = self.error_record(job, slot, "worker", message)
        self.store([record], {})
        if job.attempt <= self.retries:
            queue.appendleft(Job(job.task, job.attempt + 1, [*job.errors, record["error"]]))
        else:
            self.say(f"{job.task.test_id}: error after {job.attempt} attempt(s)")
        ray.kill(slot.handle)  # unreachable rather than dead: it must not go on behind the driver's back
        slot.handle = None
        self.slots.remove(slot)
        if slot.node_id in self.alive_nodes(ray) and self.replaced.get(slot.node_id, 0) < MAX_REPLACEMENTS:
            self.replaced[slot.node_id] = self.replaced.get(slot.node_id, 0) + 1
            fresh = self.new_slot(ray, slot.node_id, needed)
            self.slots.append(fresh)
            try:
                self.wait_ready(ray, [fresh])
            except ClusterError:
                pass  # the other actors go on; the loop says so when none is left

    def error_record(self, job: Job, slot: Slot, phase: str, message: str) -> dict[str, Any]:
        """A task's error line written by the driver (its actor could not write one), as Runtime writes them."""
        runtime = Runtime(RunOptions(**self.options, worker=slot.name, results_dir=self.results_dir))
        record = runtime.base_record(job.task)
        record.update(
            attempt=job.attempt,
            retried_errors=list(job.errors) or None,
            status="error",
            phase=phase,
            reward=None,
            checks=[],
            error=f"{phase}: {one_line(message)}",
            timings=None,
        )
        return record

    def store(self, lines: list[dict[str, Any]], files: dict[str, bytes]) -> None:
        for rel, data in files.items():
            path = PurePosixPath(rel)
            if path.is_absolute() or ".." in path.parts:
                raise ClusterError(f"an actor returned a file outside the run folder: {rel!r}")
            target = self.results_dir / Path(*path.parts)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        for record in lines:
            append_result(self.results_dir, record)
            self.counted[(Path(str(record.get("task_file"))).name, record.get("task_id"))] = record.get("status")

    def report_progress(self, job: Job, reply: AttemptReply, total: int) -> None:
        last = reply["lines"][-1] if reply["lines"] else {}
        done = len(self.counted)
        if last.get("status") == "scored":
            what = f"reward {last.get('reward')}"
        elif last.get("status") == "skipped":
            what = f"skipped: {last.get('skip_reason')}"
        else:
            what = f"error: {last.get('error')}"
        self.say(f"[{done}/{total}] {job.task.test_id} {what} ({last.get('worker')}, attempt {job.attempt})")

    def stop_actors(self, ray: ModuleType) -> None:
        closing: dict[Any, Slot] = {}  # Ray object reference -> its actor
        for slot in self.slots:
            if slot.handle is not None:
                closing[slot.handle.close.remote()] = slot
        if closing:
            ray.wait(list(closing), num_returns=len(closing), timeout=60)
        for slot in self.slots:
            if slot.handle is not None:
                ray.kill(slot.handle)  # its process ends; the watchdog removes whatever close() did not
                slot.handle = None

    def write_backend(self) -> None:
        self.results_dir.mkdir(parents=True, exist_ok=True)
        record: dict[str, Any] = {
            "backend": "ray",
            "address": self.address or "local (started for this run)",
            "nodes": list(self.nodes.values()),
            "actors_died": self.died,
        }
        if self.local is not None:  # what the driver's watchdog removes if the driver is killed
            record["local_cluster"] = {
                "address": self.local.address,
                "process_group": self.local.pgid,
                "temp_dir": str(self.local.temp) if self.local.temp else None,
            }
        path = self.results_dir / BACKEND_FILE
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
        tmp.replace(path)


def _zip_longest(columns: list[list[str | None]]) -> list[list[str | None]]:
    width = max((len(c) for c in columns), default=0)
    return [[c[i] if i < len(c) else None for c in columns] for i in range(width)]


def forwarded_env() -> dict[str, str]:
    """The driver's settings every actor gets, and the project on PYTHONPATH (the same checkout path on
    every node: nodes import the project from there, not from whatever an install points at)."""
    from sites.config import PROJECT_ROOT

    env = {k: v for k, v in os.environ.items() if k in FORWARDED or k.startswith(FORWARDED_PREFIXES)}
    env["PYTHONPATH"] = os.pathsep.join(
        [str(PROJECT_ROOT)]
        + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p and p != str(PROJECT_ROOT)]
    )
    return env


def run_on_ray(run: RayRun) -> int:
    """Run, then write the reports; 0 when the tasks ran (whatever their rewards), else 1 with the cause."""
    run.results_dir.mkdir(parents=True, exist_ok=True)
    environment.write(run.results_dir)
    started = time.perf_counter()
    try:
        errors = run.execute()
    except ClusterError as exc:
        run.say(f"The Ray run failed: {exc}")
        return 1
    except KeyboardInterrupt:
        run.say(f"interrupted; resume with --resume {run.results_dir}")
        return 130
    finally:
        if (run.results_dir / "results.jsonl").is_file():
            _, text = write_report(run.results_dir)
            run.say("\n" + text)
            try:
                from evaluation.reporting.report_html import write_html_report

                write_html_report(run.results_dir)
            except (OSError, ValueError, ImportError) as exc:
                run.say(f"could not write report.html of {run.results_dir}: {exc}")
    run.say(
        f"Ray run: {len(run.counted)} task(s) in {time.perf_counter() - started:.1f} s, {errors} ended with an error"
    )
    return 0
