"""The run options are declared once (evaluation/harness/options.py): pytest's command line has every one, the
Ray backend parses those it takes with the same types, choices and defaults, and `--viewport` has one rule."""

from __future__ import annotations

import argparse

import pytest

from evaluation.harness.options import RUN_OPTIONS, add_pytest_options, parse_viewport, ray_flags, ray_parser


def _dest(flag: str) -> str:
    return flag.lstrip("-").replace("-", "_")


def test_pytest_knows_every_run_option_with_its_declared_default(pytestconfig):
    for option in RUN_OPTIONS:
        assert pytestconfig.getoption(_dest(option.flag)) is not None or option.settings.get("default") is None
    added: list[str] = []

    class Group:
        def addoption(self, flag: str, /, **settings: object) -> None:
            added.append(flag)

    add_pytest_options(Group())
    assert added == [option.flag for option in RUN_OPTIONS]


def test_the_ray_backend_parses_its_options_as_declared():
    ray = [option for option in RUN_OPTIONS if option.ray]
    assert ray_flags() == [option.flag for option in ray] + ["-k"]
    defaults = vars(ray_parser().parse_args([]))
    for option in ray:
        assert defaults[_dest(option.flag)] == option.settings.get("default"), option.flag
    opts = ray_parser().parse_args(["--scoring", "strict", "--max-steps", "7", "--task-file", "a.json", "-k", "x"])
    assert (opts.scoring, opts.max_steps, opts.task_file, opts.keyword) == ("strict", 7, ["a.json"], "x")
    with pytest.raises(argparse.ArgumentError):
        ray_parser().parse_args(["--scoring", "lenient"])
    assert ray_parser().parse_known_args(["--prove"])[1] == ["--prove"]  # a pytest-only option is not the Ray's


@pytest.mark.parametrize(
    "text,size", [("1024x768", (1024, 768)), (" 800 X 600 ", (800, 600)), (None, None), ("", None)]
)
def test_a_viewport_is_width_x_height(text, size):
    assert parse_viewport(text) == size


@pytest.mark.parametrize("text", ["1x1", "1024", "1024x", "wide", "1024x768x2", "123456x10"])
def test_a_bad_viewport_names_the_form(text):
    with pytest.raises(ValueError, match="expected WIDTHxHEIGHT"):
        parse_viewport(text)
