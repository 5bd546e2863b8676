"""`make eval`: run the benchmark's task suite with an agent and print where the results are.

    python -m evaluation.run --stack embedded --workers 2 [--agent A] [--model M] [--results DIR]
                             [--resume DIR] [--shard I/N] [--retries N] -- [pytest args]

Runs pytest over the task suite (tasks/*.json, or the `--task-file` given among the pytest args) with
the evaluation plugin's options and `-n WORKERS`; the plugin prints the success table and writes
results.jsonl, report.md and trajectories/ into the results folder, whose path is printed at the end.

Without a model endpoint (OPENAI_BASE_URL / OPENAI_API_KEY unset) and without `--agent`, the
`reference` agent runs, so the whole pipeline can be seen working before any model is configured.
A task that fails is a result, not a failure of the run: the exit code is 0 when pytest ran the tasks
(pytest exit codes 0 and 1, and 5 when a selection matched no task), and pytest's code otherwise
(errors of the harness, usage errors, interruptions).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from agent.agents import AGENT_NAMES, get_agent_spec
from agent.llm import endpoint_configured
from evaluation.reporting.results import default_results_dir, point_latest
from evaluation.reporting.usage import run_usage
from evaluation.running.stacks import STACK_NAMES
from sites.config import PROJECT_ROOT


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m evaluation.run",
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--stack", choices=STACK_NAMES, default=os.environ.get("STACK") or "embedded")
    p.add_argument(
        "--backend",
        choices=("pytest", "ray"),
        default=os.environ.get("BACKEND") or "pytest",
        help="pytest (default: pytest-xdist workers on this machine) or ray (actors on a Ray cluster: "
        "RAY_ADDRESS, or a local cluster for the run when unset; README, 'A run on several machines')",
    )
    p.add_argument(
        "--workers",
        type=int,
        default=2,
        help="pytest-xdist workers (0: run in this process); with --backend ray: actors per node",
    )
    p.add_argument(
        "--agent",
        choices=AGENT_NAMES,
        default=None,
        help=f"{', '.join(AGENT_NAMES)}; agents of other packages register through the entry-point "
        "group vwa_arena.agents (default: som with a model endpoint, else reference)",
    )
    p.add_argument("--model", default=None, help="model name for the prompt agents (default: MODEL from .env)")
    p.add_argument("--results", default=None, help="results folder (default: results/<timestamp>, and results/latest)")
    p.add_argument(
        "--resume",
        default=None,
        metavar="DIR",
        help="continue the run in DIR: tasks already scored there are skipped, errors rerun",
    )
    p.add_argument("--shard", default=None, metavar="I/N", help="run shard I of N of the selected tasks")
    p.add_argument(
        "--retries",
        type=int,
        default=None,
        metavar="N",
        help="attempts after a harness error before it is recorded (default 1)",
    )
    p.add_argument("--tasks", default=str(PROJECT_ROOT / "tasks"), help="folder of the task suite (default: tasks/)")
    p.add_argument(
        "--auto-eval",
        action="store_true",
        help="then judge the run with the WebVoyager-style auto-evaluator (python -m evaluation.autoeval)",
    )
    p.add_argument("pytest_args", nargs=argparse.REMAINDER, help="after --: passed to pytest (e.g. -k classifieds)")
    return p


def _has_task_file_arg(args: list[str]) -> bool:
    return any(a == "--task-file" or a.startswith("--task-file=") for a in args)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    extra = list(args.pytest_args)
    if extra[:1] == ["--"]:
        extra = extra[1:]
    if args.workers < 0:
        print("--workers must be 0 or more", file=sys.stderr)
        return 2

    tasks_dir = Path(args.tasks)
    task_files = sorted(tasks_dir.glob("*.json"))
    if not task_files and not _has_task_file_arg(extra):
        print(f"No task files in {tasks_dir} yet (expected VWA-format *.json files); nothing to run.")
        return 0

    agent = args.agent
    if agent is None:
        if endpoint_configured():
            agent = "som"
        else:
            agent = "reference"
            print(
                "No model endpoint is configured (OPENAI_BASE_URL / OPENAI_API_KEY are unset), so the "
                "`reference` agent runs: it replays each task's reference solution. Set them in .env and "
                "pass AGENT=som (or text, caption, multimodal) to evaluate a model.",
                flush=True,
            )
    elif get_agent_spec(agent).needs_endpoint and not endpoint_configured():
        print(
            f"The {agent!r} agent needs a model endpoint: set OPENAI_BASE_URL and/or OPENAI_API_KEY in .env "
            f"(any OpenAI-compatible server).",
            file=sys.stderr,
        )
        return 2

    if args.resume and args.results and Path(args.resume).resolve() != Path(args.results).resolve():
        print("--resume continues its own folder: drop --results or give the same folder", file=sys.stderr)
        return 2
    if args.resume and not Path(args.resume).is_dir():
        print(f"--resume {args.resume}: no such run folder to continue", file=sys.stderr)
        return 2
    chosen = args.resume or args.results
    results = Path(chosen).resolve() if chosen else default_results_dir(PROJECT_ROOT)
    if args.backend == "ray":
        return _run_ray(args, extra, agent, results, task_files)
    # the plugin and the project's settings apply to task files anywhere (not only under tasks/)
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        "-c",
        str(PROJECT_ROOT / "pyproject.toml"),
        "--rootdir",
        str(PROJECT_ROOT),
        "-p",
        "evaluation.plugin",
    ]
    if not _has_task_file_arg(extra):
        for f in task_files:
            cmd += ["--task-file", str(f)]
    cmd += ["-p", "no:cacheprovider", "--agent", agent, "--stack", args.stack, "-rfE"]
    cmd += ["--resume", str(results)] if args.resume else ["--results", str(results)]
    if args.shard:
        cmd += ["--shard", args.shard]
    if args.retries is not None:
        cmd += ["--retries", str(args.retries)]
    if args.workers > 0:
        cmd += ["-n", str(args.workers)]
    if args.model:
        cmd += ["--model", args.model]
    cmd += extra
    print(f"Running: {' '.join(cmd[1:])}", flush=True)
    try:
        code = subprocess.call(cmd, cwd=PROJECT_ROOT)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130

    if (results / "results.jsonl").is_file():
        if not chosen:
            point_latest(results)
        _after_run(args, results)
    if code in (0, 1):
        return 0
    if code == 5:
        print("No task matched the selection (pytest collected nothing).")
        return 0
    print(f"The run itself failed (pytest exit code {code}); see the output above.", file=sys.stderr)
    return code


def _run_ray(args: argparse.Namespace, extra: list[str], agent: str, results: Path, task_files: list[Path]) -> int:
    import importlib.util

    if importlib.util.find_spec("ray") is None:
        print(
            "--backend ray needs Ray, which is not installed: `make install` installs the lock, which has it "
            "(or `pip install 'vwa-arena[ray]'`)",
            file=sys.stderr,
        )
        return 2
    from evaluation.distributed.launch import main_ray

    code = main_ray(args, extra, agent, results, task_files)
    if (results / "results.jsonl").is_file():
        _after_run(args, results)
    return code


def _after_run(args: argparse.Namespace, results: Path) -> None:
    """Model usage, the auto-evaluation if asked, and where the run folder's files are."""
    usage = run_usage(results)
    (results / "usage.json").write_text(json.dumps(usage, indent=2) + "\n", encoding="utf-8")
    if usage["calls"]:
        cost = "unknown (no price for the model)" if usage["cost_usd"] is None else f"${usage['cost_usd']:.4f}"
        print(
            f"\nModel usage: {usage['calls']} calls, {usage['prompt_tokens']} input and "
            f"{usage['completion_tokens']} output tokens, estimated cost {cost}"
        )
    if args.auto_eval:
        from evaluation.reporting.autoeval import main as autoeval_main

        print("\nAuto-evaluation:", flush=True)
        autoeval_main([str(results)])
    print(f"\nResults: {results / 'results.jsonl'}")
    print(f"Report: {results / 'report.md'}")
    if (results / "report.html").is_file():
        print(f"Report with charts: {results / 'report.html'}")
    trajectories = results / "trajectories"
    if trajectories.is_dir():
        print(f"Trajectories: {trajectories}/ ({len(list(trajectories.glob('*.html')))} HTML files)")


if __name__ == "__main__":
    sys.exit(main())
