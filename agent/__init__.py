"""The browser agent: Selenium browser environment, observations, actions, agents, model client, episode loop."""
