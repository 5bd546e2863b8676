"""One task of the suites run as a BrowserGym task: what `browsergym.vwa_arena`'s task class does, kept apart
from BrowserGym so that the package stays a thin shim.

    session = TaskSession("classifieds", 0)             # the task, its viewport
    goal, info = session.setup(page)                    # sites reset, logged in, start pages open
    reward, done, message, info = session.validate(page, chat_messages)
    session.teardown()

Setup follows the pytest path (evaluation/running/runtime.py): the process's embedded sites are started once and
reused (a stack of its own per process, as each pytest worker has), the task's sites are reset, the agent's
context is held to the task's origins, each site's session is bought with the reset token and put into the
context as cookies, and the start URLs are opened one tab each, the first focused. The goal is given as
BrowserGym's VisualWebArena tasks give it: the intent, then for each input image a line naming its local file and
its reference, and the image as a data URI.

The agent's reach: every request of the context to another origin is aborted (Playwright's context.route), and
a tab found on an address the route does not see (file:, chrome:, data:, ...) is sent to about:blank when the
task is validated, after every action; the refused addresses are in the validation's info.

Validation scores once the agent has answered (its message to the user, or `report_infeasible`: "N/A"), with
this project's evaluators reading the pages through a Playwright `Driver` (driver.py), in the scoring mode asked
for (official or strict): the reward, and in the info each check with its reason, as the pytest path records
them. A harness failure (a site down, a browser failure while scoring) raises, never a silent 0.

May import: agent.browser.sandbox, evaluation.*, sites (through the stack).
"""

from __future__ import annotations

import atexit
import base64
import io
import os
import re
import tempfile
import weakref
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Page, Route
from playwright.sync_api import Error as PlaywrightError

from agent.browser.sandbox import allowed_origins, may_load
from evaluation.rewards.evaluators import EvalContext, evaluate_task
from evaluation.rewards.images import load_input_images
from evaluation.rewards.judges import judge_from_env
from evaluation.running.login import recipes, session_cookies
from evaluation.running.proof import score_start_as_null
from evaluation.running.runtime import _LazyVQA, sites_of, task_origins
from evaluation.running.stacks import Stack, make_stack, stack_name
from evaluation.scoring.matching import MODES
from evaluation.taskfiles.loader import Task
from evaluation.vocabulary.outcome import Reward

from . import suites
from .bounded import evaluate
from .driver import PlaywrightDriver
from .keptcontext import drop_history, note_origins

SETUP_TIMEOUT_MS = 60_000
# BrowserGym's active-page callback (exposed by its environment in every page of the context), when there is one
_REPORT_ACTIVE = "() => { if (window.browsergym_page_activated) window.browsergym_page_activated(); return true; }"
# Each document notes when it starts leaving for another one (the Navigation API's navigate event, which a link's
# click, a form's submission or a script's location change fires before the request goes out; not a move within
# the document, nor a download); the new document has no such note. Validation waits until no page has one
# (TaskSession._settle).
_NOTE_LEAVING = """
if (window.navigation) {
  navigation.addEventListener('navigate', (e) => {
    if (!e.destination.sameDocument && !e.downloadRequest) window.__vwaArenaLeaving = true;
  });
  navigation.addEventListener('navigateerror', () => { window.__vwaArenaLeaving = false; });
}
"""
_SETTLED = "() => !window.__vwaArenaLeaving"
SETTLE_TIMEOUT_MS = 10_000.0  # a navigation that commits no new document (a download, a 204) is waited for this long
_LEAVING_NOTED: weakref.WeakSet[BrowserContext] = weakref.WeakSet()  # the contexts _NOTE_LEAVING was added to
_STACK: Stack | None = None
_JUDGE: Any = None
_VQA: _LazyVQA | None = None


class SetupError(RuntimeError):
    """The task could not be set up (a site down, a login refused): a harness error, not the agent's."""


def shared_stack() -> Stack:
    """This process's sites (STACK from the environment, default embedded), started on first use and stopped
    when the process ends."""
    global _STACK
    if _STACK is None:
        _STACK = make_stack(stack_name(os.environ.get("STACK") or "embedded"), worker="bgym")
        atexit.register(_STACK.close)
    return _STACK


def _judges() -> tuple[Any, _LazyVQA]:
    global _JUDGE, _VQA
    if _VQA is None:
        _JUDGE, _VQA = judge_from_env(), _LazyVQA()
    return _JUDGE, _VQA


