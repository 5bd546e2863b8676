"""The accessibility-tree observation: Chromium's full AX tree, joined with layout bounds when needed.

`Accessibility.getFullAXTree` gives roles, names and properties. When the observation keeps only what is
inside the viewport, `DOMSnapshot.captureSnapshot` also gives the layout box of every DOM node, joined on
the backend DOM node id (otherwise entries have no bounds: nothing reads them). Text lines look like

    [12] link 'Home' focused: True
    \t[15] StaticText 'Welcome back'

indented by depth. Ignored nodes, unnamed generic containers and text that only repeats its
parent's name are pruned (their children move up a level).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# Roles shown only when they carry a name; their children are promoted when pruned.
_PRUNE_UNNAMED = {
    "generic",
    "none",
    "presentation",
    "LineBreak",
    "group",
    "Section",
    "paragraph",
    "list",
    "listitem",
    "strong",
    "emphasis",
    "LabelText",
    "Legend",
    "figure",
    "Abbr",
    "Pre",
    "superscript",
    "subscript",
    "DescriptionList",
    "time",
    "code",
    "mark",
}
# Roles dropped with their whole subtree (the StaticText above them already carries the text).
_DROP = {"InlineTextBox"}
# Properties that add noise rather than information for an agent.
_HIDDEN_PROPS = {
    "focusable",
    "editable",
    "readonly",
    "settable",
    "multiline",
    "hiddenRoot",
    "describedby",
    "labelledby",
    "controls",
    "owns",
    "activedescendant",
    "flowto",
    "details",
    "errormessage",
    "url",
    "roledescription",
    "hasPopup",
}
# Booleans shown even when false (their state matters to the agent); other false flags are left out.
_SHOW_IF_FALSE = {"checked", "selected", "pressed", "expanded"}


@dataclass(frozen=True)
class AXEntry:
    node_id: str
    role: str
    name: str
    backend_node_id: int | None
    bounds: tuple[float, float, float, float] | None  # viewport (x, y, w, h), when a snapshot was taken


@dataclass(frozen=True)
class AXTree:
    text: str
    entries: list[AXEntry]  # shown nodes, in the order of the text


def _value(field: dict[str, Any] | None) -> str:
    if not field:
        return ""
    v = field.get("value", "")
    return "" if v is None else str(v)


def _layout_bounds(snapshot: dict[str, Any]) -> tuple[dict[int, tuple[float, float, float, float]], float, float]:
    """backend node id -> document-space bounds, for the main document; and its scroll offset."""
    doc = snapshot["documents"][0]
    backend = doc["nodes"]["backendNodeId"]
    layout = doc["layout"]
    out: dict[int, tuple[float, float, float, float]] = {}
    for node_index, box in zip(layout["nodeIndex"], layout["bounds"], strict=False):
        bid = backend[node_index]
        if bid not in out:
            out[bid] = tuple(box)
    return out, float(doc.get("scrollOffsetX", 0)), float(doc.get("scrollOffsetY", 0))


def _props(node: dict[str, Any]) -> list[str]:
    out = []
    for prop in node.get("properties", []):
        name = prop.get("name", "")
        val = prop.get("value", {})
        if name in _HIDDEN_PROPS or val.get("type") in ("idref", "idrefList", "nodeList"):
            continue
        v = val.get("value")
        if v in ("false", "true") and val.get("type") in ("token", "tristate", "booleanOrUndefined"):
            v = v == "true"
        if isinstance(v, bool):
            if not v and name not in _SHOW_IF_FALSE:
                continue
            out.append(f"{name}: {v}")
        elif v is None or v == "":
            continue
        else:
            out.append(f"{name}: {v}")
    return out


# The two commands an observation sends (the snapshot only for current_viewport_only).
AX_TREE_COMMAND: tuple[str, dict[str, Any]] = ("Accessibility.getFullAXTree", {})
SNAPSHOT_COMMAND: tuple[str, dict[str, Any]] = ("DOMSnapshot.captureSnapshot", {"computedStyles": []})


def ax_tree_from(
    nodes: list[dict[str, Any]],
    snapshot: dict[str, Any] | None,
    viewport: tuple[int, int],
    current_viewport_only: bool = False,
) -> AXTree:
    """The tree of `nodes` (getFullAXTree's answer); `snapshot` (captureSnapshot's) gives the bounds, and
    is needed when `current_viewport_only`."""
    if current_viewport_only and snapshot is None:
        raise ValueError("current_viewport_only needs the layout snapshot")
    bounds, sx, sy = _layout_bounds(snapshot) if snapshot is not None else ({}, 0.0, 0.0)
    vw, vh = viewport

    by_node = {n["nodeId"]: n for n in nodes}
    children_of_root = [n for n in nodes if not n.get("parentId")]
    lines: list[str] = []
    entries: list[AXEntry] = []

    def box_of(node: dict[str, Any]) -> tuple[float, float, float, float] | None:
        bid = node.get("backendDOMNodeId")
        b = bounds.get(bid) if bid is not None else None
        if b is None:
            return None
        return (b[0] - sx, b[1] - sy, b[2], b[3])

    def in_viewport(b: tuple[float, float, float, float]) -> bool:
        x, y, w, h = b
        return w > 0 and h > 0 and x < vw and y < vh and x + w > 0 and y + h > 0

    def render(node_id: str, depth: int, parent_name: str) -> list[tuple[int, str, AXEntry]]:
        """Lines (depth, text, entry) of this subtree, pruned; children of pruned nodes move up."""
        node = by_node.get(node_id)
        if node is None:
            return []
        role = _value(node.get("role"))
        if role in _DROP:
            return []
        name = _value(node.get("name")).strip()
        b = box_of(node)
        show = not node.get("ignored", False)
        if show and role in _PRUNE_UNNAMED and not name:
            show = False
        if show and role == "StaticText" and (not name or name == parent_name):
            show = False
        if show and current_viewport_only and role != "RootWebArea" and (b is None or not in_viewport(b)):
            # children are checked on their own: a node without a box may hold visible children
            show = False
        child_depth = depth + 1 if show else depth
        child_parent_name = name if show else parent_name
        kids: list[tuple[int, str, AXEntry]] = []
        for cid in node.get("childIds", []):
            kids.extend(render(cid, child_depth, child_parent_name))
        if not show:  # pruned (or outside the viewport): its shown children take its place
            return kids
        entry = AXEntry(node_id, role, name, node.get("backendDOMNodeId"), b)
        parts = [f"[{node_id}] {role} {name!r}"]
        value = _value(node.get("value")).strip()
        if value and value != name and role not in ("StaticText", "RootWebArea"):
            parts.append(f"value: {value!r}")
        parts.extend(_props(node))
        return [(depth, " ".join(parts), entry), *kids]

    out: list[tuple[int, str, AXEntry]] = []
    for root in children_of_root:
        out.extend(render(root["nodeId"], 0, ""))
    for depth, text, entry in out:
        lines.append("\t" * depth + text)
        entries.append(entry)
    return AXTree("\n".join(lines), entries)
