"""The ``receiver`` fixture (a pytest plugin: ``tests/conftest.py`` lists it): a webhook
receiver (``tests/support/fakes/webhook_receiver.py``) for one test, and after the test every
request it got checked the way a merchant's server checks it: ``standardwebhooks`` verifies
the signature (and the timestamp) with a secret of the endpoint whose URL the request was
sent to, and the verified body's ``id`` is the ``webhook-id``. A request that fails, or that
no endpoint's URL explains, fails the test (at its teardown).

The secrets are read from the endpoints' rows (any merchant's, deleted ones too, the current
secret and the one a rotation kept), so a test checks what it came to check and never has to
remember to verify.
"""

from collections import defaultdict

import pytest
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

from billing.event_log.models import WebhookEndpoint
from billing.payments import setup
from tests.support.fakes.webhook_receiver import Received, Receiver, receiving


async def _secrets_by_path(receiver: Receiver, paths: set[str]) -> dict[str, list[str]]:
    """Every secret (current or kept by a rotation) of the endpoints at each path."""
    urls = {f"{receiver.url}{path}": path for path in paths}
    found: dict[str, list[str]] = defaultdict(list)
    for endpoint in await WebhookEndpoint.filter(url__in=list(urls)):
        for sealed in (endpoint.secret, endpoint.previous_secret):
            try:
                found[urls[endpoint.url]].append(setup.unseal(sealed))
            except (TypeError, AttributeError, ValueError):
                continue  # none kept, or sealed with a key this server does not have
    return found


def _problem(request: Received, secrets: list[str]) -> str | None:
    """Why ``request`` is not a delivery a receiver holding ``secrets`` accepts (None: it is)."""
    said = f"{request.path} ({request.headers.get('webhook-id')})"
    if not secrets:
        return f"{said}: no endpoint with a secret this test can open has that URL"
    for secret in secrets:
        try:
            body = Webhook(secret).verify(request.body, request.headers)
        except WebhookVerificationError:
            continue
        if body.get("id") != request.headers.get("webhook-id"):
            return f"{said}: the webhook-id is not the body's id"
        return None
    return f"{said}: fails verification with every secret of its endpoint"


async def unverified(receiver: Receiver) -> list[str]:
    """What is wrong with the requests ``receiver`` got, one line each (empty: nothing)."""
    received = list(receiver.received)
    secrets = await _secrets_by_path(receiver, {request.path for request in received})
    return [
        problem
        for request in received
        if (problem := _problem(request, secrets.get(request.path, []))) is not None
    ]


@pytest.fixture
async def receiver():
    """A receiver for this test; every request it got is verified after the test."""
    with receiving() as running:
        yield running
        problems = await unverified(running)
    assert not problems, "deliveries a merchant's server would refuse:\n" + "\n".join(problems)
