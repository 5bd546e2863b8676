"""What the ids of an observation point at (the reader's targets, read by the actions) and where the marks of
the latest Set-of-Marks observation are kept."""

from __future__ import annotations

from dataclasses import dataclass


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
