"""Dashboard routes through the in-process client: gates, CSRF, HTMX fragments, errors."""

from datetime import timedelta

import pytest

from billing.accounts import login_throttle
from tests.conftest import PASSWORD
from tests.support.dashboard import csrf_token_from


async def test_front_door_shows_sign_in_when_logged_out(client):
    response = await client.get("/")
    assert response.status_code == 200
    html = await response.get_data(as_text=True)
    assert "Log in to Tally" in html
    assert response.headers["Cache-Control"] == "no-store"


async def test_front_door_redirects_to_dashboard_when_logged_in(client, sign_up):
    await sign_up()
    response = await client.get("/")
    assert response.status_code == 302
    assert response.headers["Location"] == "/dashboard"


async def test_dashboard_needs_login_and_remembers_where_to_go(client):
    response = await client.get("/dashboard/settings?tab=x")
    assert response.status_code == 302
    assert response.headers["Location"] == "/login?next=/dashboard/settings?tab%3Dx"


async def test_htmx_request_without_session_asks_for_a_full_redirect(client):
    response = await client.get("/dashboard/api-keys", headers={"HX-Request": "true"})
    assert response.headers["HX-Redirect"].startswith("/login?next=")


async def test_log_in_ignores_offsite_next(client, merchant):
    token = await csrf_token_from(client)
    form = {"csrf_token": token, "email": merchant.email, "password": PASSWORD}
    response = await client.post("/login", form={**form, "next": "//evil.example/x"})
    assert response.status_code == 303
    assert response.headers["Location"] == "/dashboard"


async def test_log_in_follows_local_next(client, merchant):
    token = await csrf_token_from(client)
    form = {"csrf_token": token, "email": merchant.email, "password": PASSWORD}
    response = await client.post("/login", form={**form, "next": "/dashboard/settings"})
    assert response.headers["Location"] == "/dashboard/settings"


async def test_wrong_password_rerenders_with_error(client, merchant):
    token = await csrf_token_from(client)
    response = await client.post(
        "/login", form={"csrf_token": token, "email": merchant.email, "password": "nope-12345"}
    )
    assert response.status_code == 401
    assert "Invalid email or password" in await response.get_data(as_text=True)


async def test_post_without_csrf_token_is_refused(client, merchant):
    await client.get("/login")
    response = await client.post("/login", form={"email": merchant.email, "password": PASSWORD})
    assert response.status_code == 403
    assert "did not come from Tally" in await response.get_data(as_text=True)


async def test_sign_up_field_errors_come_from_the_service(client):
    token = await csrf_token_from(client, "/signup")
    response = await client.post(
        "/signup",
        form={
            "csrf_token": token,
            "email": "someone@example.com",
            "password": "short",
            "legal_name": "Acme",
            "default_currency": "USD",
        },
    )
    assert response.status_code == 422
    html = await response.get_data(as_text=True)
    assert 'aria-invalid="true"' in html
    assert "Password must be at least 10 characters long" in html


async def test_htmx_get_returns_only_the_panel(client, sign_up):
    await sign_up()
    full = await (await client.get("/dashboard/api-keys")).get_data(as_text=True)
    fragment = await (
        await client.get("/dashboard/api-keys", headers={"HX-Request": "true"})
    ).get_data(as_text=True)
    assert "<html" in full and "<html" not in fragment
    assert 'id="api-keys-panel"' in fragment
    assert "No API keys yet" in fragment


async def test_create_shows_key_once_and_revoke_answers_303(client, sign_up):
    _, token = await sign_up()
    switched = await client.post(
        "/dashboard/mode", form={"csrf_token": token, "mode": "test", "next": "/dashboard/api-keys"}
    )
    assert (switched.status_code, switched.headers["Location"]) == (303, "/dashboard/api-keys")
    created = await client.post(
        "/dashboard/api-keys",
        form={"csrf_token": token, "name": "Backend", "key_type": "secret"},
        headers={"HX-Request": "true"},
    )
    assert created.status_code == 201
    html = await created.get_data(as_text=True)
    value = html.split('id="new-key-value"', 1)[1].split('value="', 1)[1].split('"', 1)[0]
    assert value.startswith("sk_test_")
    listing = await (await client.get("/dashboard/api-keys")).get_data(as_text=True)
    assert value not in listing and "Backend" in listing
    key_id = listing.split('id="key-', 1)[1].split('"', 1)[0]
    revoked = await client.post(f"/dashboard/api-keys/{key_id}/revoke", form={"csrf_token": token})
    assert revoked.status_code == 303
    after = await (await client.get("/dashboard/api-keys")).get_data(as_text=True)
    assert "Revoked" in after and "is revoked" in after  # the flash, shown once
    again = await (await client.get("/dashboard/api-keys")).get_data(as_text=True)
    assert "is revoked" not in again
    auth = {"Authorization": f"Bearer {value}"}
    assert (await client.get("/v1/merchants/current", headers=auth)).status_code == 401


