"""pytest plugin: every task of the VWA-format task files becomes one test item `<site>/<task_id>`
(the main site, the first of its `sites`), marked with each of its sites (and `multisite` for two or more).

Registered as the pytest11 entry point `evaluation.plugin` (pyproject.toml), so its options are known
when pytest pre-parses the command line. `pytest` alone collects
tasks/*.json (pyproject testpaths); `--task-file PATH` (repeatable) replaces them. Task files are
validated at collection: `pytest --collect-only --task-file X` fails loudly on a bad file.

Each item runs its task in its setup phase (sites, reset, login, episode, scoring: a failure of the
harness there is a pytest ERROR naming the cause) and asserts the reward in its call phase (a wrong
reward is a FAILURE listing each check). Results go to `--results DIR` (default results/<timestamp>,
with results/latest), one JSON line per task as soon as it is scored; the success tables are printed
and written (report.md, summary.json) at the end of the session, by the xdist controller only.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pytest

from evaluation.harness.options import add_pytest_options, parse_viewport
from evaluation.reporting import environment
from evaluation.reporting.results import (
    default_results_dir,
    other_scorings,
    point_latest,
    scored_tasks,
    write_report,
)
from evaluation.running.proof import proof_failures
from evaluation.running.runtime import (
    RunOptions,
    Runtime,
    TaskOutcome,
    settle_timeout_s,
    should_retry,
    sites_of,
)
from evaluation.running.stacks import stack_name
from evaluation.taskfiles.loader import Task, load_task_entries
from evaluation.taskfiles.markers import _marker_names, task_markers
from evaluation.vocabulary.errors import SkipTask, TaskFormatError

if TYPE_CHECKING:  # the types of pytest.Item.repr_failure, where pytest declares them
    from _pytest._code.code import TerminalRepr, TracebackStyle

_RUNTIME_KEY = pytest.StashKey[Runtime]()
_RESULTS_KEY = pytest.StashKey[Path]()
_DONE_KEY = pytest.StashKey[set[tuple[str, str]]]()
_SHARD_KEY = pytest.StashKey[tuple[int, int] | None]()


class _WorkerNode(Protocol):
    """What the plugin reads of pytest-xdist's worker controller (xdist has no types of its own)."""

    config: pytest.Config
    workerinput: dict[str, Any]


def _worker_input(config: pytest.Config) -> dict[str, Any] | None:
    """What the xdist controller sent this worker; None in the controller (or without xdist)."""
    found: dict[str, Any] | None = getattr(config, "workerinput", None)
    return found


def pytest_addoption(parser: pytest.Parser) -> None:
    add_pytest_options(parser.getgroup("vwa", "VisualWebArena tasks"))


def _is_controller(config: pytest.Config) -> bool:
    return _worker_input(config) is None


def pytest_configure(config: pytest.Config) -> None:
    for line in _marker_names():
        config.addinivalue_line("markers", line)
    task_files = [Path(p).resolve() for p in config.getoption("task_file") or []]
    if task_files:
        src = getattr(config, "args_source", None)
        if src != pytest.Config.ArgsSource.ARGS or not config.args:
            # no paths on the command line (pytest fell back to testpaths or the current folder):
            # the task files are the whole selection
            config.args[:] = [str(p) for p in task_files]
        else:
            config.args.extend(str(p) for p in task_files if str(p) not in config.args)
    resume = config.getoption("resume")
    if resume and config.getoption("results") and Path(config.getoption("results")).resolve() != Path(resume).resolve():
        raise pytest.UsageError(f"--resume {resume} continues that folder: drop --results or give the same folder")
    if config.getoption("retries") < 0:
        raise pytest.UsageError(f"--retries {config.getoption('retries')}: expected 0 or more")
    config.stash[_SHARD_KEY] = parse_shard(config.getoption("shard"))
    try:
        settle_timeout_s()
    except ValueError as exc:
        raise pytest.UsageError(str(exc)) from None
    if config.getoption("prove") and config.getoption("agent") != "sighted":
        raise pytest.UsageError(
            f"--prove runs the proofs in the sighted agent's episodes: use it with --agent "
            f"sighted (not {config.getoption('agent')!r})"
        )
    worker_input = _worker_input(config)
    if worker_input is None:
        results = resume or config.getoption("results")
        # created by the first result line, so runs without tasks (the project's tests) leave nothing
        config.stash[_RESULTS_KEY] = (
            Path(results).resolve() if results else default_results_dir(Path(str(config.rootpath)))
        )
        if task_files:
            _refuse_mixed_scoring(config.stash[_RESULTS_KEY], config.getoption("scoring"))
        config.stash[_DONE_KEY] = _already_scored(config, config.stash[_RESULTS_KEY]) if resume else set()
    else:
        config.stash[_RESULTS_KEY] = Path(worker_input["vwa_results_dir"])
        # decided once by the controller: workers must all collect the same tasks, whatever lines other
        # workers append meanwhile
        config.stash[_DONE_KEY] = {(str(name), str(task_id)) for name, task_id in worker_input.get("vwa_done", [])}


