"""Evaluation: each task of a VWA-format file run as a pytest item and scored by the benchmark's reward
functions, with the results and reports of a run. Four subpackages by responsibility:

    taskfiles/  the task format (spec), its loader, the markers and the pytest plugin
    scoring/    reward functions, string matching, named helpers and their calls, images, judges, site APIs
    running/    one task's run: per-worker runtime, stacks of sites, login, site locks; errors, outcome, placeholders
    reporting/  result lines, success tables, report.html, merge, offline re-scoring, auto-evaluation, verify

The modules here are entry points only: `plugin` (the pytest11 entry point), `run` (`make eval`) and the
command lines `report`, `verify`, `rescore`, `autoeval`. May import agent and sites (never the other way).
"""
