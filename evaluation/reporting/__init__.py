"""Results and reports of a run folder: result lines (results.py, result.schema.json), model usage
(usage.py), success tables and report.md (report.py), report.html (report_html.py), merging shard folders
(merge.py), the auto-evaluator and its report section (autoeval.py, autoeval_report.py), and the reproducibility
check with its fingerprints (verify.py, fingerprints.py). Offline re-scoring, which runs the reward functions
again, is evaluation/harness/rescore.py.

May import: results, usage, report, merge and fingerprints nothing of evaluation outside this package but
evaluation.vocabulary; report_html reads evaluation.taskfiles (markers), autoeval agent.llm, verify the sites'
data modules. Never the runtime or the harness.
"""
