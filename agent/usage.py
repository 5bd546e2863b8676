"""Token usage and cost summed over model calls (one episode, a captioner, a whole run).

Usage dicts have the keys of `Completion.usage()` in agent/llm.py: prompt_tokens, completion_tokens,
cost_usd (None when the model has no known price), model, calls. No heavy imports here: the episode
loop sums usage without loading the model client.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass
class UsageMeter:
    """Token usage and cost over many calls (one episode, or a whole run)."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float | None = 0.0
    calls: int = 0
    model: str | None = None

    def add(self, usage: Mapping[str, Any]) -> None:
        self.prompt_tokens += int(usage.get("prompt_tokens", 0) or 0)
        self.completion_tokens += int(usage.get("completion_tokens", 0) or 0)
        self.calls += int(usage.get("calls", 0) or 0)
        if "cost_usd" in usage:
            cost = usage["cost_usd"]
            self.cost_usd = None if cost is None or self.cost_usd is None else round(self.cost_usd + cost, 6)
        if usage.get("model"):
            self.model = usage["model"]

    def as_dict(self) -> dict[str, Any]:
        return {
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "cost_usd": self.cost_usd,
            "model": self.model,
            "calls": self.calls,
        }


def add_usage(total: dict[str, Any], part: Mapping[str, Any]) -> dict[str, Any]:
    """Sum two usage dicts (tokens and cost; cost stays None when any part has no known price).
    Keys of `total` other than the usage fields are kept."""
    if not part:
        return total
    meter = UsageMeter(
        prompt_tokens=int(total.get("prompt_tokens", 0) or 0),
        completion_tokens=int(total.get("completion_tokens", 0) or 0),
        cost_usd=total.get("cost_usd", 0.0),
        calls=int(total.get("calls", 0) or 0),
        model=total.get("model"),
    )
    meter.add(part)
    return {**total, **meter.as_dict()}
