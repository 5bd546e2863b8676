"""Replay support: the id, in the latest observation, of the element a reference solution names by CSS
selector and/or visible text.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from selenium.common.exceptions import WebDriverException

from agent.browser.errors import BrowserCrashed, _is_dead_session, _ProtocolError, _SocketFailed
from agent.browser.reads import Channel, _Reads
from agent.browser.session import Session
from agent.browser.targets import Targets

# Rank, among the matches of a CSS selector in document order, of each kept element (-1: no match).
_CSS_RANKS_JS = (Path(__file__).with_name("css_ranks.js")).read_text(encoding="utf-8")


class Resolver:
    """Element ids for reference solutions, found in the reader's latest observation."""

    def __init__(self, session: Session, channel: Channel, targets: Targets):
        self._session = session
        self._channel = channel
        self._targets = targets

    def resolve_element_id(self, css: str | None = None, text: str | None = None) -> str:
        """Id, in the most recent observation, of the first visible element matching `css`, or whose
        visible text / accessible name equals (else contains) `text`; both: css matches filtered by text."""
        if css is None and text is None:
            raise ValueError("resolve_element_id needs css, text or both")
        if self._targets.last_som is None and self._targets.last_ax is None:
            raise LookupError("no observation yet: call observe() before resolve_element_id()")
        what = " and ".join(p for p in (f"css {css!r}" if css else "", f"text {text!r}" if text else "") if p)
        candidates = self._candidates()  # (id, label text, element key) in observation order
        if css is not None:
            try:
                order = self._css_order(css)
            except WebDriverException as exc:
                if _is_dead_session(exc):
                    raise BrowserCrashed(f"the browser session died: {str(exc).splitlines()[0]}") from exc
                raise LookupError(f"invalid CSS selector {css!r}: {str(exc).splitlines()[0]}") from exc
            candidates = sorted((c for c in candidates if c[2] in order), key=lambda c: order[c[2]])
        if text is not None:
            want = " ".join(text.split())
            for test in (lambda s: s == want, lambda s: s.lower() == want.lower(), lambda s: want.lower() in s.lower()):
                hit = next((c for c in candidates if test(" ".join(c[1].split()))), None)
                if hit:
                    return hit[0]
            raise LookupError(f"no element with {what} in the current observation")
        if not candidates:
            raise LookupError(f"no visible element with {what} in the current observation")
        return candidates[0][0]

    def _candidates(self) -> list[tuple[str, str, int]]:
        if self._targets.last_som is not None:
            return [(m.id, m.text, i) for i, m in enumerate(self._targets.last_som.marks)]
        assert self._targets.last_ax is not None
        return [
            (e.node_id, e.name, e.backend_node_id)
            for e in self._targets.last_ax.entries
            if e.backend_node_id is not None
        ]

    def _css_order(self, css: str) -> dict[int, int]:
        """Elements matching `css`: key -> rank in document order, with keys comparable with
        `_candidates()`: mark indexes (som), or backend DOM node ids (accessibility tree), where the
        descendants of a match share its rank (a pruned container is reached through its content)."""
        if self._targets.last_som is not None:
            if self._targets.marks_at is None:
                return {}
            ranks = self._targets.in_world(_CSS_RANKS_JS % (json.dumps(self._targets.marks_at.token), json.dumps(css)))
            if ranks is None or ranks == ["stale"]:
                return {}
            return {i: rank for i, rank in enumerate(ranks) if rank >= 0}
        socket = self._channel.socket()
        if socket is not None:
            try:
                return _matched_subtrees(_Reads(self._channel, socket, {}), css)
            except _SocketFailed:
                self._channel.drop_socket()
            except _ProtocolError as exc:
                raise LookupError(f"invalid CSS selector {css!r}: {exc}") from exc
        # Without the socket (a Selenium Grid): two CDP calls whatever the number of matches, the whole DOM
        # tree and the same selector run by CDP (its node ids index that tree).
        root = self._session.cdp("DOM.getDocument", {"depth": -1})["root"]
        by_node_id: dict[int, dict[str, Any]] = {}
        stack = [root]
        while stack:
            node = stack.pop()
            by_node_id[node["nodeId"]] = node
            stack.extend(node.get("children", []))
            stack.extend(node.get("shadowRoots", []))
        matches = self._session.cdp("DOM.querySelectorAll", {"nodeId": root["nodeId"], "selector": css})["nodeIds"]
        order: dict[int, int] = {}
        for rank, node_id in enumerate(matches):
            match = by_node_id.get(node_id)
            if match is not None:
                _rank_subtree(order, match, rank)
        return order


def _matched_subtrees(reads: _Reads, css: str) -> dict[int, int]:
    """`_css_order` over the DevTools socket: the document's root only, the selector's matches, then the
    subtree of each match (all asked at once), instead of the whole DOM tree of a page of thousands of nodes."""
    reads.add("document", "DOM.getDocument", {"depth": 0})
    root = reads.get("document")["root"]["nodeId"]
    reads.add("matches", "DOM.querySelectorAll", {"nodeId": root, "selector": css})
    matches = reads.get("matches")["nodeIds"]
    for rank, node_id in enumerate(matches):
        reads.add(f"match {rank}", "DOM.describeNode", {"nodeId": node_id, "depth": -1})
    order: dict[int, int] = {}
    for rank in range(len(matches)):
        _rank_subtree(order, reads.get(f"match {rank}")["node"], rank)
    return order


def _rank_subtree(order: dict[int, int], match: dict[str, Any], rank: int) -> None:
    """The match's backend node id gets `rank` (its lowest), and its descendants `rank` unless ranked before."""
    order[match["backendNodeId"]] = min(order.get(match["backendNodeId"], rank), rank)
    inner = list(match.get("children", []))
    while inner:
        node = inner.pop()
        order.setdefault(node["backendNodeId"], rank)
        inner.extend(node.get("children", []))
