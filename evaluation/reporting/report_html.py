"""`report.html` of a run folder: the success tables, charts drawn with matplotlib, and one row per task.

    write_html_report(results_dir) -> Path        # <dir>/report.html and its charts in <dir>/report_files/

The charts are SVG files (matplotlib, Agg backend, text kept as text) referenced by relative paths, so
the page opens from disk like the trajectories it links to. The task table is filtered in the page by
site, status and marker with a few lines of JavaScript of its own (no library, nothing fetched).
Markers are those of the pytest items (evaluation.taskfiles.markers.task_markers), read from the task files when
they are still where the run found them, else the ones the result line itself carries.
"""

from __future__ import annotations

import shutil
from collections import Counter
from collections.abc import Callable
from html import escape
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.figure import Figure

from .results import Tally, needed_sites, read_results, summarise

REPORT_FILE = "report.html"
CHART_DIR = "report_files"
STATUSES = ("success", "failure", "error", "skipped")


# ---- reading the records ---------------------------------------------------------------------------
def task_status(record: dict[str, Any]) -> str:
    status = record.get("status")
    if status == "error" or status == "skipped":
        return str(status)
    return "success" if record.get("reward") == 1 else "failure"


class _TaskMarkers:
    """Markers of a task, from its task file (cached per file) when it can still be read."""

    def __init__(self) -> None:
        self._by_file: dict[str, dict[str, list[str]]] = {}

    def _load(self, task_file: str) -> dict[str, list[str]]:
        if task_file not in self._by_file:
            found: dict[str, list[str]] = {}
            try:
                from evaluation.taskfiles.loader import load_task_entries
                from evaluation.taskfiles.markers import task_markers

                for _, task in load_task_entries(task_file):
                    if not isinstance(task, Exception):
                        found[str(task.task_id)] = task_markers(task)
            except Exception:  # moved, unreadable or malformed since the run: fall back to the line
                found = {}
            self._by_file[task_file] = found
        return self._by_file[task_file]

    def __call__(self, record: dict[str, Any]) -> list[str]:
        if isinstance(record.get("markers"), list):
            return [str(m) for m in record["markers"]]
        from_file = self._load(str(record.get("task_file") or ""))
        if str(record.get("task_id")) in from_file:
            return from_file[str(record.get("task_id"))]
        marks = needed_sites(record)
        if len(marks) > 1:
            marks.append("multisite")
        for kind, value in (record.get("difficulty") or {}).items():
            if value:
                marks.append(f"{kind}_{value}")
        return marks + list(record.get("eval_types") or [])


def _number(value: object) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _time_s(record: dict[str, Any]) -> float | None:
    return _number((record.get("timings") or {}).get("total_s"))


def _cost(record: dict[str, Any]) -> float | None:
    usage = record.get("usage") or {}
    return _number(usage.get("cost_usd")) if usage.get("calls") else None


def _failed_checks(record: dict[str, Any]) -> list[str]:
    return [
        f"{'.'.join(str(c[k]) for k in ('evaluator', 'name') if c.get(k)) or '?'}: {c.get('reason', '')}"
        for c in record.get("checks") or []
        if isinstance(c, dict) and not c.get("passed")
    ]


def trajectory_href(results_dir: Path, record: dict[str, Any]) -> str | None:
    name = f"{record.get('site')}_{record.get('task_id')}.html"
    return f"trajectories/{name}" if (results_dir / "trajectories" / name).is_file() else None


# ---- charts ------------------------------------------------------------------------------------------
def _pyplot() -> ModuleType:
    import matplotlib

    matplotlib.use("Agg", force=True)
    matplotlib.rcParams.update(
        {
            "svg.fonttype": "none",
            "svg.hashsalt": "vwa-report",
            "font.size": 9,
            "axes.spines.top": False,
            "axes.spines.right": False,
        }
    )
    import matplotlib.pyplot as plt

    return plt


def _save(fig: Figure, folder: Path, name: str) -> str:
    fig.tight_layout()
    fig.savefig(folder / name, format="svg", metadata={"Date": None})
    _pyplot().close(fig)
    return f"{CHART_DIR}/{name}"


