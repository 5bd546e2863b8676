"""Running one task: the per-worker runtime (runtime.py: sites, reset, browser, login, episode, scoring,
result line), the stacks of sites it starts or points at (stacks.py), login recipes (login.py), the per-site
locks of the docker stack (site_locks.py); and the small vocabulary everything else shares: errors
(errors.py), the checks and reward of scoring (outcome.py) and the URL placeholders (placeholders.py).

May import: errors, outcome, placeholders, login and site_locks nothing of evaluation; runtime and
stacks import evaluation.scoring, evaluation.taskfiles.loader and evaluation.reporting.results, agent
and sites.
"""
