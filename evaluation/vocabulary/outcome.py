"""The outcome of scoring: one `Check` per elementary condition, combined into a `Reward`."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Literal

# The `status` of a result line (evaluation/reporting/result.schema.json): scored (a reward, 0 or 1), error (a
# harness failure, no reward) or skipped (the task cannot run here).
ResultStatus = Literal["scored", "error", "skipped"]
# The phases of a task's run, in order (`phase` of an error's result line: where it failed); "worker": the Ray
# actor running the task died.
Phase = Literal["sites", "input", "reset", "login", "episode", "scoring", "record", "worker"]


@dataclass(frozen=True)
class Check:
    evaluator: str  # string_match, url_match, program_html[0], page_image_query[1] ...
    name: str  # exact_match, must_include, url, ssim ...
    passed: bool
    reason: str  # why it passed or failed, in words a person can act on

    def to_dict(self) -> dict[str, str | bool]:
        return asdict(self)


@dataclass
class Reward:
    checks: list[Check] = field(default_factory=list)

    @property
    def score(self) -> int:
        """1 only if every check passed (the product of the evaluators' scores)."""
        return int(all(c.passed for c in self.checks)) if self.checks else 0

    def add(self, evaluator: str, name: str, passed: bool, reason: str) -> bool:
        self.checks.append(Check(evaluator, name, bool(passed), reason))
        return bool(passed)

    def extend(self, other: Reward) -> None:
        self.checks.extend(other.checks)

    def failed(self) -> list[Check]:
        return [c for c in self.checks if not c.passed]

    def explain(self) -> str:
        lines = [f"reward {self.score}"]
        for c in self.checks:
            lines.append(f"  [{'ok' if c.passed else 'FAIL'}] {c.evaluator}.{c.name}: {c.reason}")
        return "\n".join(lines)