def _rate_chart(folder: Path, name: str, title: str, rows: dict[str, Tally]) -> str | None:
    rows = {k: t for k, t in rows.items() if t.total}
    if not rows:
        return None
    plt = _pyplot()
    labels = list(rows)
    rates = [100 * (rows[k].rate or 0.0) for k in labels]  # every row has tasks: a rate
    fig, ax = plt.subplots(figsize=(4.6, 0.45 * len(labels) + 1.1))
    y = list(range(len(labels)))[::-1]
    ax.barh(y, [100] * len(labels), color="#e6e9ef")
    bars = ax.barh(y, rates, color="#2f6fbd")
    ax.set_yticks(y, labels)
    ax.set_xlim(0, 100)
    ax.set_xlabel("success rate (%)")
    ax.set_title(title, loc="left", fontsize=10, fontweight="bold")
    ax.bar_label(
        bars,
        labels=[f"{r:.0f}% ({rows[k].success}/{rows[k].total})" for r, k in zip(rates, labels, strict=False)],
        padding=3,
        fontsize=8,
    )
    return _save(fig, folder, name)


def _histogram(
    folder: Path, name: str, title: str, xlabel: str, groups: dict[str, list[float]], integer: bool = False
) -> str | None:
    values = [v for vs in groups.values() for v in vs]
    if not values:
        return None
    plt = _pyplot()
    lo, hi = min(values), max(values)
    bins: int | list[float]
    if integer:
        bins = [b - 0.5 for b in range(int(lo), int(hi) + 2)]
    elif hi > lo:
        bins = 12
    else:  # one value: one bar around it, at the scale of the value (a cost of $0.01 is not +-0.5)
        pad = abs(lo) * 0.1 or 1.0
        bins = [lo - pad, hi + pad]
    fig, ax = plt.subplots(figsize=(4.6, 2.6))
    colors = {"success": "#2e8b57", "failure": "#d08c2c", "error": "#b3261e"}
    present = {k: v for k, v in groups.items() if v}
    ax.hist(
        list(present.values()),
        bins=bins,
        stacked=True,
        label=list(present),
        color=[colors.get(k, "#777") for k in present],
    )
    ax.set_xlabel(xlabel)
    ax.set_ylabel("tasks")
    ax.set_title(title, loc="left", fontsize=10, fontweight="bold")
    if integer:
        ax.xaxis.get_major_locator().set_params(integer=True)
    ax.yaxis.get_major_locator().set_params(integer=True)
    ax.legend(fontsize=8, frameon=False, ncol=3, loc="lower right", bbox_to_anchor=(1.0, 1.0), borderaxespad=0.2)
    return _save(fig, folder, name)


def _by_status(
    records: list[dict[str, Any]], value: Callable[[dict[str, Any]], float | None]
) -> dict[str, list[float]]:
    groups: dict[str, list[float]] = {"success": [], "failure": [], "error": []}
    for r in records:
        v = value(r)
        status = task_status(r)
        if v is not None and status in groups:
            groups[status].append(v)
    return groups


def draw_charts(
    results_dir: Path, records: list[dict[str, Any]], input_rows: dict[str, Tally]
) -> list[tuple[str, str]]:
    """Write the charts into <dir>/report_files/ (replacing earlier ones); return (title, path) pairs."""
    folder = results_dir / CHART_DIR
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    s = summarise(records)
    charts = [
        ("Success by site", _rate_chart(folder, "success_by_site.svg", "Success by site", s.by_site)),
        (
            "Success by difficulty",
            _rate_chart(folder, "success_by_difficulty.svg", "Success by difficulty", s.by_difficulty),
        ),
        (
            "Success by evaluator",
            _rate_chart(folder, "success_by_evaluator.svg", "Success by evaluator", s.by_eval_type),
        ),
        ("Image vs text input", _rate_chart(folder, "success_by_input.svg", "Image vs text input", input_rows)),
        (
            "Steps per task",
            _histogram(
                folder,
                "steps_per_task.svg",
                "Steps per task",
                "steps",
                _by_status(records, lambda r: _number(r.get("steps"))),
                integer=True,
            ),
        ),
        (
            "Time per task",
            _histogram(folder, "time_per_task.svg", "Time per task", "seconds", _by_status(records, _time_s)),
        ),
        (
            "Cost per task",
            _histogram(folder, "cost_per_task.svg", "Model cost per task", "US dollars", _by_status(records, _cost)),
        ),
    ]
    return [(title, path) for title, path in charts if path]


_NO_CHART = {
    "Cost per task": "No model cost was recorded (the agent called no model, or no price is known).",
    "Time per task": "No task time was recorded.",
    "Steps per task": "No episode ran.",
}


