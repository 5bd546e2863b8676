"""One Chromium per process for every BrowserGym episode, instead of two new ones per episode, and one chat page.

BrowserGym's environment launches a Chromium at each `reset()` (and its chat window a second one), through the
process's global Playwright (`browsergym.core._get_global_playwright()`), and closes both when the episode ends:
about a second of every episode on a quiet machine, several on a loaded one. `keep_browsers()` sets that global
(with BrowserGym's own `_set_global_playwright`) to a Playwright whose `chromium.launch(**options)` hands out one
browser per distinct set of launch options, launched on first use; the environment's `browser.close()` then
closes only the contexts it made through it. The episode's browser context and first tab are kept too, and emptied
between episodes (no cookie, storage, route, tab or history of an earlier episode: keptcontext.py), with the options
BrowserGym asked for; `keep_browsers(contexts=False)` gives each episode a new context, as BrowserGym makes it.
`release()` closes the kept browsers and restores the plain Playwright.

The chat window (BrowserGym's `Chat`, which shows the goal and the agent's messages and holds them in Python) is a
context of its own with one page, made anew at every reset: a renderer process started and a chat page laid out
for each episode. `keep_browsers()` also puts `KeptChat` in its place for BrowserGym's environment: one chat page
per process (per window size), reused across episodes. Each episode's chat starts empty as before: its messages
are a new list, the page gets BrowserGym's chat document again (`set_content`, which drops the earlier messages
and the page's script state), and the page's callback for a user's message reaches the episode's chat. Recording a
video asks for a context of its own: such a chat is made as BrowserGym makes it.

    keep_browsers()                              # before the first gym.make(...).reset()
    ... episodes ...
    release()

`keep_browsers()` also makes Playwright's calls skip reading source lines for their stack metadata
(quickstack.py, Playwright's own later fix); `release()` undoes it.

Used by the tests (tests/bgym) and available to a study's worker; BrowserGym itself is unchanged.

May import: browsergym.core, playwright, evaluation.bgym.keptcontext, evaluation.bgym.quickstack.
"""

from __future__ import annotations

import json
from typing import Any

import browsergym.core as bgym_core
import browsergym.core.env as bgym_env
from browsergym.core.chat import CHATBOX_DIR, Chat, get_chatbox_classic, get_chatbox_modern
from playwright.sync_api import Browser, BrowserContext, Error, Page

from .keptcontext import KeptContext
from .quickstack import quick_stacks, stock_stacks


class _KeptBrowser:
    """What `chromium.launch()` returns: the kept browser, whose close() closes (or, kept ones, empties) only this
    launch's contexts."""

    def __init__(self, browser: Browser, kept: dict[str, KeptContext] | None) -> None:
        self.real = browser
        self._kept = kept  # this browser's kept contexts by their options (None: a new context each time)
        self._contexts: list[BrowserContext | KeptContext] = []

    def new_context(self, **options: Any) -> BrowserContext | KeptContext:
        """The kept context of these options when no episode holds it (keptcontext.py), else a new one."""
        if self._kept is not None and options.get("record_video_dir") is None:
            key = json.dumps(options, sort_keys=True, default=repr)
            kept = self._kept.get(key)
            if kept is None or not kept.usable():
                kept = self._kept[key] = KeptContext(self.real.new_context(**options))
            if not kept.in_use:
                self._contexts.append(kept)
                return kept.take()
        context = self.real.new_context(**options)
        self._contexts.append(context)
        return context

    def close(self) -> None:
        contexts, self._contexts = self._contexts, []
        for context in contexts:
            try:
                context.close()
            except Error:  # already closed (BrowserGym closes its context before its browser)
                pass

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


