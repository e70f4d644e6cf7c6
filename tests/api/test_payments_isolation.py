"""Tenant isolation over every /v1 route the payments work added: another merchant's ids,
and the other mode's ids, answer exactly as ids of nothing (same status, same body once the
ids in it are blanked), and nothing of their owner changes. The webhook routes refuse a body
signed with one merchant's secret at another merchant's URL, as they refuse an unknown one.

Each account holds one of everything payments keeps: provider A and B configurations with
webhook secrets, a card payment method, a subscription whose invoice a real localstripe
payment paid (``tests.support.factories.refunds``), and a pending payment for the webhooks to name.
"""

import json

import pytest

from billing.core.ids import random_base62
from billing.invoicing.models import Invoice
from billing.payments.models import Payment, ProviderConfig
from billing.payments.webhooks.receiving import BAD_SIGNATURE
from tests.conftest import in_test_mode
from tests.support.api.payments_isolation import ID_KINDS, holdings, made_up, owners_state
from tests.support.factories.webhooks import (
    stripe_event,
    stripe_headers,
)
from tests.support.fakes.provider_b_events import event_payload, payment_data, signed_headers


@pytest.fixture
def gateway(provider_a_api):  # noqa: F811 (the fixture, imported above)
    return provider_a_api


def calls(their: dict, mine: dict) -> list[tuple[str, str, dict | None]]:
    """Every payments call that names an id: ``their`` ids where an id goes, ``mine`` (the
    caller's own) where a call needs one of the caller's records to reach the id."""
    card = {"provider": "provider_a", "paymentType": "card", "status": "active"}
    return [
        ("GET", f"/v1/payment-methods/{their['pm']}", None),
        ("GET", f"/v1/payment-methods?customerId={their['cust']}", None),
        ("POST", "/v1/payment-methods", {"customerId": their["cust"], **card}),
        ("GET", f"/v1/invoices/{their['inv']}", None),
        ("POST", f"/v1/invoices/{their['inv']}/retry-payment", {}),
        ("GET", f"/v1/invoices/customer/{their['cust']}", None),
        ("GET", f"/v1/customers/{their['cust']}", None),
        ("GET", f"/v1/subscriptions/{their['sub']}", None),
        ("POST", f"/v1/subscriptions/{their['sub']}/refunds", {}),
        ("POST", f"/v1/subscriptions/{their['sub']}/refunds", {"amountCents": 100}),
        ("POST", f"/v1/subscriptions/{mine['sub']}/refunds", {"paymentId": their["pay"]}),
    ]


async def answer(client, caller, method, path, body, blank: list[str]) -> tuple[int, str]:
    response = await client.open(path, method=method, headers=caller.headers, json=body)
    text = await response.get_data(as_text=True)
    for record_id in blank:
        text = text.replace(record_id, "ID")
    return response.status_code, text


async def test_other_merchants_and_other_modes_ids_answer_as_missing(
    client, make_merchant, gateway
):
    live = await make_merchant()
    tester = await in_test_mode(live)
    other = await make_merchant()
    held = {account.id: await holdings(account.id) for account in (live, tester, other)}
    pairs = [(live, other), (live, tester), (tester, live), (other, live)]
    for owner, caller in pairs:
        before = await owners_state(owner.id)
        their, mine = held[owner.id], held[caller.id]
        fake = made_up(their)
        blank = [their[kind] for kind in ID_KINDS] + list(fake.values())
        for (method, path, body), (_, fake_path, fake_body) in zip(
            calls(their, mine), calls(fake, mine), strict=True
        ):
            seen = await answer(client, caller, method, path, body, blank)
            absent = await answer(client, caller, method, fake_path, fake_body, blank)
            assert seen == absent, (method, path, body)
            assert 400 <= seen[0] < 500, (method, path, seen)
        assert await owners_state(owner.id) == before, (owner.id, caller.id)
        for path in (f"/v1/payment-methods/{their['pm']}", f"/v1/invoices/{their['inv']}"):
            mine_to_see = await client.get(path, headers=owner.headers)
            assert mine_to_see.status_code == 200, path  # the owner's own key sees them


async def test_reads_show_only_the_callers_own_payments(client, make_merchant, gateway):
    live = await make_merchant()
    tester = await in_test_mode(live)
    await holdings(live.id)
    mine = await holdings(tester.id)
    theirs = await ProviderConfig.filter(merchant_id=live.id).values_list("id", flat=True)
    for path in (
        "/v1/customers?includePaymentData=true",
        "/v1/invoices",
        "/v1/merchants/payment-provider",
        "/v1/provider-a/config",
        "/v1/provider-b/config",
        f"/v1/payment-methods?customerId={mine['cust']}",
    ):
        response = await client.get(path, headers=tester.headers)
        assert response.status_code == 200, (path, await response.get_data(as_text=True))
        seen = json.dumps(await response.get_json())
        assert not [record_id for record_id in theirs if record_id in seen], path
        assert live.id not in seen and "pay_" not in seen.replace(mine["pay"], ""), path
    # The live row is configured; its test row, once its configuration is gone, is not.
    await ProviderConfig.filter(merchant_id=tester.id).delete()
    for path in ("/v1/provider-a/config", "/v1/provider-b/config"):
        response = await client.get(path, headers=tester.headers)
        assert response.status_code == 404, path
    provider = await client.get("/v1/merchants/payment-provider", headers=tester.headers)
    assert (await provider.get_json())["isConfigured"] is False
    refused = await client.post("/v1/merchants/merchant-data", headers=tester.headers)
    assert refused.status_code == 400 and "error" in await refused.get_json()


async def _deliver(client, path: str, payload: str, headers: dict) -> tuple[int, dict]:
    response = await client.post(path, data=payload.encode(), headers=headers)
    return response.status_code, await response.get_json()


async def test_a_webhook_signed_for_one_merchant_is_refused_at_anothers(
    client, make_merchant, gateway
):
    alice, bob = await make_merchant(), await make_merchant()
    hers, his = await holdings(alice.id), await holdings(bob.id)
    nobody = f"mer_{random_base62(22)}"
    obj = {"id": hers["intent"], "object": "payment_intent", "metadata": {}}
    obj["metadata"]["payment_id"] = hers["pending"]
    payload = stripe_event("payment_intent.succeeded", obj)
    headers = stripe_headers(hers["a_secret"], payload)
    for route in ("webhook", "webhook-test"):
        for target in (bob.id, nobody):
            path = f"/v1/public/{route}/{target}"
            assert await _deliver(client, path, payload, headers) == (
                400,
                {"error": BAD_SIGNATURE},
            ), path
    b_payload = event_payload("payment.succeeded", payment_data("pay_dodo_x"))
    b_headers = {
        "Content-Type": "application/json",
        **signed_headers(hers["b_secret"], b_payload, msg_id="msg_cross"),
    }
    for target in (bob.id, nobody):
        path = f"/v1/public/webhook-provider-b/{target}"
        assert await _deliver(client, path, b_payload, b_headers) == (
            400,
            {"error": BAD_SIGNATURE},
        ), path

    # Bob's own signed event naming Alice's payment is received, but settles nothing of hers.
    own = stripe_event("payment_intent.succeeded", obj)
    answer = await _deliver(
        client, f"/v1/public/webhook/{bob.id}", own, stripe_headers(his["a_secret"], own)
    )
    assert answer == (200, {"received": True})
    assert (await Payment.get(id=hers["pending"])).status == "pending"
    assert (await Invoice.get(id=(await Payment.get(id=hers["pending"])).invoice_id)).status == (
        "unpaid"
    )
