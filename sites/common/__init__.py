"""Pieces every embedded site shares: the app factory (app), the live database and its reset (db), password
hashes (passwords), generated and uploaded photos and their cache (photos), request parameters, CSRF and formatting
(web), token comparison (tokens), redirect targets (redirects), sessions that end at logout and reset (sessions),
the login throttle (throttle), access-log escaping (logtext), generated data files (datafiles) and the
launchers' common steps (launch).

May import: flask, sites.config, sites.registry and sites.imagery (photos) only; every site imports it, it
imports no site.
"""
