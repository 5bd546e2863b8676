"""Every numeric parameter of every embedded site (tests/sites/numeric_params.py), sent the same family of bad
values: each answer is a 2xx/3xx page or a clear 4xx, never a 500."""

from __future__ import annotations

import pytest

from tests.sites.fixtures import hidden_field
from tests.sites.numeric_params import BAD_NUMBERS, SITES
from tests.sites.reddit.conftest import (  # noqa: F401  (fixtures)
    MARVEL,
    forum,
    forum_app,
    forum_data,
    forum_settings,
    log_in,
)
from tests.sites.shopping.conftest import emma, shop, shop_app, shop_data, shop_settings  # noqa: F401
from tests.sites.test_homepage import home  # noqa: F401


@pytest.fixture
def marvel(forum):  # noqa: F811
    assert log_in(forum).status_code == 302
    return forum


def _token(client, site) -> str:
    if not site.token_field:
        return ""
    return hidden_field(client, site.token_page, site.token_field)


@pytest.mark.parametrize("name", sorted(SITES))
def test_bad_numbers_on_every_numeric_parameter_are_4xx_never_500(request, name):
    site = SITES[name]
    client = request.getfixturevalue(site.client_fixture)
    token = _token(client, site)
    failures = []
    for value in BAD_NUMBERS:
        for route in site.get:
            status = client.get(route.replace("{v}", value)).status_code
            if not (200 <= status < 500):
                failures.append(f"GET {route} v={value[:20]!r}: {status}")
        for route, fields in site.post:
            data = {k.replace("{v}", value): v.replace("{v}", value) for k, v in fields.items()}
            if site.token_field:
                data[site.token_field] = token
            status = client.post(route.replace("{v}", value), data=data).status_code
            if not (200 <= status < 500):
                failures.append(f"POST {route} {sorted(fields)} v={value[:20]!r}: {status}")
    assert not failures, "\n".join(failures)


def test_every_registered_site_with_an_app_lists_its_numeric_parameters():
    """The list above follows the registry (sites/registry.py): a site whose app this project serves is tested
    here once it names its parameters in tests/sites/numeric_params.py (kiwix-serve is not ours)."""
    from sites.launchers import LAUNCHERS

    assert set(SITES) == {name for name, launcher in LAUNCHERS.items() if launcher.create_app is not None}
