"""The portal cookie's Secure flag follows Tally's public URL: behind https (every real
deployment) the browser must never send the session over plain http; on an http public URL
(a laptop, the tests' own) a Secure cookie would never come back, so it is left off
(tests/webapp/test_portal_pages.py checks that side)."""

import dataclasses

from tests.portal_factories import known_customer, session_token


async def test_an_https_public_url_makes_the_cookie_secure(app, client, merchant, monkeypatch):
    settings = app.extensions["tally.settings"]
    https = dataclasses.replace(settings, public_url="https://billing.example.com")
    monkeypatch.setitem(app.extensions, "tally.settings", https)
    customer = await known_customer(merchant.id)
    token = await session_token(merchant.id, customer)
    opened = await client.get(f"/portal/{token}")
    assert opened.status_code == 200
    [cookie] = [c for c in opened.headers.getlist("Set-Cookie") if c.startswith("tally_portal=")]
    attributes = [part.strip() for part in cookie.split(";")]
    assert "Secure" in attributes and "HttpOnly" in attributes
    assert "SameSite=Strict" in attributes and "Path=/" in attributes
