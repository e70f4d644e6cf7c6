"""Sending the event log's pending deliveries to merchants' endpoints: the due step
``send_due`` (billing/due_work.py, last) and ``send_live``, which the listener in
``webapp/webhook_sender.py`` runs when a commit that wrote deliveries wakes it.

A pass claims due deliveries under a lease (``delivery_rows.claim``: one statement, committed
at once), POSTs them with no database connection or transaction held (``posting.post``), and
records what came back in short batched transactions (``delivery_rows.record``) while the
next POSTs run. So a slow receiver costs an HTTP slot, never a database connection, and a
request that made a change never waits for a delivery.

At most ``CONCURRENCY`` POSTs are in flight, at most ``ENDPOINT_FLYING`` to one endpoint. When a
slot frees it goes to the endpoint with the fewest in flight that has work (ties in turn), so
every endpoint with work keeps slots while one slow or timing-out receiver takes only what the
others leave; claims take endpoints in turn, never more than ``PER_ENDPOINT`` of one in hand,
and a claim is made as soon as an endpoint that may have more runs out, so a backlog of one
endpoint never holds the deliveries of the others behind it. The pass ends when nothing it may
claim is due.

``send_due(now)`` works as of ``now`` (the test clock): what is due then, attempts recorded at
``now``, retries due after the schedule from ``now``. ``send_live`` reads the present at each
claim instead, so a long pass (a slow receiver's backlog) still picks up deliveries committed
after it began rather than leaving them for the next pass.
"""

import asyncio
import logging
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from itertools import count

from billing.core.claims import FAILED
from billing.core.models import utcnow
from billing.event_log.models import DeliveryStatus, WebhookEndpoint
from billing.webhooks import endpoints, posting
from billing.webhooks.delivery_rows import Job, claim, record
from billing.webhooks.http_clients import Clients
from billing.webhooks.posting import Outcome

log = logging.getLogger("tally.webhooks")

CONCURRENCY = 64
PER_ENDPOINT = 64  # deliveries of one endpoint in hand (queued or in flight) at most
ENDPOINT_FLYING = 48  # in flight to one endpoint at most: the others always have slots
CLAIM_SIZE = 256
RECORD_BATCH = 500

WORDS = {
    DeliveryStatus.SUCCEEDED.value: "delivered",
    DeliveryStatus.PENDING.value: "to retry",
    DeliveryStatus.FAILED.value: "undeliverable",
}


UNSEALABLE = "not sent: the signing secret cannot be opened with this server's encryption key"


def _secrets(endpoint: WebhookEndpoint, now: datetime) -> list[str]:
    """The secrets to sign with, or none when they cannot be opened (a server started with
    another ``TALLY_ENCRYPTION_KEY``): then its deliveries fail their attempts, saying so, and
    the other endpoints' go out as ever."""
    try:
        signing = endpoints.signing_secrets(endpoint, now)
    except ValueError:
        log.error("the signing secret of webhook endpoint %s cannot be opened", endpoint.id)
        return []
    return [signing.current] + ([signing.previous] if signing.previous else [])


@dataclass(frozen=True)
class Target:
    url: str
    secrets: list[str]


async def send_due(now: datetime, merchant_id: str | None = None) -> Counter[str]:
    """Attempt every delivery due as of ``now`` (of one merchant row, when given); answers how
    many were delivered, are to be retried and became undeliverable."""
    return await _Pass(lambda: now, merchant_id).run()


async def send_live() -> Counter[str]:
    """Attempt every delivery due now, reading the present at each claim."""
    return await _Pass(utcnow, None).run()


