"""`python -m evaluation.autoeval`: a vision model judges each episode of a finished run
(evaluation/reporting/autoeval.py)."""

import sys

from evaluation.reporting.autoeval import main

if __name__ == "__main__":
    sys.exit(main())
