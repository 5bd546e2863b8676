"""Pieces every embedded site shares (request parameters, CSRF, formatting)."""