class _Pass:
    def __init__(self, clock: Callable[[], datetime], merchant_id: str | None) -> None:
        self.clock = clock
        self.merchant_id = merchant_id
        self.queues: dict[str, deque[Job]] = {}
        self.flying: Counter[str] = Counter()
        self.started: dict[str, int] = {}
        self.turns = count()
        self.tasks: set[asyncio.Task] = set()
        self.finished: asyncio.Queue[tuple[Job, Outcome]] = asyncio.Queue()
        self.unrecorded: list[tuple[Job, Outcome]] = []
        self.recorder: asyncio.Task | None = None
        self.targets: dict[str, Target] = {}
        self.outcomes: Counter[str] = Counter()
        self.more: set[str] = set()  # endpoints the last claim gave deliveries to

    def held(self) -> dict[str, int]:
        return {
            endpoint: len(queue) + self.flying[endpoint]
            for endpoint, queue in self.queues.items()
            if queue or self.flying[endpoint]
        }

    async def run(self) -> Counter[str]:
        self.clients = Clients(posting.TIMEOUT)
        try:
            await self._loop()
        finally:
            unfinished = [t for t in [*self.tasks, self.recorder] if t and not t.done()]
            for task in unfinished:
                task.cancel()  # stopped: the leases end and the deliveries go again
            await asyncio.gather(*unfinished, return_exceptions=True)
            await self.clients.aclose()
        return self.outcomes

    async def _loop(self) -> None:
        may_find = True
        after_empty: int | None = None  # what was in hand when a claim found nothing
        while True:
            if may_find and self._hungry():
                found = await self._claim()
                if not found:
                    may_find, after_empty = False, sum(self.held().values())
            self._start()
            if not self.tasks and self.finished.empty():  # a finished task's result waits
                if may_find:
                    continue
                break
            self._collect(await self.finished.get())
            while not self.finished.empty():
                self._collect(self.finished.get_nowait())
            if not may_find and sum(self.held().values()) <= (after_empty or 0) // 2:
                may_find = True  # endpoints held back by PER_ENDPOINT have room again
            self._record_soon()
        await self._drain()

    def _hungry(self) -> bool:
        """Whether to claim now: little is queued, or an endpoint that may have more due
        (its last claim gave it some) has run out, so a slow endpoint's queue never holds
        the others' refills back."""
        if sum(len(queue) for queue in self.queues.values()) <= CONCURRENCY // 2:
            return True
        return any(not self.queues[endpoint] for endpoint in self.more)

    async def _claim(self) -> int:
        now = self.clock()
        jobs = await claim(
            now, self.merchant_id, self.held(), per_endpoint=PER_ENDPOINT, limit=CLAIM_SIZE
        )
        unknown = {job.endpoint_id for job in jobs} - set(self.targets)
        if unknown:
            for endpoint in await WebhookEndpoint.filter(id__in=sorted(unknown)):
                self.targets[endpoint.id] = Target(endpoint.url, _secrets(endpoint, now))
        self.more = {job.endpoint_id for job in jobs}
        for job in jobs:
            self.queues.setdefault(job.endpoint_id, deque()).append(job)
        return len(jobs)

    def _start(self) -> None:
        """Fill free slots, each with the next job of the endpoint with fewest in flight."""
        while len(self.tasks) < CONCURRENCY:
            waiting = [
                endpoint
                for endpoint, queue in self.queues.items()
                if queue and self.flying[endpoint] < ENDPOINT_FLYING
            ]
            if not waiting:
                return
            endpoint = min(waiting, key=lambda e: (self.flying[e], self.started.get(e, -1)))
            job = self.queues[endpoint].popleft()
            self.flying[endpoint] += 1
            self.started[endpoint] = next(self.turns)
            task = asyncio.create_task(self._send(job))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _send(self, job: Job) -> None:
        target = self.targets[job.endpoint_id]
        if not target.secrets:
            self.finished.put_nowait((job, Outcome(False, None, 0, "", UNSEALABLE)))
            return
        try:
            async with self.clients.client(job.endpoint_id) as client:
                outcome = await posting.post(
                    client, target.url, job.event_id, job.body, target.secrets
                )
        except Exception as error:  # a bug of ours: recorded as a failed attempt, retried
            log.exception("webhook delivery %s could not be attempted", job.id)
            outcome = Outcome(False, None, 0, "", f"internal error: {type(error).__name__}")
        self.finished.put_nowait((job, outcome))

    def _collect(self, finished: tuple[Job, Outcome]) -> None:
        self.flying[finished[0].endpoint_id] -= 1
        self.unrecorded.append(finished)

    def _record_soon(self) -> None:
        """Record what finished, in a task, unless a recording is running: the next one
        then takes everything that finished meanwhile."""
        if self.recorder is not None and not self.recorder.done():
            return
        self.recorder = None
        if self.unrecorded:
            batch = self.unrecorded[:RECORD_BATCH]
            del self.unrecorded[:RECORD_BATCH]
            self.recorder = asyncio.create_task(self._record(batch))

    async def _drain(self) -> None:
        while self.unrecorded or self.recorder is not None:
            if self.recorder is not None:
                await self.recorder
                self.recorder = None
            self._record_soon()

    async def _record(self, batch: list[tuple[Job, Outcome]]) -> None:
        try:
            statuses = await record(batch)
        except Exception:
            ids = ", ".join(job.id for job, _ in batch[:5])
            log.exception(
                "could not record %d webhook attempts (%s...); they go again after their lease",
                len(batch),
                ids,
            )
            self.outcomes[FAILED] += len(batch)
            return
        self.outcomes.update(WORDS[status] for status in statuses)
