"""Pieces every embedded site shares: request parameters, CSRF and formatting (web), token comparison (tokens),
redirect targets (redirects), sessions that end at logout and reset (sessions), the login throttle (throttle),
access-log escaping (logtext) and generated data files (datafiles).

May import: flask and sites.config only; every site imports it, it imports no site.
"""