def _png(image: Any) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def _activate(page: Page) -> None:
    """Make `page` the agent's active tab, in the browser and in BrowserGym's bookkeeping.

    BrowserGym has no notion of the active tab from Playwright: a script it adds to every page reports the page
    on its load, focus and input events, and the last page reported is the one it observes and acts on. When the
    start pages are opened one after the other, the last to load reports last, so BrowserGym would take the second
    tab for the active one while the browser shows the first (`bring_to_front` fires no event in a headless
    browser). Its screenshot (CDP's Page.captureScreenshot) then waits for a frame from a tab in the background,
    which draws none: minutes, or for ever (multisite 1033 and 1034, issue 39). Here the first start page is
    brought to the front and reports itself (BrowserGym's own callback, awaited, so that it is the last report
    BrowserGym has read when the setup returns)."""
    page.bring_to_front()
    evaluate(page, _REPORT_ACTIVE, None, SETUP_TIMEOUT_MS)
    page.context.cookies()  # a round trip: the callback's message is read before setup returns


def _answer(chat_messages: list[dict[str, Any]]) -> str | None:
    """The agent's answer: its last message to the user (BrowserGym's `send_msg_to_user`), "N/A" after
    `report_infeasible`; None while it has given neither."""
    if chat_messages:
        last = chat_messages[-1]
        if last.get("role") == "assistant":
            return str(last.get("message", ""))
        if last.get("role") == "infeasible":
            return "N/A"
    return None


