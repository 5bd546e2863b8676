"""The suites as a BrowserGym benchmark (issue 39): the logic behind the thin `browsergym.vwa_arena` package.

- chromium.py: Playwright launches Debian's Chromium (no browser download).
- driver.py: the scoring `Driver` protocol (evaluation/scoring/driver.py) over a Playwright browser context.
- session.py: one task's setup (sites reset, sessions, start URLs, goal with its images, the agent's reach held
  to the task's sites) and validation (this project's evaluators, official or strict).
- suites.py: the tasks of tasks/*.json as (suite, task id) pairs and their gymnasium ids.

Playwright (the `browsergym` extra) is imported only by driver.py and session.py.
"""
