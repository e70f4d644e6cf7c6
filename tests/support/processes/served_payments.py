"""A whole payments stack for end-to-end tests: a database of its own, a localstripe of its
own, the real ``tally serve`` process pointed at it, and the ``tally`` commands beside it.

Everything of its own because ``tally run-due --now`` works on every merchant of a database
and localstripe posts every event to every webhook registered at it: shared with the other
tests, either would act on their data. The test process reaches the stack only as a user
would, over HTTP and through the ``tally`` commands, and reads the database with a plain
connection to see what was stored.

Asynchronous effects (a webhook localstripe posts a second after the charge) are awaited with
``eventually``: a poll of the database bounded by a deadline, never a fixed sleep.
"""

import asyncio
import contextlib
import json
import secrets
import subprocess
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import asyncpg
import httpx
import pytest

from tests.conftest import (
    PASSWORD,
    serve_on_free_port,
    stop_process,
    tally_process,
    unique_email,
)
from tests.support import databases
from tests.support.factories.card_payments import KEYS, _card_at_gateway
from tests.support.fakes.localstripe_server import running_localstripe
from tests.support.processes.ports import free_port

WEBHOOK_EVENTS = (
    "payment_intent.succeeded",
    "payment_intent.payment_failed",
    "setup_intent.succeeded",
)


