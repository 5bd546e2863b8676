"""Task files: the VWA task format, its loader and the pytest plugin that makes each task a test item.
(Docstring completed with the package's import rules in a later commit.)"""
