"""`python -m evaluation.verify`: reproducibility: regenerated data and task files against
data-manifest.json, and two reference runs (evaluation/reporting/verify.py).
"""

import sys

from evaluation.reporting.verify import main

if __name__ == "__main__":
    sys.exit(main())