# ---- the page ------------------------------------------------------------------------------------------
_CSS = """
body{font-family:system-ui,-apple-system,"DejaVu Sans",sans-serif;margin:0;background:#f4f5f7;color:#1d2330}
header{background:#1d2330;color:#fff;padding:16px 24px} header h1{margin:0 0 6px;font-size:20px}
header p{margin:2px 0;font-size:14px;color:#cfd6e4}
main{padding:16px 24px;max-width:1500px}
.cards{display:flex;flex-wrap:wrap;gap:12px;margin-bottom:12px}
.card{background:#fff;border:1px solid #d9dde5;border-radius:8px;padding:10px 14px;min-width:90px}
.card b{display:block;font-size:12px;color:#5b6475;text-transform:uppercase;letter-spacing:.04em}
.tables{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
.charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(440px,1fr));gap:12px}
.charts figure{margin:0;background:#fff;border:1px solid #d9dde5;border-radius:8px;padding:6px}
.charts img{width:100%}
table{border-collapse:collapse;background:#fff} td,th{border:1px solid #d9dde5;padding:4px 8px;text-align:left;
font-size:13px;vertical-align:top} th{background:#eef1f8} td.num{text-align:right}
tr.success td.st{color:#137333;font-weight:600} tr.failure td.st{color:#a15c00;font-weight:600}
tr.error td.st{color:#b3261e;font-weight:600} tr.skipped td.st{color:#5b6475}
td.checks{max-width:520px;font-size:12px;color:#4a5160} td.marks{font-size:11px;color:#5b6475;max-width:260px}
.filters{display:flex;gap:12px;align-items:center;margin:8px 0;flex-wrap:wrap}
.filters label{font-size:14px} #shown{font-size:14px;color:#5b6475}
"""

# Filters rows of #tasks by the three selects; every row carries data-site, data-status, data-markers.
_JS = """
(function () {
  var rows = Array.prototype.slice.call(document.querySelectorAll('#tasks tbody tr'));
  var site = document.getElementById('f-site'), status = document.getElementById('f-status'),
      marker = document.getElementById('f-marker'), shown = document.getElementById('shown');
  function apply() {
    var n = 0;
    rows.forEach(function (row) {
      var ok = (!site.value || row.dataset.site === site.value) &&
               (!status.value || row.dataset.status === status.value) &&
               (!marker.value || row.dataset.markers.split(' ').indexOf(marker.value) >= 0);
      row.hidden = !ok;
      if (ok) n += 1;
    });
    shown.textContent = n + ' of ' + rows.length + ' tasks shown';
  }
  [site, status, marker].forEach(function (s) { s.addEventListener('change', apply); });
  apply();
})();
"""


def _table(title: str, rows: dict[str, Tally], overall: Tally | None = None) -> str:
    def row(name: str, t: Tally, bold: bool = False) -> str:
        rate = "-" if t.rate is None else f"{100 * t.rate:.1f}%"
        cells = [escape(name), rate, str(t.success), str(t.total), str(t.errors), str(t.skipped)]
        if bold:
            cells = [f"<b>{c}</b>" for c in cells]
        return "<tr><td>" + cells[0] + "</td>" + "".join(f'<td class="num">{c}</td>' for c in cells[1:]) + "</tr>"

    body = "".join(row(k, t) for k, t in rows.items())
    if overall is not None:
        body += row("Overall", overall, bold=True)
    return (
        f"<table><tr><th>{escape(title)}</th><th>Success rate</th><th>Success</th><th>Tasks</th>"
        f"<th>Errors</th><th>Skipped</th></tr>{body}</table>"
    )


def _select(ident: str, label: str, values: list[str]) -> str:
    options = "".join(f'<option value="{escape(v, quote=True)}">{escape(v)}</option>' for v in values)
    return f'<label>{escape(label)} <select id="{ident}"><option value="">all</option>{options}</select></label>'


def _fmt(value: float | None, pattern: str) -> str:
    return "-" if value is None else pattern.format(value)


