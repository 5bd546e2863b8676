"""Running one task: the per-worker runtime (runtime.py: sites, reset, browser, login, episode, scoring,
result line), the stacks of sites it starts or points at (stacks.py), login recipes (login.py), the per-site
locks of the docker stack (site_locks.py).

May import: evaluation.vocabulary; login and site_locks nothing else of evaluation; runtime and stacks import
evaluation.scoring, evaluation.taskfiles.loader and evaluation.reporting.results, agent and sites.
"""
