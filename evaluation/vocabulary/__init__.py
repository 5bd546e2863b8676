"""Evaluation's shared vocabulary, the bottom layer every other imports: the errors of a run (errors.py), the checks,
rewards and states of an outcome (outcome.py), the sites' URL placeholders (placeholders.py), the task format's
constants and typed parts (spec.py) and the call syntax of program_html's helpers (helper_calls.py).

May import: nothing of evaluation but one another (tests/test_layout.py); this `__init__` imports nothing.
"""
