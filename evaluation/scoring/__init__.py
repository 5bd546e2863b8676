"""Scoring primitives, what the reward functions (evaluation/rewards/) are made of: string matching in official and
strict modes (matching.py, wordtokens.py), the named helpers of program_html and their registry (helpers.py; their
call syntax is evaluation/vocabulary/helper_calls.py), the Driver protocol the scoring reads pages through
(driver.py) and the sites' own records (site_api/).

The layer below the task files (the loader checks `func:` calls against the helper registry): may import only
evaluation.vocabulary, sites.config. This `__init__` imports nothing.
"""
