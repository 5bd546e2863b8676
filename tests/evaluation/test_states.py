"""The typed states (Literal types) hold exactly the values the result lines are checked against
(evaluation/reporting/result.schema.json), so a typed value is always a valid one and the written JSON keeps its
strings; and each state has one declaration the rest of the project reads."""

from __future__ import annotations

import json
from pathlib import Path
from typing import get_args

import pytest

from agent.agents import OBSERVATION_MODES as AGENT_OBSERVATION_MODES
from agent.episode import STOP_REASONS, StopReason
from agent.observation import OBSERVATION_MODES, ObservationMode
from evaluation.reporting.results import PHASES, RECORD_STATUSES, SCHEMA_FILE
from evaluation.running.stacks import STACK_NAMES, STACKS, StackName, stack_name
from evaluation.scoring.matching import MODES, ScoringMode, check_mode
from evaluation.vocabulary.outcome import Phase, ResultStatus
from tests.commands import run_module

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))["properties"]


def test_result_status_phase_scoring_and_stack_are_the_schemas_values():
    assert list(get_args(ResultStatus)) == SCHEMA["status"]["enum"] == list(RECORD_STATUSES)
    assert [*list(get_args(Phase)), None] == SCHEMA["phase"]["enum"] and PHASES == get_args(Phase)
    assert list(get_args(ScoringMode)) == SCHEMA["scoring"]["enum"] == list(MODES)
    assert list(get_args(StackName)) == SCHEMA["stack"]["enum"] == list(STACK_NAMES) == list(STACKS)


def test_observation_mode_and_stop_reason_have_one_declaration():
    assert OBSERVATION_MODES == get_args(ObservationMode) == AGENT_OBSERVATION_MODES == ("accessibility_tree", "som")
    assert STOP_REASONS == get_args(StopReason) == ("stop", "max_steps", "invalid_actions", "repeated_action", "error")


def test_a_stack_or_scoring_mode_from_outside_is_checked_by_name():
    assert stack_name("docker") == "docker" and check_mode("strict") == "strict"
    with pytest.raises(ValueError, match="unknown stack 'kubernetes'; expected one of embedded, docker"):
        stack_name("kubernetes")
    with pytest.raises(ValueError, match="unknown scoring mode 'lenient'; known: official, strict"):
        check_mode("lenient")


def test_the_pytest_plugin_offers_the_typed_values():
    """`--stack`, `--observation` and `--scoring` take the Literal's values (argparse choices): their help
    lists them."""
    out = run_module("pytest", "--help", "-p", "no:cacheprovider", timeout=120).stdout
    assert "{embedded,docker,compose}" in out and "{accessibility_tree,som}" in out and "{official,strict}" in out
