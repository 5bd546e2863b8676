"""Task files: the loader that validates a file into `Task`s (loader.py; the format's vocabulary is
evaluation/vocabulary/spec.py) and the pytest markers of a task (markers.py). The run options and the pytest
plugin are evaluation/harness/.

May import: evaluation.vocabulary; the loader also evaluation.scoring.helpers (the helper registry, to check
`func:` calls at load) and agent.agents.reference (the solution step grammar). This `__init__` imports nothing.
"""
