pytest_plugins = ["evaluation.plugin"]
