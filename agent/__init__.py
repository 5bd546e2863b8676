"""The browser agent: the browser environment (browser/), observations (observation, accessibility, som),
the action space (actions, keys), agents (agents/) and their prompts (prompts/), the model client (llm,
tokens, usage, captioner, blip2), the episode loop (episode, trajectory, network) and the process hygiene
of a worker (load, watchdog). The local stand-in for a model API lives outside the package (devtools/openai_stub.py).

May import: selenium and its own modules. Never sites or evaluation: the agent reaches the sites only over
HTTP, through the browser.
"""
