"""How the suites mirror the official VisualWebArena templates (../shared/official-kinds.md).

    .venv/bin/python -m tasks.build.official_kinds            # the summary, per site
    .venv/bin/python -m tasks.build.official_kinds --readme   # rewrite the README's table between its markers
    .venv/bin/python -m tasks.build.official_kinds --check    # exit 1 when the README's table is not current

The official facts (counts, evaluator types, site sets, difficulty labels of each template; no sentence of the
files) are tasks/build/official_templates.json, written by scripts/official_templates.py. A task mirrors an
official template when it records `official_template_id`; the template belongs to the official file of the
task's main site (its first site). A site package may list the templates it leaves out, with the reason, in
tasks/build/<site>/official.py as UNMIRRORED = {official id: reason}.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from .suite import TASKS_DIR

FACTS_FILE = Path(__file__).resolve().parent / "official_templates.json"
README = TASKS_DIR.parent / "README.md"
BEGIN, END = "<!-- official-kinds:begin -->", "<!-- official-kinds:end -->"
OFFICIAL_SITES = ("classifieds", "reddit", "shopping")
DIFFICULTIES = ("easy", "medium", "hard")


def official_facts() -> dict[str, dict[int, dict]]:
    data = json.loads(FACTS_FILE.read_text(encoding="utf-8"))
    return {site: {int(k): v for k, v in data[site].items()} for site in OFFICIAL_SITES}


def jobs(site: str) -> dict[int, str]:
    """What each official template of a site asks, in our words (OFFICIAL[id].job of tasks/build/<site>/official.py;
    empty when the site has none)."""
    try:
        module = importlib.import_module(f"{__package__}.{site}.official")
    except ModuleNotFoundError:
        return {}
    return {i: o.job for i, o in getattr(module, "OFFICIAL", {}).items()}


def unmirrored(site: str) -> dict[int, str]:
    """The official templates a site's builders leave out on purpose, with the reason (empty when none)."""
    try:
        module = importlib.import_module(f"{__package__}.{site}.official")
    except ModuleNotFoundError:
        return {}
    return dict(getattr(module, "UNMIRRORED", {}))


def suite_tasks() -> list[dict]:
    tasks: list[dict] = []
    for path in sorted(TASKS_DIR.glob("*.json")):
        for task in json.loads(path.read_text(encoding="utf-8")):
            tasks.append({**task, "_file": path.name})
    return tasks


@dataclass
class SiteMirror:
    site: str
    official: dict[int, dict]
    ours: dict[int, list[dict]] = field(default_factory=dict)  # official id -> our tasks mirroring it
    left_out: dict[int, str] = field(default_factory=dict)  # official id -> why not mirrored
    main_site_tasks: list[dict] = field(default_factory=list)  # every task of ours whose main site this is

    @property
    def missing(self) -> list[int]:
        """Official templates neither mirrored nor left out with a reason."""
        return [i for i in self.official if i not in self.ours and i not in self.left_out]

    @property
    def short(self) -> list[int]:
        """Mirrored templates with fewer tasks than officially."""
        return [i for i, ts in self.ours.items() if len(ts) < self.official[i]["tasks"]]


def mirrors() -> dict[str, SiteMirror]:
    facts = official_facts()
    out = {site: SiteMirror(site, facts[site], left_out=unmirrored(site)) for site in OFFICIAL_SITES}
    for task in suite_tasks():
        site = task["sites"][0]
        if site not in out:
            continue
        out[site].main_site_tasks.append(task)
        official = task.get("official_template_id")
        if isinstance(official, int):
            out[site].ours.setdefault(official, []).append(task)
    for m in out.values():
        m.ours = dict(sorted(m.ours.items()))
    return out


def _dist(counter: Counter) -> str:
    return "/".join(str(counter.get(d, 0)) for d in DIFFICULTIES)


def summary_lines(ms: dict[str, SiteMirror]) -> list[str]:
    lines = []
    for m in ms.values():
        mirrored_tasks = sum(len(ts) for ts in m.ours.values())
        official_tasks = sum(f["tasks"] for f in m.official.values())
        ours_diff = Counter(t.get("overall_difficulty") for t in m.main_site_tasks)
        official_diff: Counter = Counter()
        for f in m.official.values():
            official_diff.update(f["overall_difficulty"])
        lines.append(
            f"{m.site}: {len(m.ours)} of {len(m.official)} official templates mirrored by {mirrored_tasks} "
            f"tasks; {len(m.main_site_tasks)} tasks with {m.site} as main site (official {official_tasks}); "
            f"difficulty easy/medium/hard {_dist(ours_diff)} (official {_dist(official_diff)})"
        )
        if m.left_out:
            reasons = "; ".join(f"{i}: {why}" for i, why in m.left_out.items())
            lines.append(f"  not mirrored ({len(m.left_out)}): {reasons}")
        if m.missing:
            lines.append(f"  not yet mirrored ({len(m.missing)}): " + ", ".join(map(str, m.missing)))
        if m.short:
            lines.append(
                "  fewer tasks than officially: "
                + ", ".join(f"{i} ({len(m.ours[i])} of {m.official[i]['tasks']})" for i in m.short)
            )
    return lines


def readme_table(ms: dict[str, SiteMirror]) -> str:
    rows = [
        "| site | official template | the job (our words) | official sites | evaluator types | official tasks | "
        "our templates (suite and intent_template_id) | our tasks |",
        "|---|---:|---|---|---|---:|---|---:|",
    ]
    for m in ms.values():
        job = jobs(m.site)
        for i, f in m.official.items():
            sites = ", ".join(f["sites"])
            types = ", ".join(f["eval_types"])
            if i in m.ours:
                ours = sorted({(t["_file"].removesuffix(".json"), t["intent_template_id"]) for t in m.ours[i]})
                cell = ", ".join(f"{name} {tid}" for name, tid in ours)
                count = str(len(m.ours[i]))
            elif i in m.left_out:
                cell, count = f"not mirrored: {m.left_out[i]}", "0"
            else:
                cell, count = "not yet mirrored", "0"
            rows.append(f"| {m.site} | {i} | {job.get(i, '')} | {sites} | {types} | {f['tasks']} | {cell} | {count} |")
    return "\n".join(["", *summary_lines(ms), "", *rows, ""]).replace("\n  ", "\n- ")


def readme_text(ms: dict[str, SiteMirror], text: str) -> str:
    if BEGIN not in text or END not in text:
        raise ValueError(f"{README.name} has no {BEGIN} ... {END} markers")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return head + BEGIN + "\n" + readme_table(ms) + END + tail


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tasks.build.official_kinds", description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--readme", action="store_true", help="rewrite the README's table between its markers")
    mode.add_argument("--check", action="store_true", help="exit 1 when the README's table is not current")
    args = parser.parse_args(argv)
    ms = mirrors()
    text = README.read_text(encoding="utf-8")
    if args.readme or args.check:
        new = readme_text(ms, text)
        if args.check:
            if new != text:
                print(
                    "README.md: the official-kinds table is not current (python -m tasks.build.official_kinds "
                    "--readme)",
                    file=sys.stderr,
                )
                return 1
            return 0
        README.write_text(new, encoding="utf-8")
    print("\n".join(summary_lines(ms)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
