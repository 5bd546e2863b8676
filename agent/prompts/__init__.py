"""Prompts of the model-backed agents: instructions, in-context examples, message building, reply parsing."""
