"""The accounts the homepage lists, per site."""

from __future__ import annotations

from dataclasses import dataclass

from sites.config import Settings


@dataclass(frozen=True)
class Account:
    site: str
    role: str
    login: str
    password: str


# The official benchmark's accounts (used by the docker stack; the embedded sites of later issues reuse them).
OFFICIAL = [
    Account("shopping", "customer", "emma.lopez@gmail.com", "Password.123"),
    Account("reddit", "user", "MarvelsGrantMan136", "test1234"),
]


def accounts_for(settings: Settings, live_sites: list[str]) -> list[Account]:
    from sites.classifieds.generate import BENCHMARK_USER, SELLER_PASSWORD

    accounts = [
        Account("classifieds", "benchmark user (Blake Sullivan)", BENCHMARK_USER["email"], BENCHMARK_USER["password"]),
        Account("classifieds", "any generated seller (seller00002 ... )", "seller00002@example.com", SELLER_PASSWORD),
    ]
    from sites.reddit.generate import GENERATED_PASSWORD

    accounts.append(
        Account(
            "reddit",
            "any generated user (see a forum's posts for names)",
            "e.g. the author of any post",
            GENERATED_PASSWORD,
        )
    )
    return accounts + OFFICIAL