def parse_shard(text: str | None) -> tuple[int, int] | None:
    if not text:
        return None
    m = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", text)
    if not m or not 1 <= int(m.group(1)) <= int(m.group(2)):
        raise pytest.UsageError(f"--shard {text!r}: expected I/N with 1 <= I <= N, e.g. 2/4")
    return int(m.group(1)), int(m.group(2))


def shard_of(task_file: str, task_id: object, count: int) -> int:
    """The shard (1..count) of a task: from a hash of its task file's name and id, so the same on every
    machine and for every selection, whatever the collection order."""
    digest = hashlib.sha256(f"{Path(task_file).name}\0{task_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % count + 1


def tasks_of_shard(task_file: Path, shard: str | None) -> set[int]:
    """The ids of a task file's tasks that a run with `--shard I/N` (None: no shard) takes."""
    ids = {int(task["task_id"]) for task in json.loads(Path(task_file).read_text(encoding="utf-8"))}
    part_count = parse_shard(shard)
    if part_count is None:
        return ids
    part, count = part_count
    return {t for t in ids if shard_of(str(task_file), t, count) == part}


def _already_scored(config: pytest.Config, results_dir: Path) -> set[tuple[str, str]]:
    """Tasks of `results_dir` whose latest line is scored, by this agent, model and scoring mode."""
    if not results_dir.is_dir():
        raise pytest.UsageError(f"--resume {results_dir}: no such run folder to continue")
    if not (results_dir / "results.jsonl").is_file():
        return set()  # the run was stopped before its first task ended: nothing is scored yet
    try:
        return scored_tasks(
            results_dir,
            agent=config.getoption("agent"),
            model=config.getoption("model"),
            scoring=config.getoption("scoring"),
        )
    except (OSError, ValueError) as exc:
        raise pytest.UsageError(f"--resume {results_dir}: {exc}") from None


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    shard = config.stash.get(_SHARD_KEY, None)
    done = config.stash.get(_DONE_KEY, set())
    if shard is None and not done:
        return
    keep, drop = [], []
    for item in items:
        task = getattr(item, "task", None)
        if task is None:
            keep.append(item)  # the project's own tests, a bad-task item: never sharded away
            continue
        if shard is not None and shard_of(str(task.file), task.task_id, shard[1]) != shard[0]:
            drop.append(item)
        elif (Path(str(task.file)).name, str(task.task_id)) in done:
            drop.append(item)
        else:
            keep.append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: _WorkerNode) -> None:
    """xdist controller -> worker: the shared results folder."""
    node.workerinput["vwa_results_dir"] = str(_results_dir(node.config))
    done: set[tuple[str, str]] = node.config.stash.get(_DONE_KEY, set())
    node.workerinput["vwa_done"] = sorted(done)


