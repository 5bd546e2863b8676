"""What the ids of the latest observation point at: its targets (the actions' elements), the Set-of-Marks result or
accessibility tree it numbered (the resolver's candidates), where its marks are kept (an isolated world of one
tab) and their live elements.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from selenium.webdriver.remote.webelement import WebElement

from agent.accessibility import AXTree
from agent.browser.errors import ActionError, _gone, _ProtocolError
from agent.browser.reads import Channel, _script_value
from agent.browser.session import Session
from agent.browser.tabs import Tabs
from agent.som import Mark, SomResult


@dataclass
class _Target:
    """What an id of the last observation points at."""

    id: str
    label: str  # for error messages: "[12] button 'Save'"
    mark_index: int | None = None
    backend_node_id: int | None = None


@dataclass
class _MarkStore:
    """Where the marks of the latest Set-of-Marks observation are kept: an isolated world of one tab."""

    handle: str
    context_id: int
    token: str


# Index in document order (document.getElementsByTagName('*')) of each element kept by the collector; -1
# when it left the document. The same index in the page's own world gives a WebElement without marking
# the DOM.
_MARK_INDEXES_JS = """(() => {
  const s = globalThis.__vwaMarks;
  if (!s || s.token !== %s) return null;
  const where = new Map();
  Array.prototype.forEach.call(document.getElementsByTagName('*'), (e, i) => where.set(e, i));
  return s.elements.map((e) => (where.has(e) ? where.get(e) : -1));
})()"""


_ELEMENTS_AT_JS = """
const all = document.getElementsByTagName('*');
return arguments[0].map((i) => (i >= 0 && all[i] ? [all[i], all[i].tagName] : null));
"""


class Targets:
    """The latest observation's ids: what each points at, and the marks' live elements."""

    def __init__(self, session: Session, tabs: Tabs, channel: Channel):
        self._session = session
        self._tabs = tabs
        self._channel = channel
        self._targets: dict[str, _Target] = {}
        self._last_som: SomResult | None = None
        self._last_ax: AXTree | None = None
        self._marks_at: _MarkStore | None = None
        self._resolved_marks: tuple[str, list[Mark]] | None = None

    def record_ax(self, tree: AXTree) -> None:
        """An accessibility-tree observation numbered `tree`'s entries."""
        self._last_ax, self._last_som, self._marks_at = tree, None, None
        self._targets = {
            e.node_id: _Target(e.node_id, f"[{e.node_id}] {e.role} {e.name[:40]!r}", backend_node_id=e.backend_node_id)
            for e in tree.entries
        }

    def record_som(self, som: SomResult, store: _MarkStore) -> None:
        """A Set-of-Marks observation numbered `som`'s marks, kept in `store`."""
        self._last_som, self._last_ax = som, None
        self._marks_at = store
        self._resolved_marks = None
        self._targets = {
            m.id: _Target(m.id, f"[{m.id}] [{m.tag}] [{m.text[:40]}]", mark_index=i) for i, m in enumerate(som.marks)
        }

    @property
    def last_som(self) -> SomResult | None:
        """The latest Set-of-Marks observation's result (None in accessibility-tree mode)."""
        return self._last_som

    @property
    def last_ax(self) -> AXTree | None:
        """The latest accessibility tree (None in som mode)."""
        return self._last_ax

    @property
    def marks_at(self) -> _MarkStore | None:
        """Where the latest marks are kept (None when there are none)."""
        return self._marks_at

    def forget_targets(self) -> None:
        """A new page was opened: no id of an earlier observation points anywhere."""
        self._targets = {}

    def target(self, element_id: str | None) -> _Target:
        """What an id of the latest observation points at; ActionError when it points nowhere."""
        if not self._targets:
            raise ActionError(f"no element [{element_id}]: there is no observation of this page yet")
        target = self._targets.get(str(element_id))
        if target is None:
            raise ActionError(f"no element with id [{element_id}] in the current observation")
        return target

    def in_world(self, expression: str) -> Any:
        """Evaluate in the isolated world of the latest marks; the value, or ['stale'] when that document
        is gone."""
        store = self._marks_at
        if store is None or store.handle != self._tabs.focused_handle:
            return ["stale"]
        try:
            result = self._channel.page_call(
                "Runtime.evaluate",
                {"expression": expression, "contextId": store.context_id, "returnByValue": True, "silent": True},
            )
        except _ProtocolError as exc:
            if _gone(str(exc)):
                return ["stale"]
            raise
        return _script_value(result)

    @property
    def marks(self) -> list[Mark]:
        """The Set-of-Marks marks of the latest observation (som mode), with live element references
        (WebElements, found in one request for all of them, on first use after each observation)."""
        if self._last_som is None:
            return []
        store = self._marks_at
        if store is None:
            return list(self._last_som.marks)
        if self._resolved_marks is None or self._resolved_marks[0] != store.token:
            elements = self.mark_elements()
            self._resolved_marks = (
                store.token,
                [replace(m, element=e) for m, e in zip(self._last_som.marks, elements, strict=False)],
            )
        return list(self._resolved_marks[1])

    def mark_elements(self) -> list[WebElement | None]:
        """WebElements of the marks (None for one no longer in the page): each kept element's position in
        document order, read in the isolated world, then the element at that position in the page's
        world; checked against the mark's tag, and read again if the page changed in between."""
        marks = self._last_som.marks if self._last_som else []
        found: list[WebElement | None] = [None] * len(marks)
        store = self._marks_at
        if store is None:
            return found
        for _ in range(3):
            try:
                indexes = self.in_world(_MARK_INDEXES_JS % json.dumps(store.token))
            except _ProtocolError:
                return found
            if not isinstance(indexes, list) or indexes == ["stale"] or len(indexes) != len(marks):
                return found
            pairs = self._session.driver.execute_script(_ELEMENTS_AT_JS, indexes)
            found = [pair[0] if pair and pair[1] == m.tag else None for m, pair in zip(marks, pairs, strict=False)]
            if all(e is not None for e, i in zip(found, indexes, strict=False) if i >= 0):
                return found
        return found
