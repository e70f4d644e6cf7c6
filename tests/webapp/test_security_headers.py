"""Security headers: nosniff on every answer, a Content-Security-Policy on every page, no
framing of the dashboard (the embed excepted), and Strict-Transport-Security on every answer
when the public URL is https (never when it is http). Browser tests fail on any CSP
violation."""

import pytest

from tests.support.dashboard import csrf_token_from
from tests.support.factories.portal import known_customer, session_token

HSTS = "max-age=31536000"


@pytest.mark.parametrize("path", ["/login", "/signup", "/no-such-page", "/docs"])
async def test_pages_carry_a_policy_and_refuse_framing(client, path):
    response = await client.get(path)
    assert response.mimetype == "text/html"
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self';" in policy and "frame-ancestors 'none'" in policy
    assert "'unsafe-inline'" not in policy.split("style-src")[0]  # never for scripts
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"


async def test_dashboard_pages_after_log_in_too(client, sign_up):
    await sign_up()
    for path in ("/dashboard", "/dashboard/customers", "/dashboard/plans", "/dashboard/tax"):
        response = await client.get(path)
        assert response.status_code == 200, path
        assert response.headers["X-Frame-Options"] == "DENY"
        assert "style-src 'self';" in response.headers["Content-Security-Policy"]


async def test_json_and_static_files_are_not_sniffed(client, merchant):
    answers = [
        await client.get("/v1/customers", headers=merchant.headers),
        await client.get("/v1/nothing", headers=merchant.headers),
        await client.get("/static/tally.css"),
        await client.get("/healthz"),
    ]
    for response in answers:
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert "X-Frame-Options" not in response.headers


async def test_no_page_needs_an_inline_script(client):
    html = await (await client.get("/login")).get_data(as_text=True)
    assert "<script>" not in html and "<script src=" in html
    assert await csrf_token_from(client)


async def answers_of_every_kind(client, merchant) -> dict:
    """One answer from each way a request can be served: a page, a missing page, the portal,
    a /v1 route and its error, the fast lane, a static file, the health check."""
    token = await session_token(merchant.id, await known_customer(merchant.id))
    return {
        "page": await client.get("/login"),
        "missing page": await client.get("/no-such-page"),
        "portal": await client.get(f"/portal/{token}"),
        "api": await client.get("/v1/customers", headers=merchant.headers),
        "api error": await client.get("/v1/customers"),
        "fast lane": await client.get(
            "/v1/entitlements/cust_nobody/feature/none", headers=merchant.headers
        ),
        "static file": await client.get("/static/tally.css"),
        "health": await client.get("/healthz"),
    }


async def test_an_https_public_url_sends_hsts_on_every_answer(https_app, merchant):
    answers = await answers_of_every_kind(https_app.test_client(), merchant)
    assert answers["portal"].status_code == 200 and answers["api"].status_code == 200
    for kind, response in answers.items():
        assert response.headers.getlist("Strict-Transport-Security") == [HSTS], kind


async def test_an_http_public_url_sends_no_hsts(client, merchant):
    """On ``make run``'s http://127.0.0.1:8000 it would lock the browser out for a year."""
    for kind, response in (await answers_of_every_kind(client, merchant)).items():
        assert "Strict-Transport-Security" not in response.headers, kind