class TaskSession:
    def __init__(self, suite: str, task_id: int, scoring: str | None = None, image_root: Path | None = None):
        self.suite, self.task_id = suite, task_id
        self.task: Task = suites.load(suite, task_id)
        self.scoring = scoring or os.environ.get("VWA_SCORING") or "official"
        if self.scoring not in MODES:
            raise ValueError(f"scoring {self.scoring!r}: expected one of {', '.join(MODES)}")
        self.image_root = image_root
        self.viewport = {"width": self.task.viewport[0], "height": self.task.viewport[1]}
        self.resolved: Task | None = None
        self.allowed: frozenset[tuple[str, str, int]] = frozenset()
        self.refused: list[str] = []
        self._image_dir: tempfile.TemporaryDirectory[str] | None = None

    # ---- setup --------------------------------------------------------------------------------------
    def setup(self, page: Page) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        stack = shared_stack()
        needed = sites_of(self.task)
        try:
            # every site the stack serves, on first use: a stack starts its sites once, and the next task of the
            # process may need another site (about a second more on the first task)
            served = stack.served()
            stack.start(needed | (served if served is not None else set()))
            restarted = stack.heal(sorted(needed))
        except Exception as exc:
            raise SetupError(f"the sites of {self.suite}/{self.task_id} did not start: {exc}") from exc
        urls = dict(stack.urls)
        resolved = self.resolved = self.task.resolve(urls)
        images = load_input_images(resolved, self.image_root)  # a missing input image is the task's error
        if stack.must_reset(resolved.require_reset):
            stack.reset(sorted(resolved.sites))
        context = page.context
        self._confine(context, task_origins(resolved, urls))
        if context not in _LEAVING_NOTED:  # once per context: a kept one (keptcontext.py) has it from before
            context.add_init_script(_NOTE_LEAVING)
            _LEAVING_NOTED.add(context)
        if resolved.require_login:
            self._login(context, list(resolved.sites), urls, stack.session_token())
        if resolved.geolocation:
            context.set_geolocation(resolved.geolocation)
        pages = [page]
        for i, url in enumerate(resolved.start_urls):
            if i > 0:
                pages.append(context.new_page())
            # the harness's own navigation: the Selenium path's page-load allowance, not the agent's 10 s
            pages[-1].goto(url, wait_until="load", timeout=SETUP_TIMEOUT_MS)
        drop_history(page)  # a kept tab (keptcontext.py): no way back to the last episode's pages
        if len(pages) > 1:
            _activate(pages[0])
        goal = self._goal(resolved, images)
        return goal, {
            "suite": self.suite,
            "task_id": self.task_id,
            "site_urls": urls,
            "restarted_sites": restarted or None,
            "scoring": self.scoring,
        }

    def _confine(self, context: BrowserContext, origins: list[str]) -> None:
        """Abort every request of the context outside the task's origins, and note it. The route's pattern leaves
        out the requests to an allowed origin (Playwright matches it in its driver, so they never wait for
        Python: ~0.15 s of CPU per page load); the gate checks the rest."""
        self.allowed = allowed_origins(origins)
        note_origins(context, self.allowed)  # their storage is cleared when a kept context is emptied
        self.refused = []
        prefixes = sorted(
            re.escape(f"{scheme}://{f'[{host}]' if ':' in host else host}:{port}")
            for scheme, host, port in self.allowed
        )
        others = re.compile(f"^(?!(?:{'|'.join(prefixes)})(?:[/?#]|$))")

        def gate(route: Route) -> None:
            url = route.request.url
            if may_load(url, self.allowed) or url.startswith("data:"):
                route.continue_()
            else:
                self.refused.append(url)
                route.abort("blockedbyclient")

        context.route(others, gate)

    def _login(self, context: BrowserContext, sites: list[str], urls: dict[str, str], token: str | None) -> None:
        known = recipes()
        for site in sites:
            if site not in known:
                continue
            if not token:
                raise SetupError(
                    f"logging in to {site}: the {shared_stack().name} stack has no session token "
                    "(the BrowserGym path runs on the embedded stack)"
                )
            base = urls[site]
            host = urlsplit(base).hostname or ""
            cookies: list[Any] = []
            for c in session_cookies(site, base, known[site], token):
                cookie = {
                    "name": c["name"],
                    "value": c["value"],
                    "domain": host,
                    "path": c.get("path", "/"),
                    "httpOnly": bool(c.get("httpOnly")),
                    "secure": bool(c.get("secure")),
                }
                if c.get("sameSite") in ("Strict", "Lax", "None"):
                    cookie["sameSite"] = c["sameSite"]
                cookies.append(cookie)
            context.add_cookies(cookies)

    def _goal(self, resolved: Task, images: list[Any]) -> list[dict[str, Any]]:
        goal: list[dict[str, Any]] = [{"type": "text", "text": resolved.intent}]
        if images:
            self._image_dir = tempfile.TemporaryDirectory(prefix="vwa-arena-goal-")
        for i, (ref, image) in enumerate(zip(resolved.images, images, strict=False), start=1):
            assert self._image_dir is not None
            path = Path(self._image_dir.name) / f"input_image_{i}.png"
            png = _png(image)  # encoded once, for the file and the data URI
            path.write_bytes(png)
            goal.append(
                {
                    "type": "text",
                    "text": f"Input image {i}/{len(images)} below (local path: {str(path)!r}, url: {ref.value!r})",
                }
            )
            goal.append(
                {"type": "image_url", "image_url": {"url": "data:image/png;base64," + base64.b64encode(png).decode()}}
            )
        return goal

    # ---- validation ---------------------------------------------------------------------------------
    def _police_tabs(self, context: BrowserContext) -> None:
        for tab in context.pages:
            if not may_load(tab.url, self.allowed):
                self.refused.append(tab.url)
                tab.goto("about:blank", timeout=SETUP_TIMEOUT_MS)

    def _settle(self, context: BrowserContext) -> None:
        """Wait until no tab is leaving its document: an action's navigation may still be on its way when BrowserGym
        validates and observes (a click's wait for it ends with the action's 500 ms), and BrowserGym's wait for the
        pages' DOM and its observation would read the page being left, or fail when its document goes away."""
        for tab in context.pages:
            try:
                tab.wait_for_function(_SETTLED, timeout=SETTLE_TIMEOUT_MS, polling=100)
                tab.wait_for_load_state("domcontentloaded", timeout=SETTLE_TIMEOUT_MS)
            except PlaywrightError:  # no new document came (a download, a 204, a refused address): as it is
                pass

    def validate(self, page: Page, chat_messages: list[dict[str, Any]]) -> tuple[float, bool, str, dict[str, Any]]:
        if self.resolved is None:
            raise RuntimeError("validate() before setup()")
        self._settle(page.context)
        self._police_tabs(page.context)
        if len(page.context.pages) > 1:
            page.bring_to_front()  # the page BrowserGym observes next is the one drawn (see _activate)
        refused, self.refused = self.refused, []
        info: dict[str, Any] = {"refused": refused} if refused else {}
        answer = _answer(chat_messages)
        if answer is None:
            return 0.0, False, "", info
        driver = PlaywrightDriver(page.context, page)
        try:
            reward = evaluate_task(self.resolved, self._context(answer, page, driver))
        finally:
            driver.quit()
        info.update(
            scoring=self.scoring,
            answer=answer,
            final_url=page.url,
            checks=[c.to_dict() for c in reward.checks],
            explanation=reward.explain(),
        )
        return float(reward.score), True, "", info

    def null_outcome(self, page: Page) -> Reward:
        """The null agent's outcome on the pages as they are (the pytest path's null proof: an empty answer, the
        current URL, strict scoring, up to the first failed check). When `scripts_on_last_page(task)`, the
        scoring ran a script on the agent's page: set the task up again before an episode."""
        if self.resolved is None:
            raise RuntimeError("null_outcome() before setup()")
        driver = PlaywrightDriver(page.context, page)
        try:
            return score_start_as_null(self.resolved, self._context("", page, driver))
        finally:
            driver.quit()

    def _context(self, answer: str, page: Page, driver: PlaywrightDriver) -> EvalContext:
        judge, vqa = _judges()
        stack = shared_stack()
        urls = dict(stack.urls)

        def shopping_api() -> Any:
            from evaluation.scoring.site_api import get_shopping_api

            return get_shopping_api(stack.name, urls)

        return EvalContext(
            answer=answer,
            final_url=page.url,
            driver=driver,
            judge=judge,
            vqa=vqa,
            shopping_api=shopping_api,
            image_root=self.image_root,
            scoring=self.scoring,
        )

    def teardown(self) -> None:
        if self._image_dir is not None:
            self._image_dir.cleanup()
            self._image_dir = None