def _task_row(results_dir: Path, r: dict[str, Any], markers: list[str]) -> str:
    status = task_status(r)
    href = trajectory_href(results_dir, r)
    name = escape(str(r.get("test_id") or f"{r.get('site')}/{r.get('task_id')}"))
    link = f'<a href="{escape(href, quote=True)}">{name}</a>' if href else name
    detail = _failed_checks(r)
    if status == "error":
        detail = [str(r.get("error") or "error"), *detail]
    elif status == "skipped":
        detail = [str(r.get("skip_reason") or "skipped")]
    checks = "<br>".join(escape(d if len(d) <= 300 else d[:297] + "...") for d in detail)
    reward = r.get("reward")
    return (
        f'<tr class="{status}" data-site="{escape(str(r.get("site") or "?"), quote=True)}" '
        f'data-status="{status}" data-markers="{escape(" ".join(markers), quote=True)}">'
        f'<td>{link}</td><td>{escape(str(r.get("site") or "?"))}</td><td class="st">{status}</td>'
        f'<td class="num">{"-" if reward is None else escape(str(reward))}</td><td class="checks">{checks}</td>'
        f'<td class="num">{_fmt(_number(r.get("steps")), "{:.0f}")}</td>'
        f'<td class="num">{_fmt(_time_s(r), "{:.1f} s")}</td><td class="num">{_fmt(_cost(r), "${:.4f}")}</td>'
        f'<td class="marks">{escape(" ".join(markers))}</td></tr>'
    )


def _pct_sd(value: float | None, sd: float | None, repeats: int) -> str:
    if value is None:
        return "-"
    return f"{100 * value:.1f}%" + (f" ± {100 * sd:.1f}" if repeats > 1 and sd is not None else "")


def autoeval_html(results_dir: Path) -> str:
    """The auto-evaluator's section (python -m evaluation.autoeval): its success rate beside the reward
    functions', agreement and Cohen's kappa (mean ± sd over repeats), each repeat, and the verdicts against
    the rewards; "" when the run folder has no autoeval.jsonl."""
    from .autoeval_report import agreement_stats, confusion, read_autoeval

    rows = read_autoeval(results_dir)
    if not rows:
        return ""
    stats = agreement_stats(rows)
    reps = stats["repeats"]
    models = ", ".join(sorted({str(r.get("model")) for r in rows if r.get("model")})) or "?"
    kappa = (
        "-"
        if stats["kappa"] is None
        else f"{stats['kappa']:.3f}"
        + (f" ± {stats['kappa_sd']:.3f}" if reps > 1 and stats["kappa_sd"] is not None else "")
    )
    measures = [
        ("success rate, reward functions", _pct_sd(stats["reward_success_rate"], None, 1)),
        ("success rate, auto-evaluator", _pct_sd(stats["success_rate"], stats["success_rate_sd"], reps)),
        ("agreement", _pct_sd(stats["agreement"], stats["agreement_sd"], reps)),
        ("Cohen's kappa", kappa),
    ]
    body = "".join(f'<tr><td>{escape(k)}</td><td class="num">{escape(v)}</td></tr>' for k, v in measures)
    table = f'<table id="autoeval"><tr><th>Measure</th><th>Value</th></tr>{body}</table>'
    per_repeat = "".join(
        f'<tr><td class="num">{i}</td><td class="num">{_pct_sd(p["success_rate"], None, 1)}</td>'
        f'<td class="num">{_pct_sd(p["agreement"], None, 1)}</td>'
        f'<td class="num">{_fmt(p["kappa"], "{:.3f}")}</td></tr>'
        for i, p in enumerate(stats["per_repeat"], 1)
    )
    repeats = (
        (
            '<table id="autoeval-repeats"><tr><th>Repeat</th><th>Judge success</th><th>Agreement</th>'
            f"<th>Kappa</th></tr>{per_repeat}</table>"
        )
        if per_repeat
        else ""
    )
    c = confusion(rows)
    matrix = (
        '<table id="autoeval-confusion"><tr><th>Verdicts (all repeats)</th><th>judge: success</th>'
        "<th>judge: not success</th></tr>"
        f'<tr><td>reward 1</td><td class="num">{c[(1, 1)]}</td><td class="num">{c[(1, 0)]}</td></tr>'
        f'<tr><td>reward 0</td><td class="num">{c[(0, 1)]}</td><td class="num">{c[(0, 0)]}</td></tr></table>'
    )
    note = (
        f"{stats['episodes']} episodes judged by {escape(models)}, {reps} repeat(s)"
        + (f", {stats['errors']} episode(s) the judge could not read" if stats["errors"] else "")
        + "; the reward functions are the ground truth."
    )
    return f'<h2>Auto-evaluator</h2><p><small>{note}</small></p><div class="tables">{table}{repeats}{matrix}</div>'


