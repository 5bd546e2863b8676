"""Playwright's stack capture made quick (evaluation/bgym/quickstack.py) gives Playwright the same call metadata
as its own `inspect.stack()`: the same frames, files, lines and functions, and the same API name."""

from __future__ import annotations

import inspect

import pytest

pytest.importorskip("playwright.sync_api", reason="the browsergym extra is not installed")

from playwright._impl import _connection, _network, _sync_base

from evaluation.bgym import quickstack


class Page:  # a caller whose frames Playwright names by class, as it names its own API objects
    def goto(self, capture):
        return capture()


def _both():
    return Page().goto(lambda: (inspect.stack(), quickstack._stack()))


def test_the_quick_stack_gives_playwright_the_same_call_metadata():
    stock, quick = _both()
    assert [(f.filename, f.lineno, f.function) for f in stock] == [(f.filename, f.lineno, f.function) for f in quick]
    assert [f.frame for f in stock] == [f.frame for f in quick] and len(quick) > 3
    parse = _connection._extract_stack_trace_information_from_stack
    for internal in (False, True):
        assert parse(stock, internal) == parse(quick, internal)
    assert any(frame["function"] == "Page.goto" for frame in parse(quick, False)["frames"])
    assert all(f.code_context is None for f in quick)  # no source line read


def test_quick_stacks_patches_playwrights_three_modules_and_stock_stacks_undoes_it():
    was = quickstack.quick()  # as the process had it (keep_browsers makes them quick): given back after
    try:
        quickstack.quick_stacks()
        assert quickstack.quick() and _sync_base.inspect.stack is quickstack._stack
        assert _network.inspect.FrameInfo is inspect.FrameInfo  # the rest of inspect as it is
        quickstack.stock_stacks()
        assert not quickstack.quick() and _connection.inspect is inspect
    finally:
        (quickstack.quick_stacks if was else quickstack.stock_stacks)()
