"""Record the facts of the official task templates, once, into tasks/build/official_templates.json.

    python scripts/official_templates.py --tasks PATH/config_files/vwa [--out tasks/build/official_templates.json]

PATH is a checkout of the public VisualWebArena repository; the folder must hold test_classifieds.raw.json,
test_reddit.raw.json and test_shopping.raw.json. For each site's file and each `intent_template_id` it keeps only
counts and names: how many tasks, their evaluator type sets, their site sets, how many give an input image, and
their overall difficulty labels. No sentence of the files is kept. The task builders and
`python -m tasks.build.official_kinds` compare the project's suites with these facts (../shared/official-kinds.md).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SITES = ("classifieds", "reddit", "shopping")
DEFAULT_OUT = ROOT / "tasks" / "build" / "official_templates.json"


def template_facts(tasks: list[dict]) -> dict[str, dict]:
    by_id: dict[int, list[dict]] = {}
    for task in tasks:
        by_id.setdefault(int(task["intent_template_id"]), []).append(task)
    facts = {}
    for template_id in sorted(by_id):
        group = by_id[template_id]
        evals = Counter("+".join(sorted(t["eval"]["eval_types"])) for t in group)
        sites = Counter("+".join(t["sites"]) for t in group)
        facts[str(template_id)] = {
            "tasks": len(group),
            "eval_types": dict(sorted(evals.items())),
            "sites": dict(sorted(sites.items())),
            "with_image": sum(1 for t in group if t.get("image")),
            "overall_difficulty": dict(sorted(Counter(t.get("overall_difficulty") or "?" for t in group).items())),
        }
    return facts


def render(out: dict) -> str:
    """The facts file: one line per template, so a diff shows which template changed."""
    parts = [f' "about": {json.dumps(out["about"])}']
    for site in SITES:
        rows = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in out[site].items())
        parts.append(f' "{site}": {{\n{rows}\n }}')
    return "{\n" + ",\n".join(parts) + "\n}\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=Path, required=True, help="the official config_files/vwa folder")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    out: dict = {
        "about": "facts of the official VisualWebArena templates (counts and names only), written by "
        "scripts/official_templates.py from the public task files"
    }
    for site in SITES:
        path = args.tasks / f"test_{site}.raw.json"
        if not path.is_file():
            print(f"error: {path} is missing", file=sys.stderr)
            return 2
        out[site] = template_facts(json.loads(path.read_text(encoding="utf-8")))
    args.out.write_text(render(out), encoding="utf-8")
    print(f"{args.out}: " + ", ".join(f"{s} {len(out[s])} templates" for s in SITES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
