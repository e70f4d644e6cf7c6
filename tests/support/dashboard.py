"""Signing up through the dashboard's own pages, for tests anywhere in the suite.

A pytest plugin (listed in ``tests/conftest.py``): the ``sign_up`` fixture is found by name, so
no test module imports it.
"""

import re

import pytest

from tests.conftest import PASSWORD, unique_email

TOKEN_RE = re.compile(r'name="csrf_token" value="([^"]+)"')


async def csrf_token_from(client, path: str = "/login") -> str:
    html = await (await client.get(path)).get_data(as_text=True)
    return TOKEN_RE.search(html).group(1)


@pytest.fixture
def sign_up(client):
    """Sign a new merchant up through the page; returns (email, csrf token of the session)."""

    async def make(legal_name: str = "Acme Software GmbH") -> tuple[str, str]:
        email = unique_email()
        token = await csrf_token_from(client, "/signup")
        response = await client.post(
            "/signup",
            form={
                "csrf_token": token,
                "email": email,
                "password": PASSWORD,
                "legal_name": legal_name,
                "display_name": "",
                "default_currency": "EUR",
            },
        )
        assert response.status_code == 303, await response.get_data(as_text=True)
        return email, await csrf_token_from(client, "/dashboard")

    return make
