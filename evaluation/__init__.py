"""Evaluation: the task format, reward functions, named helpers, judges, pytest plugin, results and reports."""
