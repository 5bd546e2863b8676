"""The accounts the homepage lists: per registered site (sites/registry.py), the account its login uses, then the
site's further accounts (its spec's `accounts`)."""

from __future__ import annotations

from dataclasses import dataclass

from sites.config import Settings


@dataclass(frozen=True)
class Account:
    site: str
    role: str
    login: str
    password: str


def accounts_for(settings: Settings, live_sites: list[str]) -> list[Account]:
    from sites.registry import site_specs

    accounts = []
    for name, spec in site_specs().items():
        if spec.login is not None:
            login = spec.login
            accounts.append(Account(name, login.role, login.default_user, login.default_password))
        for extra in spec.accounts() if spec.accounts else ():
            accounts.append(Account(name, extra.role, extra.login, extra.password))
    return accounts
