"""Provider B end to end: the real ``tally serve`` process pointed at the provider B fake,
``tally run-due --now`` as the clock, and the provider's signed webhooks posted to the served
process as the provider posts them.

The link flow: a customer without a mandate is billed, the due pass makes a payment link and
stores it on the invoice, the customer pays there and ``payment.succeeded`` (signed with the
secret of the webhook endpoint Tally registered when the key was saved) marks it paid. The
mandate flow: ``subscription.active`` stores the customer's mandate as a payment method, the
due pass charges the mandate, and ``payment.succeeded`` marks the invoice paid.

A database of its own, as the provider A end-to-end tests have: ``run-due`` works on every
merchant of a database.
"""

import asyncio
import contextlib
import json
import subprocess
from datetime import UTC, datetime, timedelta

import httpx
import pytest

from tests.conftest import (
    PASSWORD,
    serve_on_free_port,
    stop_process,
    unique_email,
)
from tests.support.fakes.provider_b_events import (
    event_payload,
    settled_event,
    signed_headers,
    subscription_data,
)
from tests.support.fakes.provider_b_fake import running_fake
from tests.support.processes.served_payments import own_database, tally_output


class BStack:
    """The served process, the fake, and ``tally`` commands run with the fake as provider B."""

    def __init__(self, database_url: str, data_dir, fake) -> None:
        self.database_url, self.data_dir, self.fake = database_url, data_dir, fake
        self.served = ""

    @contextlib.contextmanager
    def env(self):
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("TALLY_PROVIDER_B_API_BASE", self.fake.url)
            yield

    def tally(self, *args: str) -> str:
        env = {"TALLY_PROVIDER_B_API_BASE": self.fake.url}
        return tally_output(self.database_url, self.data_dir, *args, env=env)

    async def run_due(self, now: datetime) -> str:
        return await asyncio.to_thread(self.tally, "run-due", "--now", now.isoformat())


@pytest.fixture(scope="module")
async def stack(tmp_path_factory):
    data_dir = tmp_path_factory.mktemp("e2e_b")
    async with own_database() as url:
        with running_fake() as fake:
            running = BStack(url, data_dir, fake)
            with running.env():
                process, running.served = serve_on_free_port(
                    url, data_dir, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
                )
            try:
                yield running
            finally:
                stop_process(process)


class BShop:
    """A test-mode merchant of the stack with provider B configured through the API."""

    def __init__(self, merchant_id: str, http: httpx.AsyncClient, signing: str) -> None:
        self.id, self.http, self.signing = merchant_id, http, signing

    async def call(self, method: str, path: str, body: dict | None = None) -> dict:
        response = await self.http.request(method, path, json=body)
        assert response.status_code < 300, (method, path, response.status_code, response.text)
        return response.json()

    async def deliver(self, payload: str) -> None:
        """Post a provider B event to the served process, signed as the provider signs it."""
        headers = {"Content-Type": "application/json", **signed_headers(self.signing, payload)}
        path = f"/v1/public/webhook-provider-b/{self.id}"
        response = await self.http.post(path, content=payload.encode(), headers=headers)
        assert (response.status_code, response.json()) == (200, {"received": True})


@pytest.fixture
async def shop(stack):
    made = json.loads(
        await asyncio.to_thread(
            stack.tally, "create-merchant", "--name", "Link Ltd", "--email", unique_email("b"),
            "--password", PASSWORD, "--environment", "test", "--json",
        )
    )  # fmt: skip
    http = httpx.AsyncClient(
        base_url=stack.served,
        headers={"Authorization": f"Bearer {made['secretKey']}"},
        timeout=30,
    )
    response = await http.post(
        "/v1/provider-b/config", json={"secretKey": stack.fake.add_key("test_mode")}
    )
    assert response.status_code == 200, response.text
    assert "a webhook endpoint was created" in response.json()["message"]
    [hook] = [h for h in stack.fake.webhooks.values() if h["url"].endswith(made["merchantId"])]
    yield BShop(made["merchantId"], http, hook["secret"])
    await http.aclose()


async def billed(shop: BShop, customer: dict) -> dict:
    """``customer`` subscribed to a $49 monthly plan billed at once; its first invoice."""
    [plan] = (await shop.call("POST", "/v1/plans", {"planName": "Pro", "monthlyPrice": 4900}))[
        "plans"
    ]
    body = {
        "customerId": customer["id"],
        "planId": plan["id"],
        "effectivePriceId": plan["prices"][0]["id"],
        "triggerImmediateBilling": True,
    }
    await shop.call("POST", "/v1/subscriptions", body)
    [invoice] = (await shop.call("GET", f"/v1/invoices?customerId={customer['id']}"))["invoices"]
    assert (invoice["status"], invoice["totalAmountCents"]) == ("unpaid", 4900)
    return invoice


async def new_customer(shop: BShop) -> dict:
    body = {"email": unique_email("ada"), "name": "Ada", "billingCountry": "DE"}
    return (await shop.call("POST", "/v1/customers", body))["customer"]


async def read_invoice(shop: BShop, invoice_id: str) -> dict:
    return (await shop.call("GET", f"/v1/invoices/{invoice_id}"))["invoice"]


def now() -> datetime:
    return datetime.now(UTC) + timedelta(minutes=1)


async def test_link_flow_invoice_link_signed_webhook_paid(stack, shop):
    invoice = await billed(shop, await new_customer(shop))
    await stack.run_due(now())

    waiting = await read_invoice(shop, invoice["id"])
    [link] = [r for r in stack.fake.links if r["body"]["metadata"]["invoice_id"] == invoice["id"]]
    assert waiting["status"] == "unpaid"
    assert waiting["payment"]["status"] == "pending"
    assert waiting["payment"]["paymentLink"] == link["payment_link"]

    await shop.deliver(settled_event(link))  # the customer paid at the link
    paid = await read_invoice(shop, invoice["id"])
    assert (paid["status"], paid["payment"]["status"]) == ("paid", "succeeded")
    assert paid["paidDate"]


async def test_mandate_flow_event_method_due_pass_charge_paid(stack, shop):
    customer = await new_customer(shop)
    data = subscription_data(
        "sub_e2e_mandate", payment_method_id="pm_e2e", metadata={"customer_id": customer["id"]}
    )
    await shop.deliver(event_payload("subscription.active", data))
    methods = (await shop.call("GET", f"/v1/payment-methods?customerId={customer['id']}"))[
        "paymentMethods"
    ]
    assert [(m["provider"], m["paymentType"], m["status"]) for m in methods] == [
        ("provider_b", "mandate", "active")
    ]

    invoice = await billed(shop, customer)
    await stack.run_due(now())
    charges = [
        c for c in stack.fake.charges if c["body"]["metadata"]["invoice_id"] == invoice["id"]
    ]
    [charge] = charges
    assert charge["subscription_id"] == "sub_e2e_mandate"
    assert charge["key"] == f"{invoice['id']}:attempt-1"
    assert (await read_invoice(shop, invoice["id"]))["payment"]["paymentLink"] is None

    await shop.deliver(settled_event(charge))
    paid = await read_invoice(shop, invoice["id"])
    assert (paid["status"], paid["payment"]["status"]) == ("paid", "succeeded")
    assert not [r for r in stack.fake.links if r["body"]["metadata"]["invoice_id"] == invoice["id"]]
