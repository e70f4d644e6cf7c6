"""Payment event streams: how soon a client hears of a webhook, with many streams open.

One ``tally serve --workers 1`` process on a scratch database; one merchant with provider A
configured (its webhook secret) and one pending payment per stream. Each client opens
``GET /v1/public/events/{pi_...}?key=...`` over a plain socket (a minimal SSE reader, so the
load tool costs little next to the server) and waits for its payment's ``succeeded``. The
payments are then paid one after another through the real webhook route (signed
``payment_intent.succeeded`` events); for each, the figure is the time from the webhook's
answer to the event reaching its client (0 when the event came first: NOTIFY is delivered at
commit, before the answer is sent), and, apart, from sending the webhook.

Baseline in the same run: ``--rounds`` rounds of 10 streams, measured the same way. The
figure is then 1,000 streams open at once: p50, p99, the ratio of p99 to the baseline's p99,
and the server's resident memory per open stream (its growth from before the streams opened
to all of them open and past their first message, over the number of streams).

    .venv/bin/python -m bench.event_stream [--streams 1000] [--rounds 10] [--quick]
"""

import argparse
import asyncio
import hashlib
import hmac
import json
import os
import secrets
import statistics
import time
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit

import httpx
from cryptography.fernet import Fernet

from bench._harness import scratch_database, served
from billing.accounts.accounts import provision_merchant
from billing.customers.customers import create_customer
from billing.invoicing.models import Invoice
from billing.payments import setup as payments_setup
from billing.payments.models import Payment, ProviderConfig
from webapp import db

BASELINE_STREAMS = 10
OPEN_AT_ONCE = 50  # streams opened concurrently, so the listen backlog never overflows
TARGET_P99_MS = 100
TARGET_KB_PER_STREAM = 50


async def _setup(database_url: str, payments: int, webhook_secret: str) -> tuple[str, str]:
    """A merchant with provider A's webhook secret and ``payments`` pending payments of one
    invoice (``pi_bench_<n>``); answers (merchant id, publishable key)."""
    await db.init_orm(database_url)
    try:
        made = await provision_merchant(
            name="Streams Inc", email="streams@bench.example.com", password="bench-pass-1"
        )
        merchant_id = made.merchant.id
        await ProviderConfig.create(
            merchant_id=merchant_id,
            provider="provider_a",
            public_key="pk_live_bench",
            secret_key_sealed=payments_setup.seal("sk_live_bench"),
            webhook_secret_sealed=payments_setup.seal(webhook_secret),
            has_webhook=True,
            environment="live",
        )
        customer = await create_customer(merchant_id, email="payer@bench.example.com", name="P")
        invoice = await Invoice.create(
            merchant_id=merchant_id,
            customer_id=customer.id,
            number="BENCH-1",
            customer_invoice_number="BENCH-1",
            status="unpaid",
            billing_reason="manual",
            currency="USD",
            issue_date=datetime.now(UTC),
            total_cents=4900,
        )
        await Payment.bulk_create(
            [
                Payment(
                    merchant_id=merchant_id,
                    invoice_id=invoice.id,
                    customer_id=customer.id,
                    provider="provider_a",
                    amount_cents=4900,
                    currency="USD",
                    attempt=number,
                    idempotency_key=f"bench:{number}",
                    provider_payment_id=f"pi_bench_{number}",
                )
                for number in range(payments)
            ]
        )
    finally:
        await db.close_orm()
    return merchant_id, made.publishable_key


def _signed(secret: str, intent_id: str) -> tuple[bytes, dict[str, str]]:
    """A ``payment_intent.succeeded`` event signed as provider A signs it."""
    body = json.dumps(
        {
            "id": "evt_" + secrets.token_hex(12),
            "object": "event",
            "type": "payment_intent.succeeded",
            "created": int(time.time()),
            "livemode": True,
            "data": {"object": {"id": intent_id, "object": "payment_intent"}},
        }
    ).encode()
    stamp = int(time.time())
    signature = hmac.new(secret.encode(), f"{stamp}.".encode() + body, hashlib.sha256)
    headers = {"Stripe-Signature": f"t={stamp},v1={signature.hexdigest()}"}
    return body, {**headers, "Content-Type": "application/json"}


class Watcher:
    """One client's stream: open until its first message, then wait for ``succeeded``."""

    def __init__(self, base: str, intent_id: str, key: str) -> None:
        self.address = urlsplit(base)
        self.intent_id, self.key = intent_id, key
        self.opened = asyncio.Event()
        self.paid_at: float | None = None

    async def run(self) -> None:
        reader, writer = await asyncio.open_connection(self.address.hostname, self.address.port)
        request = (
            f"GET /v1/public/events/{self.intent_id}?key={self.key} HTTP/1.1\r\n"
            f"Host: {self.address.netloc}\r\nAccept: text/event-stream\r\n\r\n"
        )
        writer.write(request.encode())
        seen = b""
        try:
            while b'"status": "succeeded"' not in seen:
                chunk = await reader.read(65536)
                if not chunk:
                    raise RuntimeError(f"{self.intent_id}: the stream ended early: {seen!r}")
                seen += chunk
                if b" 200 " not in seen.split(b"\r\n", 1)[0] and b"\r\n" in seen:
                    raise RuntimeError(f"{self.intent_id}: {seen[:300]!r}")
                if b"event: status" in seen:
                    self.opened.set()
            self.paid_at = time.perf_counter()
        finally:
            writer.close()


