"""The browser environment episodes run in (`BrowserEnv`), one module per concern:

    env.py       BrowserEnv: composes the objects below, each with its own state
    session.py   Session: the WebDriver session (driver, current window, browser-level socket, dialogs)
    driver.py    starting and quitting Chromium + ChromeDriver (local, or a Selenium Grid)
    devtools.py  Chromium's own DevTools socket;  reads.py: Channel, commands to the focused tab over it
    settle.py    Page: page loads and the settle wait;  tabs.py: Tabs, the agent's tabs
    observe.py   Reader: accessibility-tree and Set-of-Marks observations;  targets.py: what their ids point at
    act.py       Actions: executing actions;  replay.py: Resolver, element ids for reference solutions
    sandbox.py   Sandbox: the task's allow-list;  errors.py

May import: selenium, agent's own leaf modules (accessibility, actions, keys, load, observation, som,
watchdog). Never sites or evaluation. Callers use `from agent.browser import BrowserEnv, Observation, ...`.
"""

from agent.browser.env import MODES, BrowserEnv
from agent.browser.errors import ActionError, BrowserCrashed
from agent.observation import Observation, Tab

__all__ = ["MODES", "ActionError", "BrowserCrashed", "BrowserEnv", "Observation", "Tab"]
