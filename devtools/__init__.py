"""Tools for developing and testing the project that are not part of the installed packages: openai_stub, a local
OpenAI-compatible HTTP server with scripted replies (the tests, the benchmarks and the AgentLab study talk to it in
place of a paid model API), and local_http, what the stand-in HTTP servers share (a server on a free port, one
whole reply). Importable from a checkout (the tests and benchmarks run from the project's root)."""