async def test_revoking_another_merchants_key_is_not_found(client, sign_up, merchant):
    _, token = await sign_up()
    other = await client.get("/v1/api-keys", headers=merchant.headers)
    key_id = (await other.get_json())["data"][0]["id"]
    response = await client.post(f"/dashboard/api-keys/{key_id}/revoke", form={"csrf_token": token})
    assert response.status_code == 303
    page = await (await client.get("/dashboard/api-keys")).get_data(as_text=True)
    assert "API key not found or access denied" in page


async def test_bad_dunning_schedule_is_a_field_error(client, sign_up):
    _, token = await sign_up()
    response = await client.post(
        "/dashboard/settings/dunning",
        form={
            "csrf_token": token,
            "retry_schedule_days": "5, 3",
            "grace_period_days": "7",
            "end_action": "pause",
        },
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 422
    html = await response.get_data(as_text=True)
    assert "Retry schedule must be in strictly increasing order" in html


async def test_user_data_is_escaped(client, sign_up):
    await sign_up(legal_name="<script>alert(1)</script>")
    html = await (await client.get("/dashboard")).get_data(as_text=True)
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


async def test_repeated_failures_are_throttled_with_429(client, merchant, monkeypatch):
    # A minute's wait instead of a second: on a loaded machine the five slow password checks
    # can outlast one second, and the sixth attempt would then be let through.
    monkeypatch.setattr(login_throttle, "FIRST_WAIT", timedelta(minutes=1))
    token = await csrf_token_from(client)
    form = {"csrf_token": token, "email": merchant.email, "password": "wrong-password-1"}
    for _ in range(5):
        assert (await client.post("/login", form=form)).status_code == 401
    response = await client.post("/login", form={**form, "password": PASSWORD})
    assert response.status_code == 429
    assert "Too many failed log-in attempts" in await response.get_data(as_text=True)


async def test_unknown_page_uses_the_layout(client):
    response = await client.get("/no-such-page")
    assert response.status_code == 404
    html = await response.get_data(as_text=True)
    assert "Error 404" in html and "tally.css" in html


async def test_log_out_needs_post_with_token_and_clears_the_session(client, sign_up):
    _, token = await sign_up()
    assert (await client.post("/logout")).status_code == 403
    response = await client.post("/logout", form={"csrf_token": token})
    assert response.status_code == 303 and response.headers["Location"] == "/login"
    assert (await client.get("/dashboard")).status_code == 302


async def test_htmx_history_restore_gets_the_whole_page(client, sign_up):
    """The back button to a URL htmx pushed asks with HX-Request too, but needs the page."""
    await sign_up()
    fragment = await client.get("/dashboard/customers?q=a", headers={"HX-Request": "true"})
    restore = await client.get(
        "/dashboard/customers?q=a",
        headers={"HX-Request": "true", "HX-History-Restore-Request": "true"},
    )
    assert "<html" not in await fragment.get_data(as_text=True)
    assert "<html" in await restore.get_data(as_text=True)


@pytest.mark.parametrize("target", ["/dashboard\r\nSet-Cookie: x=1", "/dash\x00board", "/a\x7fb"])
async def test_a_next_with_control_characters_lands_on_the_dashboard(client, merchant, target):
    token = await csrf_token_from(client)
    form = {"csrf_token": token, "email": merchant.email, "password": PASSWORD, "next": target}
    response = await client.post("/login", form=form)
    assert response.status_code == 303
    assert response.headers["Location"] == "/dashboard"
    again = await client.get("/login", query_string={"next": target})
    assert (again.status_code, again.headers["Location"]) == (302, "/dashboard")
