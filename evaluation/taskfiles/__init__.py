"""Task files: the loader that validates a file into `Task`s (loader.py; the format's vocabulary is
evaluation/vocabulary/spec.py), the pytest markers of a task (markers.py), the run options (options.py) and the
pytest plugin that makes each task one test item (plugin.py).

May import: markers only evaluation.vocabulary; the loader also evaluation.scoring.helpers (the helper registry,
to check `func:` calls at load) and agent.agents.reference (the solution step grammar); options and the plugin,
being the top (the orchestration layer), evaluation.running and evaluation.reporting.
"""
