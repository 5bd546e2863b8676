"""`python -m evaluation.report`: the success tables and run report of a results folder, and `merge` of shard folders
(evaluation/reporting/report.py)."""

import sys

from evaluation.reporting.report import main

if __name__ == "__main__":
    sys.exit(main())
