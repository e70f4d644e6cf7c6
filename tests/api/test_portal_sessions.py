"""POST /v1/customers/portal/sessions: a link to the hosted portal for one customer, made with
a secret key only; the link's token is a session for the portal routes. Bad ``returnUrl``,
missing or unknown customers change nothing. A cookie-borne session cannot write from another
site."""

from datetime import datetime, timedelta

from billing.core.models import utcnow
from billing.payments import setup
from billing.portal.models import PortalSession
from billing.portal.sessions import token_hash
from tests.support.factories.portal import (
    RETURN_URL,
    card,
    known_customer,
    live_method,
    portal_headers,
    token_of,
)

SESSIONS = "/v1/customers/portal/sessions"


async def _create(client, headers, body):
    response = await client.post(SESSIONS, json=body, headers=headers)
    return response.status_code, await response.get_json()


async def test_a_link_opens_the_portal_for_that_customer_for_an_hour(client, merchant):
    customer = await known_customer(merchant.id)
    before = utcnow()
    status, body = await _create(
        client,
        merchant.headers,
        {"externalCustomerId": customer.external_customer_id, "returnUrl": RETURN_URL},
    )
    assert status == 201, body
    public = setup.current().public_url.rstrip("/")
    assert body["url"].startswith(f"{public}/portal/ptok_")
    expires = datetime.fromisoformat(body["expiresAt"].replace("Z", "+00:00"))
    assert before + timedelta(minutes=59) < expires <= utcnow() + timedelta(hours=1)

    token = token_of(body["url"])
    stored = await PortalSession.get(token_hash=token_hash(token))
    assert (stored.merchant_id, stored.customer_id, stored.return_url) == (
        merchant.id,
        customer.id,
        RETURN_URL,
    )
    assert not await PortalSession.filter(token_hash=token).exists()  # only the hash is kept
    overview = await client.get("/v1/customers/portal/overview", headers=portal_headers(token))
    assert (await overview.get_json())["portal"]["customer"]["id"] == customer.id


async def test_bad_input_makes_no_session(client, make_merchant):
    merchant, other = await make_merchant(), await make_merchant()
    customer = await known_customer(merchant.id)
    theirs = await known_customer(other.id)
    ext = customer.external_customer_id
    cases = [
        ({"externalCustomerId": ext}, 400, "returnUrl must be"),
        ({"externalCustomerId": ext, "returnUrl": "javascript:alert(1)"}, 400, "returnUrl"),
        ({"externalCustomerId": ext, "returnUrl": "/account"}, 400, "returnUrl"),
        ({"externalCustomerId": ext, "returnUrl": "https://a.example/x y"}, 400, "returnUrl"),
        ({"externalCustomerId": ext, "returnUrl": 5}, 400, "returnUrl"),
        ({"returnUrl": RETURN_URL}, 400, "externalCustomerId is required"),
        ({"externalCustomerId": "nobody", "returnUrl": RETURN_URL}, 404, "Customer not found"),
        (
            {"externalCustomerId": theirs.external_customer_id, "returnUrl": RETURN_URL},
            404,
            "Customer not found or access denied",
        ),
    ]
    for body, status, message in cases:
        answered = await _create(client, merchant.headers, body)
        assert answered[0] == status and message in answered[1]["error"], (body, answered)
    response = await client.post(SESSIONS, data="{", headers=merchant.headers)
    assert response.status_code == 400
    assert not await PortalSession.filter(merchant_id=merchant.id).exists()


async def test_a_session_cannot_make_sessions(client, merchant):
    customer = await known_customer(merchant.id)
    _, body = await _create(
        client,
        merchant.headers,
        {"externalCustomerId": customer.external_customer_id, "returnUrl": RETURN_URL},
    )
    headers = portal_headers(token_of(body["url"]))
    status, _ = await _create(
        client,
        headers,
        {"externalCustomerId": customer.external_customer_id, "returnUrl": RETURN_URL},
    )
    assert status == 401


async def test_a_cookie_session_cannot_write_from_another_site(client, merchant):
    customer = await known_customer(merchant.id)
    method = await card(merchant.id, customer)
    _, body = await _create(
        client,
        merchant.headers,
        {"externalCustomerId": customer.external_customer_id, "returnUrl": RETURN_URL},
    )
    client.cookie_jar.clear()
    client.set_cookie("localhost", "tally_portal", token_of(body["url"]))
    path = f"/v1/customers/portal/payment-methods/{method.id}"
    for headers in ({"Sec-Fetch-Site": "cross-site"}, {"Origin": "https://evil.example"}):
        response = await client.delete(path, headers=headers)
        assert response.status_code == 403, headers
        assert await live_method(method.id) is not None
    same = await client.delete(path, headers={"Sec-Fetch-Site": "same-origin"})
    assert same.status_code == 200
    assert await live_method(method.id) is None
    client.cookie_jar.clear()
