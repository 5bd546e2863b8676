"""The browser environment episodes run in (`BrowserEnv`), one module per concern:

    session.py   BrowserEnv: the WebDriver session and what the env keeps about it
    driver.py    starting and quitting Chromium + ChromeDriver (local, or a Selenium Grid)
    devtools.py  Chromium's own DevTools socket;  reads.py: commands to the focused tab over it or ChromeDriver
    settle.py    page loads and the settle wait;  tabs.py: tab bookkeeping
    observe.py   accessibility-tree and Set-of-Marks observations and their marks
    act.py       executing actions;  replay.py: element ids for reference solutions;  errors.py

May import: selenium, agent's own leaf modules (accessibility, actions, keys, load, observation, som,
watchdog). Never sites or evaluation. Callers use `from agent.browser import BrowserEnv, Observation, ...`.
"""

from agent.browser.errors import ActionError, BrowserCrashed
from agent.browser.session import MODES, BrowserEnv
from agent.observation import Observation, Tab

__all__ = ["MODES", "ActionError", "BrowserCrashed", "BrowserEnv", "Observation", "Tab"]
