"""The pytest11 entry point `evaluation.plugin` (pyproject.toml; `-p evaluation.plugin`, `-p no:evaluation.plugin`).

The plugin itself is `evaluation.harness.plugin`; this module only lends it the registered name, so that
the entry point, `python -m evaluation.run` and installs made before the move name the same plugin once.
"""

from evaluation.harness.plugin import *  # noqa: F403  (its pytest_* hooks: pytest finds them here)
