"""POST /v1/customers/{id}/checkout-tokens and the tokens in payment-init
(billing/payments/checkout/checkout_tokens.py): a token vouches for one customer of one merchant row
(hence one mode) for an hour, reveals nothing (not even the customer's id); any other token
answers exactly as a missing customer."""

import base64
import time
from datetime import UTC, datetime, timedelta

from billing.customers import customers
from billing.payments.checkout.checkout_tokens import cipher, seal
from tests.conftest import in_test_mode
from tests.support.factories.checkout_shop import paid_plan, start

MISSING = {"error": "Customer not found or access denied"}


async def token_for(client, account, customer_id: str):
    response = await client.post(
        f"/v1/customers/{customer_id}/checkout-tokens", headers=account.headers
    )
    return response.status_code, await response.get_json()


async def test_a_token_lives_an_hour_and_names_its_customer(client, merchant):
    customer = await customers.create_customer(merchant.id, email="ann@example.com")
    status, body = await token_for(client, merchant, customer.id)
    assert status == 201, body
    expires = datetime.fromisoformat(body["expiresAt"].replace("Z", "+00:00"))
    assert timedelta(minutes=59) < expires - datetime.now(UTC) <= timedelta(hours=1)
    price = await paid_plan(merchant.id, cents=0)
    status, answer, _ = await start(client, merchant, price, customerToken=body["token"])
    assert (status, answer["status"]) == (201, "active")


async def test_a_token_is_opaque(client, merchant):
    """Nothing in a token is readable: not the customer's permanent id (which would vouch
    for ever), not the merchant's."""
    customer = await customers.create_customer(merchant.id, email="ann@example.com")
    _, body = await token_for(client, merchant, customer.id)
    token = body["token"]
    raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    for secret in (customer.id, merchant.id, "cust_", "mer_", customer.id[5:], merchant.id[4:]):
        assert secret.encode() not in raw and secret not in token
    _, again = await token_for(client, merchant, customer.id)
    assert again["token"] != token  # a fresh random IV each time: tokens cannot be compared


async def test_tokens_of_other_tenants_modes_expired_or_altered_answer_as_missing(
    client, make_merchant, settings
):
    live = await make_merchant()
    test = await in_test_mode(live)
    other = await make_merchant("Other")
    price = await paid_plan(live.id, cents=0)
    mine = await customers.create_customer(live.id, email="ann@example.com")
    theirs = await customers.create_customer(other.id, email="ann@example.com")
    in_test = await customers.create_customer(test.id, email="ann@example.com")

    _, good = await token_for(client, live, mine.id)
    _, of_other = await token_for(client, other, theirs.id)
    _, of_test = await token_for(client, test, in_test.id)
    claims = seal(live.id, mine.id)
    expired = cipher(settings.secret_key).encrypt_at_time(claims, int(time.time()) - 3660)
    forged = cipher("not-the-secret").encrypt(claims)
    expired, forged = expired.decode(), forged.decode()
    altered = good["token"][:-2] + ("AA" if not good["token"].endswith("AA") else "BB")
    surrogate = "gAAAA\ud800"
    for token in (of_other["token"], of_test["token"], expired, forged, altered, "x", surrogate):
        status, body, _ = await start(
            client, live, price, customerToken=token, customer={"email": "ann@example.com"}
        )
        assert (status, body) == (404, MISSING), token
    missing_id = f"cust_{'A' * 22}"
    for customer_id in (theirs.id, in_test.id, missing_id, "nope"):
        assert await token_for(client, live, customer_id) == (404, MISSING)
