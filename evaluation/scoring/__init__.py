"""Scoring: the reward functions of the VWA format (evaluators.py) and what they are made of: string
matching in official and strict modes (matching.py, wordtokens.py), the named helpers of program_html and
their registry (helpers.py; their call syntax is evaluation/vocabulary/helper_calls.py), images and SSIM
(images.py), the judge and VQA models (judges.py), and the sites' own records (site_api/).

May import: evaluation.vocabulary, evaluation.taskfiles.loader (the task being scored), agent's model clients
(llm, blip2), sites.config. Never the plugin, the runtime or reporting.
"""
