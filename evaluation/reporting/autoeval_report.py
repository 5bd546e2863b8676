"""The auto-evaluator's part of a run's report: its success rate beside the reward functions', their
agreement and Cohen's kappa (the rewards taken as ground truth), over one or several repeats.

    stats = agreement_stats(rows)          # rows: autoeval.jsonl records
    text = autoeval_section(results_dir)   # "" when the folder has no autoeval.jsonl
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Any

AUTOEVAL_FILE = "autoeval.jsonl"
_BEGIN, _END = "<!-- autoeval -->", "<!-- /autoeval -->"


def cohen_kappa(truth: list[int], judged: list[int]) -> float | None:
    """Cohen's kappa of two binary labellings; None when chance agreement is 1 (kappa undefined)."""
    n = len(truth)
    if n == 0 or n != len(judged):
        return None
    observed = sum(a == b for a, b in zip(truth, judged, strict=False)) / n
    p_truth, p_judged = sum(truth) / n, sum(judged) / n
    chance = p_truth * p_judged + (1 - p_truth) * (1 - p_judged)
    if chance >= 1.0:
        return None
    return (observed - chance) / (1 - chance)


def _mean_sd(values: list[float | None]) -> tuple[float | None, float | None]:
    present = [v for v in values if v is not None]
    if not present:
        return None, None
    return statistics.fmean(present), (statistics.stdev(present) if len(present) > 1 else 0.0)


def agreement_stats(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Over the episodes that have both a reward (0/1) and verdicts: per repeat, the judge's success rate,
    its agreement with the rewards and Cohen's kappa; then mean and standard deviation over repeats."""
    usable = [r for r in rows if r.get("reward") in (0, 1) and r.get("verdicts")]
    repeats = min((len(r["verdicts"]) for r in usable), default=0)
    truth = [int(r["reward"]) for r in usable]
    per_repeat = []
    for k in range(repeats):
        judged = [1 if r["verdicts"][k] == "SUCCESS" else 0 for r in usable]
        n = len(judged)
        per_repeat.append(
            {
                "success_rate": sum(judged) / n,
                "agreement": sum(a == b for a, b in zip(truth, judged, strict=False)) / n,
                "kappa": cohen_kappa(truth, judged),
            }
        )
    out = {
        "episodes": len(usable),
        "repeats": repeats,
        "errors": sum(1 for r in rows if r.get("error")),
        "reward_success_rate": (sum(truth) / len(truth)) if truth else None,
        "per_repeat": per_repeat,
    }
    for key in ("success_rate", "agreement", "kappa"):
        out[key], out[key + "_sd"] = _mean_sd([p[key] for p in per_repeat])
    return out


def confusion(rows: list[dict[str, Any]]) -> dict[tuple[int, int], int]:
    """Verdicts against rewards, counted over every repeat: {(reward, judged success): count}."""
    counts = {(reward, judged): 0 for reward in (1, 0) for judged in (1, 0)}
    for r in rows:
        if r.get("reward") in (0, 1) and r.get("verdicts"):
            for verdict in r["verdicts"]:
                counts[(int(r["reward"]), 1 if verdict == "SUCCESS" else 0)] += 1
    return counts


def read_autoeval(results_dir: Path) -> list[dict[str, Any]]:
    path = Path(results_dir) / AUTOEVAL_FILE
    if not path.is_file():
        return []
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                rows.append(json.loads(line))
            except ValueError as exc:
                raise ValueError(f"{path}, line {number}: not JSON ({exc})") from None
    return rows


def _pct(value: float | None, sd: float | None = None, repeats: int = 1) -> str:
    if value is None:
        return "-"
    text = f"{100 * value:.1f}%"
    return text + (f" ± {100 * sd:.1f}" if repeats > 1 and sd is not None else "")


def render_section(stats: dict[str, Any], model: str = "") -> str:
    reps = stats["repeats"]
    spread = f" ± {stats['kappa_sd']:.3f}" if reps > 1 else ""
    kappa = "-" if stats["kappa"] is None else f"{stats['kappa']:.3f}{spread}"
    lines = [
        _BEGIN,
        "",
        f"## Auto-evaluator (WebVoyager-style VLM judge{': ' + model if model else ''})",
        "",
        f"{stats['episodes']} episodes judged, {reps} repeat(s)"
        + (f", {stats['errors']} episode(s) the judge could not read" if stats["errors"] else "")
        + "; the reward functions are the ground truth.",
        "",
        "| measure | value |",
        "|---|---:|",
        f"| success rate, reward functions | {_pct(stats['reward_success_rate'])} |",
        f"| success rate, auto-evaluator | {_pct(stats['success_rate'], stats['success_rate_sd'], reps)} |",
        f"| agreement | {_pct(stats['agreement'], stats['agreement_sd'], reps)} |",
        f"| Cohen's kappa | {kappa} |",
        "",
        _END,
        "",
    ]
    return "\n".join(lines)


def autoeval_section(results_dir: Path) -> str:
    rows = read_autoeval(results_dir)
    if not rows:
        return ""
    models = sorted({r.get("model") or "" for r in rows} - {""})
    return render_section(agreement_stats(rows), ", ".join(models))


def add_to_report(results_dir: Path, text: str) -> str:
    """`text` (the report) with the auto-evaluator's section in place of an older one; report.md
    in `results_dir` is rewritten the same way when it exists."""
    section = autoeval_section(results_dir)

    def merged(body: str) -> str:
        if _BEGIN in body and _END in body:
            body = body[: body.index(_BEGIN)].rstrip("\n") + "\n" + body[body.index(_END) + len(_END) :].lstrip("\n")
        return body.rstrip("\n") + "\n\n" + section if section else body

    report = Path(results_dir) / "report.md"
    if section and report.is_file():
        report.write_text(merged(report.read_text(encoding="utf-8")), encoding="utf-8")
    return merged(text)
