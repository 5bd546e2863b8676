"""Model usage of a run folder (`usage.json`): the agent's tokens, calls and cost summed over its result lines,
and the judge's. Written by `python -m evaluation.run` and by the merge of shard folders."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from agent.usage import add_usage


def run_usage(results_dir: Path) -> dict[str, Any]:
    """Model usage of a whole run: the sum of the episodes' usage in results.jsonl (cost None when
    some model had no known price). Judge usage is added under `judge_*` keys."""
    total: dict[str, Any] = {"prompt_tokens": 0, "completion_tokens": 0, "cost_usd": 0.0, "calls": 0, "episodes": 0}
    judge: dict[str, Any] = {}
    path = Path(results_dir) / "results.jsonl"
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError as exc:
            raise ValueError(f"{path}:{n}: not a JSON line ({exc})") from None
        if record.get("usage"):
            total = add_usage(total, record["usage"])
            total["episodes"] += 1
        for key, value in (record.get("judge_usage") or {}).items():
            if isinstance(value, (int, float)):
                judge[key] = judge.get(key, 0) + value
    total.update({f"judge_{k}": v for k, v in judge.items()})
    return total
