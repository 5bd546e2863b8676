"""Evaluation: each task of a VWA-format file run as a pytest item and scored by the benchmark's reward
functions, with the results and reports of a run. Subpackages by responsibility (the layers, top to bottom, are
listed in tests/test_layout.py's EVALUATION_LAYERS):

    harness/     the pytest plugin, the run options, offline re-scoring  } orchestration
    distributed/ the Ray backend; bgym/ the BrowserGym path                }
    running/     one task's run: per-worker runtime, stacks of sites, login, site locks, --prove
    reporting/   result lines, success tables, report.html, merge, auto-evaluation, verify
    rewards/     the reward functions (evaluators), images and SSIM, the judge and VQA models
    taskfiles/   the task loader and the markers
    scoring/     string matching, named helpers, the Driver protocol, site APIs
    vocabulary/  what every layer shares, importing nothing of evaluation: errors, outcome (checks, rewards and
                 states), placeholders, spec (the format's vocabulary), helper_calls (program_html's call syntax)

Each folder is one layer and imports only its own layer and those below it.

The modules here are entry points only: `plugin` (the pytest11 entry point), `run` (`make eval`) and the
command lines `report`, `verify`, `rescore`, `autoeval`. May import agent and sites (never the other way).
"""
