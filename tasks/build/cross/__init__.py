"""Multi-site task kinds that mirror official VisualWebArena templates, one module per main site (the site whose
official file holds the template): classifieds.py, reddit.py, shopping.py, each with TEMPLATES, a list of
functions taking the multi-site Suite (tasks/build/multisite.py), which builds them after its own."""
