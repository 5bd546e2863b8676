"""What the agent sees after each step."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Tab:
    title: str
    url: str


@dataclass
class Observation:
    """One observation of the focused tab.

    `text` is the observation text of the environment's mode: the accessibility tree
    (`[id] role 'name' props` lines) or the Set-of-Marks list (`[id] [TAG] [text]` lines).
    Ids in actions refer to the ids of the most recent observation.
    """
    url: str
    tabs: list[Tab]
    focused_tab: int
    mode: str                       # "accessibility_tree" | "som"
    text: str                       # observation text of that mode
    screenshot: bytes               # raw PNG of the viewport
    som_screenshot: bytes | None    # PNG with numbered boxes (som mode), else None
    html: str                       # page HTML (document.documentElement.outerHTML)
    error: str | None = None        # error of the previous action, for the agent to read
    meta: dict = field(default_factory=dict)   # timings and counts (for benchmarks and trajectories)

    def tabs_text(self) -> str:
        lines = []
        for i, tab in enumerate(self.tabs):
            mark = " (current)" if i == self.focused_tab else ""
            lines.append(f"Tab {i}{mark}: {tab.title} ({tab.url})")
        return "\n".join(lines)
