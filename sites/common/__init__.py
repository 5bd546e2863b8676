"""Pieces every embedded site shares (request parameters, CSRF, formatting).

May import: flask and sites.config only; every site imports it, it imports no site.
"""