class _KeptChromium:
    def __init__(self, chromium: Any) -> None:
        self._chromium = chromium
        self.browsers: dict[str, Browser] = {}
        self.contexts: dict[str, dict[str, KeptContext]] = {}  # by the browser's key, then the context's options
        self.keep_contexts = True

    def launch(self, **options: Any) -> _KeptBrowser:
        key = json.dumps(options, sort_keys=True, default=repr)
        browser = self.browsers.get(key)
        if browser is None or not browser.is_connected():
            browser = self.browsers[key] = self._chromium.launch(**options)
            self.contexts[key] = {}
        return _KeptBrowser(browser, self.contexts[key] if self.keep_contexts else None)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._chromium, name)


class KeptPlaywright:
    """A Playwright whose Chromium launches are kept (see the module's note); everything else is the real one."""

    def __init__(self, playwright: Any) -> None:
        self.real = playwright
        self.chromium = _KeptChromium(playwright.chromium)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


class _ChatPage:
    """The kept chat page of one window size, and the chat its user-message callback reaches."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.chat: KeptChat | None = None
        page.expose_function("send_user_message", self._user_message)

    def _user_message(self, msg: str) -> list[str]:
        if self.chat is None:
            raise RuntimeError("a user message in the chat window between two episodes")
        return list(self.chat._js_user_message_received_callback(msg=msg))


_CHAT_PAGES: dict[tuple[bool, tuple[int, int]], _ChatPage] = {}


class KeptChat(Chat):  # type: ignore[misc]  # BrowserGym ships no types: its Chat is Any to mypy
    """BrowserGym's chat, on this process's kept chat page (see the module's note)."""

    def __init__(
        self,
        headless: bool,
        chat_size: tuple[int, int] = (500, 800),
        record_video_dir: str | None = None,
        modern: bool = True,
    ) -> None:
        self.kept = record_video_dir is None
        if not self.kept:
            super().__init__(headless, chat_size, record_video_dir, modern)
            return
        self.messages: list[dict[str, Any]] = []
        self.recording_start_time = None
        key = (headless, (int(chat_size[0]), int(chat_size[1])))
        held = _CHAT_PAGES.get(key)
        if held is None or held.page.is_closed():
            browser = bgym_core._get_global_playwright().chromium.launch(
                headless=headless, args=[f"--window-size={chat_size[0]},{chat_size[1]}"]
            )
            real = getattr(browser, "real", browser)  # the kept browser itself, not one launch's view of it
            held = _CHAT_PAGES[key] = _ChatPage(real.new_context(no_viewport=True).new_page())
        held.chat = self
        self._held = held
        self.page = held.page
        self.context = held.page.context
        self.browser = held.page.context.browser
        self.page.set_content(get_chatbox_modern(CHATBOX_DIR) if modern else get_chatbox_classic(CHATBOX_DIR))

    def close(self) -> None:
        if not self.kept:
            super().close()
        elif self._held.chat is self:
            self._held.chat = None  # the page stays for the next episode, which lays it out anew


def keep_browsers(chat: bool = True, contexts: bool = True) -> KeptPlaywright:
    """From now on, this process's BrowserGym episodes share their browsers, (`chat`) their chat page and
    (`contexts`) their browser context and first tab, emptied between episodes (keptcontext.py), episodes of several
    tabs included; with `chat=False` or `contexts=False` each episode makes its own chat or context, as BrowserGym
    does (to compare)."""
    bgym_env.Chat = KeptChat if chat else Chat
    quick_stacks()
    current = bgym_core._get_global_playwright()
    kept = current if isinstance(current, KeptPlaywright) else KeptPlaywright(current)
    kept.chromium.keep_contexts = contexts
    bgym_core._set_global_playwright(kept)
    return kept


def release() -> None:
    """Close the kept browsers and give BrowserGym back the plain Playwright."""
    stock_stacks()
    current = bgym_core._get_global_playwright()
    if not isinstance(current, KeptPlaywright):
        return
    bgym_env.Chat = Chat
    _CHAT_PAGES.clear()
    for browser in current.chromium.browsers.values():
        if browser.is_connected():
            browser.close()
    current.chromium.browsers.clear()
    current.chromium.contexts.clear()
    bgym_core._set_global_playwright(current.real)
