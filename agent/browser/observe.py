"""The page reader: the accessibility-tree and Set-of-Marks observations of the focused tab (the collector runs
in an isolated world of the page, which keeps the marked elements for the actions; what their ids point at is
recorded in Targets, targets.py), and the page HTML read on demand.
"""

from __future__ import annotations

import base64
import json
import secrets
import time
from collections.abc import Callable
from typing import Any

import urllib3
from PIL import Image
from selenium.common.exceptions import UnexpectedAlertPresentException, WebDriverException

from agent.accessibility import AX_TREE_COMMAND, SNAPSHOT_COMMAND, ax_tree_from
from agent.browser.devtools import DevToolsPage
from agent.browser.errors import BrowserCrashed, _gone, _ProtocolError, _SocketFailed
from agent.browser.reads import Channel, _Reads
from agent.browser.session import Session
from agent.browser.settle import Page
from agent.browser.tabs import Tabs
from agent.browser.targets import Targets, _MarkStore
from agent.observation import Observation, ObservationMode, Tab
from agent.pending import report_of, settle_error, wait_for_view
from agent.som import (
    COLLECTOR_JS,
    Mark,
    Rect,
    decode_rgb,
    decode_rows,
    draw_marks_on,
    draw_marks_rows,
    encode_png,
    encode_rows,
    mark_rects,
    place_labels,
    som_result,
)

_SCREENSHOT = ("Page.captureScreenshot", {"format": "png", "optimizeForSpeed": True})


# An observation's parts as read: text, marks counted, screenshot, the marked frame's painters, the tabs
_Built = tuple[str, int, bytes, Callable[[], Image.Image] | None, Callable[[], bytes] | None, list[Tab]]


_HTML_JS = "return document.documentElement ? document.documentElement.outerHTML : ''"


def _labels(marks: list[Mark], shape: tuple[int, ...], size: tuple[int, int]) -> list[Rect] | None:
    """The marks' label spots when the frame has the viewport's size (else placed on the frame's own size)."""
    if (shape[1], shape[0]) != size:
        return None
    return place_labels(mark_rects(marks, size), [m.id for m in marks], size)


def _painter(screenshot: bytes, marks: list[Mark], size: tuple[int, int]) -> Callable[[], Image.Image]:
    """The Set-of-Marks frame, drawn when first asked for (Observation.som_image): the marks' boxes and
    numbered labels on the screenshot's pixels."""

    def paint() -> Image.Image:
        rows = decode_rows(screenshot)
        if rows is None:  # not Chromium's fast PNG: Pillow reads it
            image = decode_rgb(screenshot)
            return draw_marks_on(image, marks, _labels(marks, (image.height, image.width), size))
        return Image.fromarray(draw_marks_rows(rows, marks, _labels(marks, rows.shape, size)), "RGB")

    return paint


def _png_painter(
    screenshot: bytes, marks: list[Mark], size: tuple[int, int], timings: dict[str, Any]
) -> Callable[[], bytes]:
    """The Set-of-Marks frame as PNG, when it is first asked for before the image (Observation.som_screenshot):
    drawn on the decoded rows and encoded from them, with no Pillow image in between (the same pixels)."""

    def paint() -> bytes:
        start = time.perf_counter()
        rows = decode_rows(screenshot)
        if rows is None:
            image = _painter(screenshot, marks, size)()
            timings["som_draw"] = time.perf_counter() - start
            start = time.perf_counter()
            png = encode_png(image)
        else:
            draw_marks_rows(rows, marks, _labels(marks, rows.shape, size))
            timings["som_draw"] = time.perf_counter() - start
            start = time.perf_counter()
            png = encode_rows(rows)
        timings["som_encode"] = time.perf_counter() - start
        return png

    return paint


