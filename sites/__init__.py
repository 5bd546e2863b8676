"""The sites: the embedded web apps (classifieds/, shopping/, reddit/, homepage/, wikipedia/ with the real
kiwix-serve), their shared hardening (common/) and photos (imagery/); the arena that starts, checks and
resets them (arena, launchers, serve, config, envfile, `python -m sites`); and the docker stack of the
official images (docker_stack, docker_config).

Every site is declared once, as a SiteSpec in sites/registry.py; this project's register here, on first import
of any part of the package (sites/builtin.py, from each site's site.py).

May import: its own modules only. Never agent or evaluation.
"""

from sites.builtin import register_builtin_sites

register_builtin_sites()