def _refuse_mixed_scoring(results_dir: Path, mode: str) -> None:
    """Adding results scored in one mode to a folder scored in another would merge them silently."""
    other = other_scorings(results_dir, mode)
    if other:
        raise pytest.UsageError(
            f"{results_dir} holds results scored with --scoring {', '.join(other)}; "
            f"this run scores with --scoring {mode}: use another --results folder"
        )


def _results_dir(config: pytest.Config) -> Path:
    return config.stash[_RESULTS_KEY]


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> TaskFile | None:
    if file_path.suffix != ".json":
        return None
    config = parent.config
    task_files = config.getoption("task_file") or []
    if task_files:
        # pytest walks every folder on the way to a task file outside the project (all of /tmp, say):
        # resolve paths only for files of a task file's name
        if file_path.name not in {Path(p).name for p in task_files} or file_path.resolve() not in {
            Path(p).resolve() for p in task_files
        }:
            return None
    elif file_path.parent.resolve() != (Path(str(config.rootpath)) / "tasks").resolve():
        return None
    return TaskFile.from_parent(parent, path=file_path)


class TaskWarning(UserWarning):
    """A task the official harness runs despite a problem (a difficulty typo): kept, and named."""


class TaskFile(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        strict = self.config.getoption("strict_tasks")
        for name, entry in load_task_entries(self.path):
            if isinstance(entry, TaskFormatError):
                if strict:
                    raise entry
                # one item that errors, named by its task; the other tasks of the file still run
                yield BadTaskItem.from_parent(self, name=name, error=entry)
                continue
            for problem in entry.warnings:
                if strict:
                    raise problem
                warnings.warn(TaskWarning(str(problem)), stacklevel=2)
            item = TaskItem.from_parent(self, name=entry.test_id, task=entry)
            for marker in task_markers(entry):
                item.add_marker(marker)
            yield item

    # type-ignore: as pytest's Collector.repr_failure, which takes no style argument
    def repr_failure(  # type: ignore[override]
        self, excinfo: pytest.ExceptionInfo[BaseException]
    ) -> str | TerminalRepr:
        if isinstance(excinfo.value, TaskFormatError):
            return f"bad task file: {excinfo.value}"
        return super().repr_failure(excinfo)


class RewardMismatch(AssertionError):
    pass


class BadTaskItem(pytest.Item):
    """A task the loader rejects: it errors on its own, naming file, task and field."""

    def __init__(self, *, error: TaskFormatError, **kwargs: Any) -> None:  # pytest.Node's own arguments
        super().__init__(**kwargs)
        self.error = error

    def setup(self) -> None:
        pytest.fail(f"bad task: {self.error}", pytrace=False)

    def runtest(self) -> None:
        pass

    def reportinfo(self) -> tuple[Path, None, str]:
        return self.path, None, f"{self.name}: bad task"


class TaskItem(pytest.Item):
    def __init__(self, *, task: Task, **kwargs: Any) -> None:  # pytest.Node's own arguments
        super().__init__(**kwargs)
        self.task = task
        self.outcome: TaskOutcome | None = None

    def _runtime(self) -> Runtime:
        config = self.config
        runtime = config.stash.get(_RUNTIME_KEY, None)
        if runtime is None:
            try:
                stack = stack_name(config.getoption("stack") or os.environ.get("STACK") or "embedded")
                viewport = parse_viewport(config.getoption("viewport"))
            except ValueError as exc:
                raise pytest.UsageError(str(exc)) from None
            image_root = config.getoption("image_root")
            worker = (_worker_input(config) or {}).get("workerid", "main")
            needed: set[str] = set()
            for item in self.session.items:
                if isinstance(item, TaskItem):
                    needed |= sites_of(item.task)
            runtime = Runtime(
                RunOptions(
                    agent=config.getoption("agent"),
                    model=config.getoption("model"),
                    max_steps=config.getoption("max_steps"),
                    stack=stack,
                    viewport=viewport,
                    observation=config.getoption("observation"),
                    image_root=Path(image_root).resolve() if image_root else None,
                    results_dir=_results_dir(config),
                    expect_reward=config.getoption("expect_reward"),
                    worker=worker,
                    scoring=config.getoption("scoring"),
                    record_network=config.getoption("record_network"),
                    require_complete_observations=config.getoption("require_complete_observations"),
                    frames=config.getoption("frames"),
                    prove=config.getoption("prove"),
                ),
                needed_sites=needed,
            )
            config.stash[_RUNTIME_KEY] = runtime
        return runtime

    def setup(self) -> None:
        # the run folder exists from the first task on, so a run stopped before any task ended can be resumed
        _results_dir(self.config).mkdir(parents=True, exist_ok=True)
        environment.write(_results_dir(self.config))  # what the run ran on (kept from its first task on)
        runtime = self._runtime()
        retries = self.config.getoption("retries")
        errors: list[str] = []
        try:
            for attempt in range(1, retries + 2):
                outcome = self.outcome = runtime.run_task(self.task, attempt=attempt, retried_errors=errors)
                if not should_retry(outcome, attempt, retries):
                    break
                errors.append(outcome.error or "")
                runtime.recover()  # a fresh browser; dead sites are restarted by the next attempt
        except SkipTask as exc:
            pytest.skip(str(exc))
        if outcome.error:
            # raised in the setup phase, so pytest reports an ERROR (not a failed reward); message only
            tries = f" (after {len(errors) + 1} attempts)" if errors else ""
            pytest.fail(
                f"harness error: {self.task.test_id} ({self.task.file.name}){tries}: {outcome.error}", pytrace=False
            )

    def runtest(self) -> None:
        expected = self.config.getoption("expect_reward")
        reward = self.outcome.reward if self.outcome is not None else None
        if reward is None:  # setup scored the task, or failed before runtest
            raise RuntimeError(f"{self.task.test_id}: no reward to check (the task was not scored)")
        problems = [f"reward {reward.score}, expected {expected}"] if reward.score != expected else []
        if self.config.getoption("prove") and self.outcome is not None:
            problems += proof_failures(self.outcome.record)
        if problems:
            raise RewardMismatch(f"{self.task.test_id}: " + "\n".join(problems))

    def repr_failure(
        self, excinfo: pytest.ExceptionInfo[BaseException], style: TracebackStyle | None = None
    ) -> str | TerminalRepr:
        if isinstance(excinfo.value, RewardMismatch) and self.outcome and self.outcome.reward:
            record = self.outcome.record
            lines = [
                str(excinfo.value),
                f"intent: {self.task.intent}",
                f"answer: {record.get('answer')!r}; final URL: {record.get('final_url')}; "
                f"stop: {record.get('stop_reason')} after {record.get('steps')} step(s)",
                self.outcome.reward.explain(),
            ]
            return "\n".join(lines)
        return super().repr_failure(excinfo, style)

    def reportinfo(self) -> tuple[Path, None, str]:
        return self.path, None, f"{self.task.test_id}: {self.task.intent[:80]}"


def pytest_sessionfinish(session: pytest.Session, exitstatus: int | pytest.ExitCode) -> None:
    runtime = session.config.stash.get(_RUNTIME_KEY, None)
    if runtime is not None:
        runtime.close()


def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, exitstatus: int | pytest.ExitCode, config: pytest.Config
) -> None:
    if not _is_controller(config):
        return
    path = config.stash.get(_RESULTS_KEY, None)
    if path is None or not (path / "results.jsonl").is_file():
        return
    if not config.getoption("results"):
        point_latest(path)
    try:
        _, text = write_report(path)
    except (OSError, ValueError) as exc:
        terminalreporter.write_line(f"could not write the report of {path}: {exc}", red=True)
        return
    terminalreporter.section("VWA success rates")
    terminalreporter.write(text)
    terminalreporter.write_line(f"results: {path / 'results.jsonl'}; report: {path / 'report.md'}")
    try:
        from evaluation.reporting.report_html import write_html_report

        terminalreporter.write_line(f"run report with charts: {write_html_report(path)}")
    except (OSError, ValueError, ImportError) as exc:
        terminalreporter.write_line(f"could not write report.html of {path}: {exc}", red=True)
