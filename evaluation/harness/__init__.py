"""The harness of a run, the orchestration layer (tests/test_layout.py), beside distributed/ (the Ray backend) and
bgym/ (BrowserGym): the pytest plugin that makes each task one test item (plugin.py), the run options it and the
Ray launcher declare once (options.py), and offline re-scoring of a finished run (rescore.py).

May import every layer below: evaluation.running, evaluation.reporting, evaluation.rewards, evaluation.taskfiles,
evaluation.scoring, evaluation.vocabulary. This `__init__` imports nothing.
"""
