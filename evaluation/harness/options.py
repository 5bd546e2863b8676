"""The run options of the task plugin, declared once: the pytest plugin (evaluation/harness/plugin.py) adds every
one to pytest's command line, and the Ray launcher (evaluation/distributed/launch.py) parses those that make sense
without pytest (`ray=True`) from the arguments after `--`, with the same names, types, choices and defaults.

May import: agent.observation (the observation modes), evaluation.running.stacks and evaluation.scoring.matching
(the stacks' and scoring modes' names).
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass, field
from typing import Any, Protocol

from agent.observation import OBSERVATION_MODES
from evaluation.running.stacks import STACK_NAMES
from evaluation.scoring.matching import DEFAULT_MODE, MODES


@dataclass(frozen=True)
class RunOption:
    flag: str
    settings: dict[str, Any] = field(default_factory=dict)  # argparse's keywords (pytest's addoption takes them)
    ray: bool = False  # the Ray backend takes it too


# fmt: off
RUN_OPTIONS: tuple[RunOption, ...] = (
    RunOption("--task-file", dict(action="append", default=[], metavar="PATH",
              help="a VWA-format task file to run (repeatable); replaces the default tasks/*.json"), ray=True),
    RunOption("--agent", dict(default="reference", help="agent name (default: reference)")),
    RunOption("--model", dict(default=None, help="model name for model-based agents")),
    RunOption("--max-steps", dict(type=int, default=None,
              help="step limit of an episode (default: the agent's own, 30; webvoyager 15)"), ray=True),
    RunOption("--viewport", dict(default=None, metavar="WxH",
              help="browser viewport for every task, e.g. 1024x768 (default: each task's own)"), ray=True),
    RunOption("--results", dict(default=None, metavar="DIR",
              help="results folder (default results/<timestamp>, with results/latest)")),
    RunOption("--stack", dict(choices=STACK_NAMES, default=None,
              help="which sites to run against (default: STACK from the environment / .env)")),
    RunOption("--image-root", dict(default=None, metavar="DIR",
              help="folder where local task images are looked up first"), ray=True),
    RunOption("--observation", dict(choices=OBSERVATION_MODES, default=None,
              help="observation mode (default: the agent's own)"), ray=True),
    RunOption("--expect-reward", dict(type=int, choices=(0, 1), default=1,
              help="reward each task must get (default 1; 0 proves an agent earns nothing)"), ray=True),
    RunOption("--scoring", dict(choices=MODES, default=DEFAULT_MODE,
              help="official: the verdicts of the public harness (default); strict: the format's stated "
              "semantics where the official code departs from them (docs/scoring.md)"), ray=True),
    RunOption("--strict-tasks", dict(action="store_true", default=False,
              help="any problem in a task file (a malformed task, a difficulty typo) is a collection error")),
    RunOption("--retries", dict(type=int, default=1, metavar="N",
              help="run a task that hit a harness error (site down, browser crash) up to N more times, "
              "with a fresh browser and restarted sites, before recording the error (default 1)")),
    RunOption("--resume", dict(default=None, metavar="DIR",
              help="continue the run in results folder DIR: tasks already scored there (same agent, model "
              "and scoring) are not run again, errors are rerun, new lines are appended to DIR")),
    RunOption("--record-network", dict(action="store_true", default=False,
              help="save each episode's network log (method, URL, status, POST form fields, time; from the "
              "DevTools Network events) as trajectories/<site>_<id>.network.jsonl.gz, for offline "
              "re-scoring: python -m evaluation.rescore DIR"), ray=True),
    RunOption("--frames", dict(choices=("all", "failed"), default="all",
              help="trajectory frames: all (default), or failed: only for tasks whose outcome is not the "
              "expected reward (an error, or a reward other than --expect-reward); the other "
              "trajectories keep their steps' text. The task suite checks of make test use failed")),
    RunOption("--require-complete-observations", dict(action="store_true", default=False,
              help="a task whose episode had an observation with an undecoded image in view fails (the "
              "reference run of make test-tasks uses it: every task must be seen whole)"), ray=True),
    RunOption("--prove", dict(action="store_true", default=False,
              help="with --agent sighted: each task also proves, in the same episode, that the null outcome "
              "(an empty answer on the untouched start page, strict scoring) scores 0 and that every "
              "element the sighted agent finds is the one the reference solution names "
              "(evaluation/running/proof.py; the task pass of make test)")),
    RunOption("--shard", dict(default=None, metavar="I/N",
              help="run only shard I of N (1 <= I <= N): a fixed share of the selected tasks, the same on "
              "every machine; merge the shards' folders with `python -m evaluation.report merge`")),
)
# fmt: on


class OptionGroup(Protocol):
    """Where the options go: pytest's option group (pytest.OptionGroup), or a test's stand-in."""

    def addoption(self, flag: str, /, **attrs: Any) -> None: ...


def add_pytest_options(group: OptionGroup) -> None:
    """Every run option on pytest's command line (the plugin's `pytest_addoption`)."""
    for option in RUN_OPTIONS:
        group.addoption(option.flag, **option.settings)


def ray_flags() -> list[str]:
    return [option.flag for option in RUN_OPTIONS if option.ray] + ["-k"]


def ray_parser() -> argparse.ArgumentParser:
    """The options the Ray backend takes after `--`: the plugin's that make sense without pytest, and `-k` with a
    site name or a test id substring."""
    p = argparse.ArgumentParser(
        prog="python -m evaluation.run --backend ray ... --", add_help=False, exit_on_error=False
    )
    for option in RUN_OPTIONS:
        if option.ray:
            p.add_argument(option.flag, **option.settings)
    p.add_argument("-k", dest="keyword", default=None)
    return p


def parse_viewport(text: str | None) -> tuple[int, int] | None:
    """`--viewport WxH` (2 to 5 digits each, spaces and either x allowed), or None when not given; ValueError
    otherwise."""
    if not text:
        return None
    m = re.fullmatch(r"\s*(\d{2,5})\s*[xX]\s*(\d{2,5})\s*", text)
    if not m:
        raise ValueError(f"--viewport {text!r}: expected WIDTHxHEIGHT, e.g. 1024x768")
    return int(m.group(1)), int(m.group(2))
