"""Helpers for driving dashboard pages with the in-process client (no browser)."""

from dataclasses import replace

import pytest

from billing.payments import setup as payments_setup
from webapp.app import create_app


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
