"""Sessions end when their user logs out (everywhere), their cookie is Secure behind HTTPS,
and the caller's address is the peer's unless a trusted proxy forwards it."""

import dataclasses
from ipaddress import ip_network

from billing.accounts.models import LoginAttempt
from tests.conftest import PASSWORD, unique_email
from tests.support.dashboard import csrf_token_from
from tests.webapp.conftest import cookie_attributes

SESSION_COOKIE = "tally_session"


async def log_in_and_out(client, merchant) -> list:
    """The session cookies set along the way: the log-in page's (it holds the CSRF token),
    the log-in's and the log-out's."""
    page = await client.get("/login")
    token = await csrf_token_from(client)
    form = {"csrf_token": token, "email": merchant.email, "password": PASSWORD}
    logged_in = await client.post("/login", form=form)
    assert logged_in.status_code == 303
    logged_out = await client.post(
        "/logout", form={"csrf_token": await csrf_token_from(client, "/dashboard")}
    )
    assert logged_out.status_code == 303
    return [
        attributes
        for response in (page, logged_in, logged_out)
        for attributes in cookie_attributes(response, SESSION_COOKIE)
    ]


async def test_an_https_public_url_makes_the_session_cookie_secure(https_app, merchant):
    """No second setting: ``TALLY_PUBLIC_URL=https://…`` is enough."""
    cookies = await log_in_and_out(https_app.test_client(), merchant)
    assert len(cookies) >= 3
    for attributes in cookies:
        assert {"Secure", "HttpOnly", "SameSite=Lax", "Path=/"} <= set(attributes), attributes


async def test_an_http_public_url_leaves_the_session_cookie_plain(client, merchant):
    """``make run`` on a laptop: a Secure cookie would never come back over http."""
    cookies = await log_in_and_out(client, merchant)
    assert cookies and all("Secure" not in attributes for attributes in cookies)
    assert all("HttpOnly" in attributes for attributes in cookies)


async def test_logging_out_ends_a_copied_session_too(app, client, sign_up):
    _, token = await sign_up()
    copy = app.test_client()
    for cookie in client.cookie_jar:
        copy.cookie_jar.set_cookie(cookie)
    assert (await copy.get("/dashboard")).status_code == 200
    response = await client.post("/logout", form={"csrf_token": token})
    assert response.status_code == 303
    # the copy still holds a validly signed cookie, but its session has ended
    assert (await copy.get("/dashboard")).status_code == 302
    # and the /v1 route that takes dashboard sessions refuses it as logged out
    created = await copy.post(
        "/v1/merchants/onboarding-create-merchant",
        json={"legalName": "Second Co"},
        headers={"X-CSRF-Token": token},
    )
    assert created.status_code == 401


async def failed_log_in(client, email: str, forwarded_for: str) -> None:
    """A failed log-in arriving from the peer 10.0.0.5 with this ``X-Forwarded-For``."""
    token = await csrf_token_from(client)
    form = {"csrf_token": token, "email": email, "password": "wrong-password-1"}
    response = await client.post(
        "/login",
        form=form,
        headers={"X-Forwarded-For": forwarded_for},
        scope_base={"client": ("10.0.0.5", 40000)},
    )
    assert response.status_code == 401


async def test_forwarded_for_is_ignored_unless_the_peer_is_a_trusted_proxy(
    app, client, monkeypatch
):
    email = unique_email("nobody")
    await failed_log_in(client, email, "203.0.113.9")
    assert (await LoginAttempt.get(email=email)).ip_address == "10.0.0.5"

    settings = app.extensions["tally.settings"]
    trusted = dataclasses.replace(settings, trusted_proxies=(ip_network("10.0.0.0/24"),))
    monkeypatch.setitem(app.extensions, "tally.settings", trusted)
    other = unique_email("nobody")
    await failed_log_in(client, other, "198.51.100.4, 203.0.113.9, 10.0.0.7")
    # the right-most address that is not a trusted proxy: the client as the proxy saw it
    assert (await LoginAttempt.get(email=other)).ip_address == "203.0.113.9"
