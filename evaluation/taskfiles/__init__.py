"""Task files: the VWA format's vocabulary (spec.py: constants and the typed parts of a task), the loader that
validates a file into `Task`s (loader.py), the pytest markers of a task (markers.py) and the pytest plugin that
makes each task one test item (plugin.py).

May import: spec and markers only evaluation.scoring.helper_calls and the loader; the loader also
evaluation.running (errors, placeholders), evaluation.scoring.helpers (the helper registry, to check
`func:` calls at load) and agent.agents.reference (the solution step grammar); the plugin, being the top,
evaluation.running.runtime and evaluation.reporting.
"""
