"""Playwright's Python client without its costly stack capture: the fix Playwright made upstream, for the 1.44
BrowserGym pins.

At every call of the sync API, Playwright 1.44 notes its caller's stack (`inspect.stack()`, in `_sync_base`,
`_connection` and `_network`) for the call's metadata: the API name and the caller's file, line and function,
which its driver shows in traces and error messages. `inspect.stack()` also reads each frame's source line from
its file and looks up each frame's module, of which Playwright uses nothing: under pytest (a stack of 60-80 frames)
4-5 ms of CPU per call, some 800 calls in an episode of BrowserGym's whole observation. Playwright's own fix
(microsoft/playwright-python#2835 and #3147, in releases after 1.44) walks the frames instead; `quick_stacks()`
does the same here by giving those three modules an `inspect` whose `stack()` returns the same frames, each with
the file, line and function Playwright reads, and no source line. `stock_stacks()` gives them `inspect` back.

    quick_stacks()        # before the process's Playwright calls (evaluation/bgym/reuse.py, keep_browsers)
    stock_stacks()

May import: playwright's internals named above.
"""

from __future__ import annotations

import inspect
import sys
from types import ModuleType
from typing import Any

from playwright._impl import _connection, _network, _sync_base

_PATCHED: tuple[ModuleType, ...] = (_connection, _network, _sync_base)


def _stack(context: int = 1) -> list[inspect.FrameInfo]:
    """`inspect.stack(context)` as Playwright reads it: the caller's frame and those above it, each with its
    frame, file name, line and function, without the source lines (`context` is not read)."""
    frames: list[inspect.FrameInfo] = []
    frame = sys._getframe(1)
    while frame is not None:
        code = frame.f_code
        frames.append(inspect.FrameInfo(frame, code.co_filename, frame.f_lineno, code.co_name, None, None))
        frame = frame.f_back  # type: ignore[assignment]  # None above the outermost frame
    return frames


class _QuickInspect:
    """The `inspect` module, but for `stack()`."""

    stack = staticmethod(_stack)

    def __getattr__(self, name: str) -> Any:
        return getattr(inspect, name)


QUICK = _QuickInspect()


def _give(replacement: Any) -> None:
    for module in _PATCHED:
        vars(module)["inspect"] = replacement  # the name each module looks `inspect` up by, at every call


def quick_stacks() -> None:
    _give(QUICK)


def stock_stacks() -> None:
    _give(inspect)


def quick() -> bool:
    """Whether this process's Playwright captures its stacks the quick way."""
    return all(module.inspect is QUICK for module in _PATCHED)
