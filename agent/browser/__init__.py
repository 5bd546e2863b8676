"""The browser environment (placeholder docstring, completed below in the split commit)."""
from agent.browser.env import MODES, ActionError, BrowserCrashed, BrowserEnv, _Reads  # noqa: F401
from agent.observation import Observation, Tab  # noqa: F401
