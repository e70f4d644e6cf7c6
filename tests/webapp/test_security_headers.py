"""Security headers: nosniff on every answer, a Content-Security-Policy on every page, and no
framing of the dashboard (the embed excepted). Browser tests fail on any CSP violation."""

import pytest

from tests.webapp.conftest import csrf_token_from


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
