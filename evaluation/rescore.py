"""`python -m evaluation.rescore`: re-score a finished run offline from its result lines and network logs
(evaluation/harness/rescore.py)."""

import sys

from evaluation.harness.rescore import main

if __name__ == "__main__":
    sys.exit(main())
