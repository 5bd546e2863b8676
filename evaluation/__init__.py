"""Evaluation: each task of a VWA-format file run as a pytest item and scored by the benchmark's reward
functions, with the results and reports of a run. Subpackages by responsibility (the layers, top to bottom, are
listed in tests/test_layout.py's EVALUATION_LAYERS):

    taskfiles/  the task loader, the markers, the run options and the pytest plugin
    scoring/    reward functions, string matching, named helpers, images, judges, site APIs
    running/    one task's run: per-worker runtime, stacks of sites, login, site locks
    vocabulary/ what every layer shares, importing nothing of evaluation: errors, outcome (checks, rewards and
                states), placeholders, spec (the format's vocabulary), helper_calls (program_html's call syntax)
    reporting/  result lines, success tables, report.html, merge, offline re-scoring, auto-evaluation, verify

The modules here are entry points only: `plugin` (the pytest11 entry point), `run` (`make eval`) and the
command lines `report`, `verify`, `rescore`, `autoeval`. May import agent and sites (never the other way).
"""
