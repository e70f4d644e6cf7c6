"""Helpers for tests of webapp/catalog_pages, shared with other test modules.

A test module is collected by pytest, never imported: helpers other tests need live here,
so no test depends on another test module.
"""

from urllib.parse import urlencode

from billing.accounts.models import Membership


async def signed_up(sign_up) -> tuple[str, str]:
    """Sign a merchant up through the page; returns (merchant id, csrf token)."""
    email, token = await sign_up()
    membership = await Membership.filter(user__email=email).first()
    return membership.merchant_id, token


HX = {"HX-Request": "true"}


FORM = {"Content-Type": "application/x-www-form-urlencoded"}


async def post_form(client, path: str, form: dict, headers: dict | None = None):
    """POST a form whose fields may repeat (lists), as a browser sends checkboxes and rows."""
    data = urlencode(form, doseq=True).encode()
    return await client.post(path, data=data, headers={**FORM, **(headers or {})})


async def html_of(response) -> str:
    return await response.get_data(as_text=True)