def _sort_key(r: dict[str, Any]) -> tuple[str, str, tuple[int, int, str]]:
    task_id = r.get("task_id")
    return (
        str(r.get("site")),
        str(r.get("task_file")),
        (0, task_id, "") if isinstance(task_id, int) else (1, 0, str(task_id)),
    )


def render_html(results_dir: Path, records: list[dict[str, Any]]) -> str:
    results_dir = Path(results_dir)
    records = sorted(records, key=_sort_key)
    markers_of = _TaskMarkers()
    markers = [markers_of(r) for r in records]
    s = summarise(records)
    input_rows: dict[str, Tally] = {"image input": Tally(), "text only": Tally()}
    for r, m in zip(records, markers, strict=False):
        input_rows["image input" if "image_input" in m else "text only"].add(r)
    charts = draw_charts(results_dir, records, input_rows)

    who = ", ".join(s.agents) or "?"
    if s.models:
        who += f" (model {', '.join(s.models)})"
    times = [t for t in map(_time_s, records) if t is not None]
    costs = [c for c in map(_cost, records) if c is not None]
    priced = sum(1 for r in records if (r.get("usage") or {}).get("calls"))
    cost_text = "-" if not priced else f"${sum(costs):.4f}" + ("" if len(costs) == priced else " (some unpriced)")
    o = s.overall
    cards = [
        ("Success rate", "-" if o.rate is None else f"{100 * o.rate:.1f}%"),
        ("Success", str(o.success)),
        ("Tasks run", str(o.total)),
        ("Errors", str(o.errors)),
        ("Skipped", str(o.skipped)),
        ("Task time (sum)", f"{sum(times):.0f} s"),
        ("Model cost", cost_text),
    ]
    cards_html = "".join(f'<div class="card"><b>{escape(k)}</b>{escape(v)}</div>' for k, v in cards)
    figures = "".join(
        f'<figure><img src="{escape(p, quote=True)}" alt="{escape(t, quote=True)}"></figure>' for t, p in charts
    )
    drawn = {t for t, _ in charts}
    missing = " ".join(note for t, note in _NO_CHART.items() if t not in drawn)
    marker_counts = Counter(m for ms in markers for m in ms)
    sites = list(s.by_site)
    filters = (
        _select("f-site", "Site", sites)
        + _select("f-status", "Status", list(STATUSES))
        + _select("f-marker", "Marker", sorted(marker_counts))
        + '<span id="shown"></span>'
    )
    rows = "".join(_task_row(results_dir, r, m) for r, m in zip(records, markers, strict=False))
    title = f"Run report: {results_dir.resolve().name}"
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{_CSS}</style></head><body>"
        f"<header><h1>{escape(title)}</h1><p>Agent: {escape(who)}</p>"
        f"<p>Scoring: {escape(s.scoring)}</p></header><main>"
        f'<div class="cards">{cards_html}</div>'
        '<h2>Success rates</h2><div class="tables">'
        + _table("Site", s.by_site, s.overall)
        + _table("Site needed (each it needs)", s.by_needed_site)
        + _table("Difficulty (overall)", s.by_difficulty)
        + _table("Evaluator", s.by_eval_type)
        + _table("Input", input_rows)
        + "</div><p><small>Success rate = tasks with reward 1 / tasks run (errors included, skipped excluded)."
        "</small></p>"
        f'<h2>Charts</h2><div class="charts">{figures}</div>'
        + (f"<p><small>{escape(missing)}</small></p>" if missing else "")
        + autoeval_html(results_dir)
        + f'<h2>Tasks</h2><div class="filters">{filters}</div>'
        '<table id="tasks"><thead><tr><th>Task</th><th>Site</th><th>Status</th><th>Reward</th>'
        "<th>Failed checks / error</th><th>Steps</th><th>Time</th><th>Cost</th><th>Markers</th></tr></thead>"
        f"<tbody>{rows}</tbody></table></main><script>{_JS}</script></body></html>"
    )


def write_html_report(results_dir: Path) -> Path:
    """Read a results folder and write report.html (and its charts) into it; return the page's path."""
    results_dir = Path(results_dir)
    page = results_dir / REPORT_FILE
    page.write_text(render_html(results_dir, read_results(results_dir)), encoding="utf-8")
    return page
