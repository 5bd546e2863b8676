"""Tools for developing and testing the project that are not part of the installed packages: openai_stub, a local
OpenAI-compatible HTTP server with scripted replies (the tests, the benchmarks and the AgentLab study talk to it in
place of a paid model API). Importable from a checkout (the tests and benchmarks run from the project's root)."""
