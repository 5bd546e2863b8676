"""Prompts of the model-backed agents: instructions, in-context examples, message building, reply parsing.

May import: agent's leaf modules (observation, som, tokens, captioner); make_examples.py alone starts a
browser (agent.browser) to regenerate the in-context examples. Never sites or evaluation.
"""
