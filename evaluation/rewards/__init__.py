"""Reward functions: the VWA format's evaluators as a registry (evaluators.py), the images they read (images.py:
input and reference images, images on pages, SSIM) and the judge and VQA models (judges.py).

The layer above the task files (tests/test_layout.py): may import evaluation.taskfiles (the task being scored),
evaluation.scoring (matching, helpers, the Driver protocol), evaluation.vocabulary, agent's model clients (llm,
blip2) and sites.config. Never the runtime, reporting or the harness. This `__init__` imports nothing.
"""
