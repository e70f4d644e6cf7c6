"""Helpers for driving dashboard pages with the in-process client (no browser)."""

import re
from dataclasses import replace

import pytest

from billing.payments import setup as payments_setup
from tests.conftest import PASSWORD, unique_email
from webapp.app import create_app

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


@pytest.fixture
def https_app(app, settings):
    """The app as made for the public URL ``https://billing.example.com``, beside the session's
    own: it runs no lifespan of its own (the ORM the session's app opened serves both), and
    the payments configuration its making replaced is put back afterwards."""
    original = payments_setup.current()
    try:
        yield create_app(replace(settings, public_url="https://billing.example.com"))
    finally:
        payments_setup.configure(original)


def cookie_attributes(response, name: str) -> list[list[str]]:
    """The attributes (``Secure``, ``HttpOnly``, ...) of each ``Set-Cookie`` for ``name``."""
    return [
        [part.strip() for part in header.split(";")][1:]
        for header in response.headers.getlist("Set-Cookie")
        if header.startswith(f"{name}=")
    ]
