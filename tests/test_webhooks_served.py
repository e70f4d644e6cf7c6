"""Webhooks from the real ``tally serve``: a change committed through the API reaches the
merchant's endpoint, signed, within seconds, with no due pass run by anyone.

The served due-work loop passes once an hour (after its first pass at start), so only the
NOTIFY that the event's commit sends can wake the sender in time. The stack has a database of
its own: the served loop and sender act on every merchant of theirs. The receiver is a real
HTTP server in this process; the test waits on it with a deadline, never a sleep.
"""

import asyncio
import contextlib
import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from standardwebhooks.webhooks import Webhook

from tests.conftest import PASSWORD, serve_on_free_port, unique_email
from tests.support.fakes.webhook_receiver import receiving
from tests.support.processes.ports import stop_process
from tests.support.processes.served_payments import own_database, tally_output

HOUR = "3600"


@contextlib.contextmanager
def serving(url: str, data_dir: Path) -> Iterator[str]:
    """``tally serve`` with its due loop (and so its sender), its output in ``serve.log``."""
    with open(data_dir / "serve.log", "wb") as output:
        process, base_url = serve_on_free_port(
            url, data_dir, due_work=HOUR, stdout=output, stderr=subprocess.STDOUT
        )
        try:
            yield base_url
        finally:
            stop_process(process)


@pytest.fixture(scope="module")
async def served(tmp_path_factory):
    async with own_database() as url:
        data_dir = tmp_path_factory.mktemp("webhooks-served")
        with serving(url, data_dir) as base_url:
            yield url, data_dir, base_url


async def new_merchant(url, data_dir) -> dict:
    out = await asyncio.to_thread(
        tally_output,
        url,
        data_dir,
        "create-merchant",
        "--name",
        "Hooked Ltd",
        "--email",
        unique_email("hooked"),
        "--password",
        PASSWORD,
        "--environment",
        "test",
        "--json",
        env={},
    )
    return json.loads(out)


async def test_a_created_customer_reaches_the_endpoint_signed_within_seconds(served):
    url, data_dir, base_url = served
    made = await new_merchant(url, data_dir)
    auth = {"Authorization": f"Bearer {made['secretKey']}"}
    with receiving() as receiver:
        async with httpx.AsyncClient(base_url=base_url, headers=auth, timeout=30) as http:
            answer = await http.post("/v1/webhook-endpoints", json={"url": f"{receiver.url}/in"})
            assert answer.status_code == 201, answer.text
            secret = answer.json()["webhookEndpoint"]["secret"]
            created = await http.post(
                "/v1/customers", json={"email": unique_email("ada"), "name": "Ada"}
            )
            assert created.status_code == 201, created.text
            customer = created.json()["customer"]
        received = await asyncio.to_thread(receiver.wait_for, 1, 10, "/in")
    assert len(received) == 1, (data_dir / "serve.log").read_text()
    [got] = received
    body = Webhook(secret).verify(got.body, got.headers)
    assert body["type"] == "customer.created"
    assert body["data"]["object"]["id"] == customer["id"]
    assert got.headers["webhook-id"] == body["id"]
