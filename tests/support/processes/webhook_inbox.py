"""A merchant's webhook endpoint as the journey tests live it: registered through
``POST /v1/webhook-endpoints`` on a path of a real receiver (tests/support/fakes/
webhook_receiver.py), its secret kept, and every request that reaches it checked the way the
merchant's server checks it (the ``standardwebhooks`` package verifies the signature and the
timestamp; ``webhook-id`` is the body's id).

Waits are bounded by a deadline on the receiver (never a sleep); ``new()`` answers what came
since the last look, so each step of a journey asserts exactly what that step sent.
"""

import asyncio
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime

from standardwebhooks.webhooks import Webhook

from tests.support.fakes.webhook_receiver import Receiver


def at(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


@dataclass
class Inbox:
    receiver: Receiver
    path: str
    secret: str
    endpoint_id: str
    seen: int = 0
    bodies: list[dict] = field(default_factory=list)  # every verified body, in arrival order

    def _verified(self) -> list[dict]:
        got = self.receiver.at(self.path)
        for request in got[len(self.bodies) :]:
            body = Webhook(self.secret).verify(request.body, request.headers)
            assert request.headers["webhook-id"] == body["id"], request.headers
            self.bodies.append(body)
        return self.bodies

    async def wait(self, count: int, seconds: float = 20) -> list[dict]:
        """The bodies that came since the last look once there are ``count`` of them (fewer if
        ``seconds`` pass first); the look moves on past them."""
        await asyncio.to_thread(self.receiver.wait_for, self.seen + count, seconds, self.path)
        return self.new()

    def new(self) -> list[dict]:
        """What came since the last look, verified; the look moves on past it."""
        bodies = self._verified()
        fresh, self.seen = bodies[self.seen :], len(bodies)
        return fresh


async def registered(shop, receiver: Receiver, path: str, events: list[str] | None = None):
    """An endpoint of ``shop`` at ``path`` of ``receiver`` (every type unless ``events``)."""
    body = {"url": f"{receiver.url}{path}", **({"events": events} if events else {})}
    response = await shop.http.post("/v1/webhook-endpoints", json=body)
    assert response.status_code == 201, response.text
    endpoint = response.json()["webhookEndpoint"]
    return Inbox(receiver, path, endpoint["secret"], endpoint["id"])


def types(bodies: list[dict]) -> list[str]:
    return sorted(body["type"] for body in bodies)


def of_type(bodies: list[dict], name: str) -> list[dict]:
    return [body for body in bodies if body["type"] == name]


async def logged(shop) -> list[dict]:
    """Every event of the shop's mode, newest first, through ``GET /v1/webhook-events``."""
    events, after = [], ""
    while True:
        page = await shop.call("GET", f"/v1/webhook-events?limit=100&startingAfter={after}")
        events += page["events"]
        if not page["hasMore"]:
            return events
        after = page["events"][-1]["id"]


async def each_event_once(shop, inbox: Inbox) -> None:
    """Every event of the shop's log reached ``inbox`` exactly once, and nothing else did."""
    received = Counter(r.headers["webhook-id"] for r in inbox.receiver.at(inbox.path))
    assert set(received.values()) == {1}, received
    assert set(received) == {event["id"] for event in await logged(shop)}
