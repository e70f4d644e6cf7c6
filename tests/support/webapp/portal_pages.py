"""Helpers for tests of webapp/portal_pages, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

import re

from tests.support.factories.portal import session_token

HX = {"HX-Request": "true"}


CSRF_RE = re.compile(r'"X-CSRF-Token": "([^"]+)"')


async def html_of(response) -> str:
    return await response.get_data(as_text=True)


async def opens(client, token: str):
    """The link's answer: the cookie, and a page that moves on to /portal/ at once."""
    opened = await client.get(f"/portal/{token}")
    assert opened.status_code == 200
    assert '<meta http-equiv="refresh" content="0;url=/portal/">' in await html_of(opened)
    return opened


async def signed_in(client, merchant_id: str, customer) -> tuple[str, str]:
    """Open the customer's portal link; answers the page and its CSRF token."""
    client.cookie_jar.clear()
    token = await session_token(merchant_id, customer)
    await opens(client, token)
    page = await html_of(await client.get("/portal/"))
    return page, CSRF_RE.search(page).group(1)


async def post(client, path: str, csrf: str, form: dict | None = None, headers=HX):
    return await client.post(path, form=form or {}, headers={**headers, "X-CSRF-Token": csrf})
