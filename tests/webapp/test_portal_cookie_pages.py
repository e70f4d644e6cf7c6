"""The portal cookie's Secure flag follows Tally's public URL: behind https (every real
deployment) the browser must never send the session over plain http; on an http public URL
(a laptop, the tests' own) a Secure cookie would never come back, so it is left off
(tests/webapp/test_portal_pages.py checks that side)."""

import re

from tests.support.factories.portal import known_customer, session_token
from tests.webapp.conftest import cookie_attributes

CSRF_RE = re.compile(r'name="csrf_token" value="([^"]+)"')


async def test_an_https_public_url_makes_the_cookie_secure(https_app, merchant):
    client = https_app.test_client()
    customer = await known_customer(merchant.id)
    token = await session_token(merchant.id, customer)
    opened = await client.get(f"/portal/{token}")
    assert opened.status_code == 200
    [attributes] = cookie_attributes(opened, "tally_portal")
    assert "Secure" in attributes and "HttpOnly" in attributes
    assert "SameSite=Strict" in attributes and "Path=/" in attributes

    # Signing out clears it with the same attributes (a browser keeps a Secure cookie
    # unless the clearing one is Secure too).
    home = await client.get("/portal/")
    assert home.status_code == 200
    csrf = CSRF_RE.search(await home.get_data(as_text=True)).group(1)
    out = await client.post(
        "/portal/sign-out", form={"csrf_token": csrf}, headers={"X-CSRF-Token": csrf}
    )
    assert out.status_code == 200
    [cleared] = cookie_attributes(out, "tally_portal")
    assert "Secure" in cleared and "SameSite=Strict" in cleared
    assert "Max-Age=0" in cleared or any(a.startswith("Expires=Thu, 01 Jan 1970") for a in cleared)