class Reader:
    """Observations of the focused tab and the marks they number."""

    def __init__(
        self,
        session: Session,
        tabs: Tabs,
        channel: Channel,
        page: Page,
        targets: Targets,
        mode: ObservationMode,
        current_viewport_only: bool,
    ):
        self._session = session
        self._tabs = tabs
        self._channel = channel
        self._page = page
        self.mode: ObservationMode = mode
        self.current_viewport_only = current_viewport_only
        self._targets = targets
        self._worlds: dict[str, tuple[int, str]] = {}  # tab -> (isolated world context id, its token)
        tabs.on_forget(self._keep_only)

    def _keep_only(self, handles: set[str]) -> None:
        self._worlds = {h: v for h, v in self._worlds.items() if h in handles}

    def observe(self) -> Observation:
        try:
            return self._observe()
        except BrowserCrashed:
            raise
        except WebDriverException as exc:
            self._session.check_alive(exc)
            raise
        except (urllib3.exceptions.HTTPError, ConnectionError) as exc:
            raise BrowserCrashed(f"the browser session died: ChromeDriver does not answer ({exc})") from exc

    def _observe(self) -> Observation:
        just_settled = self._page.just_settled  # by the open or step right before (BrowserEnv.step)
        timings: dict[str, float] = {}
        t = time.perf_counter()
        just_observed = self._page.just_observed  # the observation right before, no action since
        self._page.advance()
        if just_settled or (just_observed and self._page.still()):
            settle_problem = None
        else:
            settle_problem = self._page.settle()
        timings["settle"] = time.perf_counter() - t
        t = time.perf_counter()
        view, view_problem = self._wait_for_view(timings["settle"])
        timings["view"] = time.perf_counter() - t
        use_socket = True
        for attempt in range(4):
            socket = self._channel.socket() if use_socket else None
            try:
                if self.mode == "som":
                    built = self._observe_som(socket, timings, settled=settle_problem is None and attempt < 2)
                else:
                    built = self._observe_ax(socket, timings)
            except _SocketFailed:  # the socket failed or stopped answering: again through ChromeDriver
                self._channel.drop_socket()
                use_socket = False
                continue
            except UnexpectedAlertPresentException as exc:  # a dialog opened (accepted by ChromeDriver)
                self._session.note_dialog(exc.alert_text or "")
                settle_problem = self._page.settle()
                continue
            if built is None:  # the document changed between the settle and the reads: settle again
                settle_problem = self._page.settle()
                continue
            text, n, screenshot, painter, png_painter, tabs = built
            break
        else:
            raise RuntimeError("the page kept changing while it was observed")
        if settle_problem is None and view_problem is None:
            self._page.observed_now()
        url = self._page.observed_url()
        generation, handle = self._page.generation, self._tabs.focused_handle
        dialogs = self._session.take_dialogs()
        meta = {
            "timings": timings,
            "n_elements": n,
            "viewport": list(self._tabs.viewport),
            "dialogs": dialogs,
            "settle_error": settle_problem or view_problem,
            "pending": view,
        }
        last_som = self._targets.last_som
        if self.mode == "som" and last_som is not None:  # the element list with boxes, as seen
            meta["marks"] = list(last_som.marks)
        return Observation(
            url=url,
            tabs=tabs,
            focused_tab=self._tabs.focused,
            mode=self.mode,
            text=text,
            screenshot=screenshot,
            meta=meta,
            som_painter=painter,
            som_encoder=encode_png,
            som_png_painter=png_painter,
            html_reader=lambda: self._read_html(generation, handle),
        )

    def _wait_for_view(self, spent: float) -> tuple[dict[str, Any], str | None]:
        """Wait, within what is left of the settle budget, until the images in view are decoded, the fonts
        loaded and the layout still (agent.pending); the report for meta["pending"], and why not if not."""
        budget = max(0.5, self._session.settle_timeout - spent - 0.5)
        problem = "unknown"
        for _ in range(2):  # a navigation that replaced the document meanwhile: once more on the new one
            try:
                report = wait_for_view(self._channel.page_call, budget)
                return report, settle_error(report, budget)
            except _ProtocolError as exc:
                problem = str(exc)
                if not _gone(problem):
                    break
                self._page.settle()
        report = report_of(None, f"the view check could not run: {problem.splitlines()[0][:200]}")
        return report, None

    def _read_html(self, generation: int, handle: str) -> str:
        if self._session.closed or generation != self._page.generation or handle != self._tabs.focused_handle:
            raise RuntimeError(
                "the HTML of an observation must be read before the environment's next "
                "action or observation (the page may have changed since)"
            )
        html: str = self._session.driver.execute_script(_HTML_JS)
        return html

    def _commands(self) -> dict[str, tuple[str, dict[str, Any]]]:
        commands = {"shot": _SCREENSHOT}
        if len(self._tabs.handles) > 1:
            commands["targets"] = ("Target.getTargets", {})
        return commands

    def _screenshot_of(self, reads: _Reads) -> bytes:
        """The focused tab's viewport as PNG, through DevTools with Chrome's fast PNG encoding (the same
        pixels as WebDriver's screenshot, a somewhat larger file, in about a third of the time)."""
        try:
            return base64.b64decode(reads.get("shot")["data"])
        except _ProtocolError:
            return self._session.driver.get_screenshot_as_png()

    def _observe_ax(self, socket: DevToolsPage | None, timings: dict[str, float]) -> _Built:
        t = time.perf_counter()
        commands = {"ax": AX_TREE_COMMAND, **self._commands()}
        if self.current_viewport_only:
            commands["snapshot"] = SNAPSHOT_COMMAND
        reads = _Reads(self._channel, socket, commands)
        nodes = reads.get("ax")["nodes"]
        snapshot = reads.get("snapshot") if self.current_viewport_only else None
        tree = ax_tree_from(nodes, snapshot, self._tabs.viewport, self.current_viewport_only)
        self._targets.record_ax(tree)
        timings["text"] = time.perf_counter() - t
        t = time.perf_counter()
        screenshot = self._screenshot_of(reads)  # taken while the tree was being built
        timings["screenshot"] = time.perf_counter() - t
        return (
            tree.text,
            len(tree.entries),
            screenshot,
            None,
            None,
            self._tabs.tabs_of(lambda: reads.get("targets"), self._page.observed_url(), self._page.title),
        )

    def _observe_som(self, socket: DevToolsPage | None, timings: dict[str, float], settled: bool) -> _Built | None:
        t = time.perf_counter()
        handle, token = self._tabs.focused_handle, secrets.token_hex(8)
        world, fresh = self._worlds.get(handle), False
        if world is None:
            world, fresh = self._new_world(socket), True
        reads = _Reads(
            self._channel, socket, {"collect": self._collect_command(world, token, fresh), **self._commands()}
        )
        answer = self._answer(reads, "collect")
        if answer is None or not answer.get("world"):  # a new document: a new isolated world for it
            world = self._new_world(socket)
            reads.add("collect", *self._collect_command(world, token, fresh=True))
            answer = self._answer(reads, "collect")
            if answer is None or not answer.get("world"):
                raise RuntimeError(f"the Set-of-Marks collector did not run in its own world: {answer}")
        if answer["ready"] != "complete" and settled:
            reads.abandon()
            return None
        som = som_result(answer["marks"], answer["lines"])
        self._targets.record_som(som, _MarkStore(handle, world[0], token))
        self._page.note_location(answer["url"], answer["title"])
        timings["text"] = time.perf_counter() - t
        t = time.perf_counter()
        screenshot = self._screenshot_of(reads)  # taken while the marks were being numbered
        tabs = self._tabs.tabs_of(lambda: reads.get("targets"), self._page.observed_url(), self._page.title)
        timings["screenshot"] = time.perf_counter() - t
        marks, size = list(som.marks), self._tabs.viewport
        return (
            som.text,
            len(som.marks),
            screenshot,
            _painter(screenshot, marks, size),
            _png_painter(screenshot, marks, size, timings),
            tabs,
        )

    def _collect_command(self, world: tuple[int, str], token: str, fresh: bool) -> tuple[str, dict[str, Any]]:
        """The collector's evaluation in `world`; in a world just created, it first marks the world as ours."""
        context_id, world_token = world
        expression = f"({COLLECTOR_JS})({json.dumps(world_token)}, {json.dumps(token)})"
        if fresh:
            expression = f"globalThis.__vwaWorld = {json.dumps(world_token)};\n{expression}"
        return "Runtime.evaluate", {
            "expression": expression,
            "contextId": context_id,
            "returnByValue": True,
            "silent": True,
            "timeout": int(self._session.settle_timeout * 1000),
        }

    def _answer(self, reads: _Reads, key: str) -> Any:
        """The value a script returned; None when its world is gone (a navigation)."""
        try:
            result = reads.get(key)
        except _ProtocolError as exc:
            if _gone(str(exc)):
                return None
            raise
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise RuntimeError(
                "a page script failed: "
                + str(details.get("exception", {}).get("description") or details.get("text"))[:500]
            )
        return result.get("result", {}).get("value")

    def _new_world(self, socket: DevToolsPage | None) -> tuple[int, str]:
        """An isolated world (own globals, same DOM) in the focused tab's document, with a token of its own
        (set by the first collection in it), so that a context id reused after a navigation is never taken
        for it."""
        handle = self._tabs.focused_handle

        def create(frame_id: str) -> dict[str, Any]:
            return _Reads(
                self._channel,
                socket,
                {"world": ("Page.createIsolatedWorld", {"frameId": frame_id, "worldName": "vwa-observer"})},
            ).get("world")

        try:  # the main frame of a tab has the tab's id
            created = create(handle)
        except _ProtocolError:
            frame = _Reads(self._channel, socket, {"tree": ("Page.getFrameTree", {})}).get("tree")["frameTree"][
                "frame"
            ]["id"]
            created = create(frame)
        world = (created["executionContextId"], secrets.token_hex(8))
        self._worlds[handle] = world
        return world