def tally_output(database_url: str, data_dir: Path, *args: str, env: dict[str, str]) -> str:
    """Run one ``tally`` command with ``env`` set (a provider's API base) to its end; its
    standard output, or a failed assertion with what it wrote."""
    with pytest.MonkeyPatch.context() as patch:
        for name, value in env.items():
            patch.setenv(name, value)
        process = tally_process(
            database_url, data_dir, *args, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
    out, err = process.communicate(timeout=180)
    assert process.returncode == 0, err.decode() + out.decode()
    return out.decode()


@dataclass
class Stack:
    database_url: str
    data_dir: Path
    gateway: str  # localstripe's base URL
    served: str  # tally serve's base URL
    # what else the served process and every ``tally`` command are given (an SMTP server)
    env: dict[str, str] = field(default_factory=dict)

    @property
    def environment(self) -> dict[str, str]:
        return {"TALLY_PROVIDER_A_API_BASE": self.gateway, **self.env}

    @contextlib.contextmanager
    def _env(self):
        with pytest.MonkeyPatch.context() as patch:
            for name, value in self.environment.items():
                patch.setenv(name, value)
            yield

    def tally(self, *args: str) -> str:
        """Run one ``tally`` command against the stack; its standard output."""
        return tally_output(self.database_url, self.data_dir, *args, env=self.environment)

    async def run_due(self, now: datetime) -> str:
        """One due-work pass as of ``now`` (``tally run-due --now``), in a thread so the
        test's event loop is not held while it runs."""
        return await asyncio.to_thread(self.tally, "run-due", "--now", now.isoformat())


@contextlib.contextmanager
def running_stack(
    database_url: str,
    data_dir: Path,
    *,
    due_work: str = "off",
    env: dict[str, str] | None = None,
    public: bool = False,
):
    """localstripe and ``tally serve`` against ``database_url``; the served due-work loop is
    off unless ``due_work`` gives its interval (the stack's database is its own, so a loop
    touches only this stack's rows). ``env`` is given to the served process and to every
    ``tally`` command; ``public`` makes the served address Tally's public URL
    (``TALLY_PUBLIC_URL``) for both, so the links Tally writes (in e-mails) lead to it."""
    with running_localstripe(data_dir) as gateway:
        port = free_port()  # picked after localstripe took its own
        stack = Stack(database_url, data_dir, gateway, "", dict(env or {}))
        if public:
            stack.env["TALLY_PUBLIC_URL"] = f"http://127.0.0.1:{port}"
        with stack._env():
            process, stack.served = serve_on_free_port(
                database_url,
                data_dir,
                port=port,
                due_work=due_work,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
            )
        try:
            yield stack
        finally:
            stop_process(process)


def own_database():
    """A database of the stack's own, cloned from the run's migrated template (so the ``tally
    serve`` started on it has no migration left to apply); dropped on exit."""
    return databases.own_database("e2e")


@dataclass
class Shop:
    """A test-mode merchant of the stack, its HTTP client (with its secret key) and the
    webhook signing secret it gave Tally and localstripe."""

    id: str
    http: httpx.AsyncClient
    webhook_secret: str
    publishable_key: str = ""

    async def public(self, path: str, body: dict) -> dict:
        """A call with the publishable key, as a checkout page in a browser makes it."""
        async with httpx.AsyncClient(base_url=self.http.base_url, timeout=30) as browser:
            response = await browser.post(
                path, json=body, headers={"X-Service-Key": self.publishable_key}
            )
        assert response.status_code < 300, (path, response.status_code, response.text)
        return response.json()

    async def call(self, method: str, path: str, body: dict | None = None) -> dict:
        response = await self.http.request(method, path, json=body)
        assert response.status_code < 300, (method, path, response.status_code, response.text)
        return response.json()


async def open_shop(stack: Stack) -> Shop:
    """``tally create-merchant`` (test mode), provider A configured through the API with a
    signing secret of our choosing (localstripe has no webhook-endpoints API, so Tally keeps
    the one sent), and that secret registered at localstripe for the merchant's URL."""
    made = json.loads(
        await asyncio.to_thread(
            stack.tally,
            "create-merchant",
            "--name",
            "End To End Ltd",
            "--email",
            unique_email("e2e"),
            "--password",
            PASSWORD,
            "--environment",
            "test",
            "--json",
        )
    )
    http = httpx.AsyncClient(
        base_url=stack.served,
        headers={"Authorization": f"Bearer {made['secretKey']}"},
        timeout=30,
    )
    shop = Shop(made["merchantId"], http, "whsec_" + secrets.token_hex(16), made["publishableKey"])
    saved = await shop.call(
        "POST", "/v1/provider-a/config", {**KEYS, "webhookSecret": shop.webhook_secret}
    )
    assert saved["webhook"]["url"].endswith(f"/v1/public/webhook/{shop.id}"), saved
    async with httpx.AsyncClient(base_url=stack.gateway) as gateway:
        registered = await gateway.post(
            f"/_config/webhooks/{shop.id}",
            data={
                "url": f"{stack.served}/v1/public/webhook/{shop.id}",
                "secret": shop.webhook_secret,
                "events[]": list(WEBHOOK_EVENTS),
            },
        )
    assert registered.status_code == 200, registered.text
    return shop


async def saved_card(stack: Stack, shop: Shop, customer_id: str, number: str) -> str:
    """A card ``number`` saved at localstripe and stored for the customer through
    ``POST /v1/payment-methods``, active; its Tally id."""
    psp_customer, psp_method = await asyncio.to_thread(_card_at_gateway, stack.gateway, number)
    body = {
        "customerId": customer_id,
        "provider": "provider_a",
        "paymentType": "card",
        "status": "active",
        "cardLastFour": number[-4:],
        "externalPspPaymentMethodId": psp_method,
        "externalPspCustomerId": psp_customer,
    }
    return (await shop.call("POST", "/v1/payment-methods", body))["id"]


async def subscribed_with_card(
    stack: Stack, shop: Shop, number: str, *, monthly_cents: int = 4900
) -> tuple[dict, dict]:
    """A customer with ``number`` saved at localstripe and in Tally (POST /v1/payment-methods)
    subscribed to a monthly plan ($49 unless ``monthly_cents`` says otherwise) with
    ``triggerImmediateBilling``; the subscription and its first invoice, as the API answers
    them."""
    customer = (
        await shop.call("POST", "/v1/customers", {"email": unique_email("ada"), "name": "Ada"})
    )["customer"]
    await saved_card(stack, shop, customer["id"], number)
    made = await shop.call("POST", "/v1/plans", {"planName": "Pro", "monthlyPrice": monthly_cents})
    [plan] = made["plans"]
    body = {
        "customerId": customer["id"],
        "planId": plan["id"],
        "effectivePriceId": plan["prices"][0]["id"],
        "triggerImmediateBilling": True,
    }
    subscription = (await shop.call("POST", "/v1/subscriptions", body))["subscription"]
    listed = await shop.call("GET", f"/v1/invoices?customerId={customer['id']}")
    [invoice] = listed["invoices"]
    return subscription, invoice


async def eventually(read: Callable[[], Awaitable], until: Callable, seconds: float = 30):
    """``read()`` again until ``until`` holds for its answer, or fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        found = await read()
        if until(found):
            return found
        assert time.monotonic() < deadline, f"still {found!r} after {seconds} s"
        await asyncio.sleep(0.2)


async def rows(database_url: str, sql: str, *args) -> list[dict]:
    connection = await asyncpg.connect(database_url)
    try:
        return [dict(row) for row in await connection.fetch(sql, *args)]
    finally:
        await connection.close()