def _rss_kb(pid: int) -> int:
    """Resident memory of a process and all its descendants (granian's workers), in KB."""
    total = 0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            total += int(line.split()[1])
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            total += _rss_kb(int(child))
    return total


async def _round(
    base: str, webhook: str, key: str, secret: str, intent_ids: list[str], pid: int
) -> dict:
    """Open a stream for each payment, pay them one by one, measure; answers the figures."""
    before = _rss_kb(pid)
    watchers = [Watcher(base, intent_id, key) for intent_id in intent_ids]
    tasks = []
    for start in range(0, len(watchers), OPEN_AT_ONCE):
        batch = watchers[start : start + OPEN_AT_ONCE]
        tasks += [asyncio.create_task(watcher.run()) for watcher in batch]
        await asyncio.wait_for(asyncio.gather(*(w.opened.wait() for w in batch)), 60)
    memory = (_rss_kb(pid) - before) / len(watchers)
    from_answer, from_send, first = [], [], 0
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        for watcher, task in zip(watchers, tasks, strict=True):
            body, headers = _signed(secret, watcher.intent_id)
            sent = time.perf_counter()
            answer = await http.post(webhook, content=body, headers=headers)
            answered = time.perf_counter()
            if answer.status_code != 200:
                raise RuntimeError(f"webhook answered {answer.status_code}: {answer.text}")
            await asyncio.wait_for(task, 30)
            first += watcher.paid_at < answered
            from_answer.append(max(0.0, watcher.paid_at - answered) * 1000)
            from_send.append((watcher.paid_at - sent) * 1000)
    return {"answer": from_answer, "send": from_send, "first": first, "kb": memory}


def _p(values: list[float], q: int) -> float:
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


async def _measure(base: str, merchant_id: str, key: str, secret: str, pid: int, args) -> None:
    webhook = f"/v1/public/webhook/{merchant_id}"
    numbers = iter(range(args.streams + args.rounds * BASELINE_STREAMS))

    async def round_of(count: int) -> dict:
        ids = [f"pi_bench_{next(numbers)}" for _ in range(count)]
        return await _round(base, webhook, key, secret, ids, pid)

    baseline = {"answer": [], "send": [], "first": 0}
    for _ in range(args.rounds):
        figures = await round_of(BASELINE_STREAMS)
        for name in ("answer", "send"):
            baseline[name] += figures[name]
        baseline["first"] += figures["first"]
    many = await round_of(args.streams)
    _report(baseline, many, args.streams)


def _report(baseline: dict, many: dict, streams: int) -> None:
    rows = [(f"{BASELINE_STREAMS} streams (baseline)", baseline), (f"{streams} streams", many)]
    print(
        "streams | events | from the webhook's answer: p50 / p99 ms | from sending it: p50 /"
        " p99 ms | events before the answer"
    )
    for label, figures in rows:
        answer, send = figures["answer"], figures["send"]
        print(
            f"{label} | {len(answer)} | {_p(answer, 50):.1f} / {_p(answer, 99):.1f} | "
            f"{_p(send, 50):.1f} / {_p(send, 99):.1f} | {figures['first']}"
        )
    ratio = _p(many["answer"], 99) / max(_p(baseline["answer"], 99), 0.1)
    sent_ratio = _p(many["send"], 99) / _p(baseline["send"], 99)
    print(
        f"p99 ratio {streams} : {BASELINE_STREAMS} streams: {ratio:.2f} from the answer"
        f" (0.1 ms floor on the baseline), {sent_ratio:.2f} from sending"
    )
    print(f"memory per open stream: {many['kb']:.1f} KB")
    p99_met = _p(many["answer"], 99) < TARGET_P99_MS
    kb_met = many["kb"] < TARGET_KB_PER_STREAM
    print(
        f"target p99 < {TARGET_P99_MS} ms: {'met' if p99_met else 'missed'}; "
        f"memory < {TARGET_KB_PER_STREAM} KB a stream: {'met' if kb_met else 'missed'}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--quick", action="store_true", help="100 streams, 3 baseline rounds")
    args = parser.parse_args()
    if args.quick:
        args.streams, args.rounds = 100, 3
    encryption_key = Fernet.generate_key().decode()
    os.environ["TALLY_ENCRYPTION_KEY"] = encryption_key  # the server opens what we seal
    os.environ.setdefault("TALLY_SECRET_KEY", secrets.token_hex(16))
    payments_setup.configure(payments_setup.PaymentsSetup(encryption_key=encryption_key))
    secret = "whsec_" + secrets.token_hex(16)
    total = args.streams + args.rounds * BASELINE_STREAMS
    with scratch_database() as url:
        merchant_id, key = asyncio.run(_setup(url, total, secret))
        with served(url, workers=1) as (base, process):
            asyncio.run(_measure(base, merchant_id, key, secret, process.pid, args))


if __name__ == "__main__":
    main()
