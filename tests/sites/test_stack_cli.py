"""The one command line of the container stacks (sites/stack_cli.py), as docker_stack and compose_stack use it."""

from __future__ import annotations

import pytest

from sites import compose_stack, docker_stack
from sites.stack_cli import COMMANDS, run_stack_cli


def _recording(calls: list) -> dict:
    def op(name):
        def run(settings, *rest):
            calls.append((name, rest))
            return 7

        return run

    return {name: op(name) for name in COMMANDS}


def test_each_command_runs_its_operation_and_reset_takes_sites():
    calls: list = []
    ops = _recording(calls)
    assert run_stack_cli("prog", "d", ops, ["status"]) == 7
    run_stack_cli("prog", "d", ops, ["reset", "shopping", "reddit"])
    run_stack_cli("prog", "d", ops, ["reset"])
    assert calls == [("status", ()), ("reset", (["shopping", "reddit"],)), ("reset", (None,))]


def test_an_unknown_command_is_a_usage_error_and_a_missing_operation_is_named(capsys):
    with pytest.raises(SystemExit) as exit_:
        run_stack_cli("prog", "d", _recording([]), ["launch"])
    assert exit_.value.code == 2 and "invalid choice: 'launch'" in capsys.readouterr().err
    with pytest.raises(ValueError, match="no operation for doctor"):
        run_stack_cli("prog", "d", {k: v for k, v in _recording([]).items() if k != "doctor"}, ["up"])


@pytest.mark.parametrize("module", [docker_stack, compose_stack])
def test_both_stacks_answer_help_with_their_own_name(module, capsys):
    with pytest.raises(SystemExit):
        module.main(["--help"])
    assert f"python -m {module.__name__}" in capsys.readouterr().out
