"""A pass's provider calls run concurrently, never more than the bound at once, merchants taking
turns, and each attempt is called once however many passes run: proven without timing, by a
gateway whose charges wait until enough of them are in flight (one call after another would
never get there: the wait gives up and the charge fails)."""

import asyncio
from collections import Counter
from datetime import UTC, datetime

import pytest

from billing.invoicing.models import Invoice
from billing.payments.collection import pass_calls
from billing.payments.collection.collecting import collect_due
from billing.payments.collection.pass_calls import PassCalls
from billing.payments.gateways import use_gateway
from billing.payments.gateways.base import ChargeAnswer
from billing.payments.models import Payment, PaymentMethod, ProviderConfig
from tests.support.factories.subscriptions import make_customer

NOW = datetime(2030, 2, 1, tzinfo=UTC)
GIVE_UP = 10  # seconds a charge waits for the others before failing the test


class Crowd:
    """Charges that each wait until ``together`` charges are in flight at once (or until
    nothing is left to start), recording how many were ever in flight together and who was
    charged in what order."""

    provider = "provider_a"

    def __init__(self, together: int) -> None:
        self.together = together
        self.in_flight = 0
        self.peak = 0
        self.calls: Counter[str] = Counter()
        self.order: list[str] = []
        self.crowded = asyncio.Event()

    async def arrive(self, name: str) -> None:
        self.calls[name] += 1
        self.order.append(name)
        self.in_flight += 1
        self.peak = max(self.peak, self.in_flight)
        if self.in_flight >= self.together:
            self.crowded.set()
        try:
            await asyncio.wait_for(self.crowded.wait(), GIVE_UP)
        finally:
            self.in_flight -= 1

    def accepts(self, method) -> bool:
        return bool(method.external_psp_payment_method_id)  # a saved card, as provider A

    async def is_configured(self, merchant_id: str) -> bool:
        return True  # it stands in for a configured provider A

    async def charge_off_session(self, payment, method) -> ChargeAnswer:
        await self.arrive(payment.id)
        return ChargeAnswer("succeeded", provider_payment_id=f"pi_{payment.id}")


# The runner alone: any awaitable call.


async def test_calls_run_together_up_to_the_bound():
    crowd = Crowd(together=4)
    calls = PassCalls(lambda name: _answered(crowd, name), bound=4)
    for n in range(10):
        calls.add("mer_a", f"pay_{n}")
    outcomes = await calls.finish()
    assert outcomes == Counter({"done": 10})
    assert crowd.peak == 4  # four at once (one after another never gets there), never five


async def test_merchants_take_turns():
    order: list[str] = []

    async def call(name: str) -> str:
        order.append(name)
        return "done"

    calls = PassCalls(call, bound=1, held=True)
    for n in range(6):
        calls.add("mer_big", f"big_{n}")
    for n in range(2):
        calls.add("mer_small", f"small_{n}")
    await calls.finish()
    assert order == ["big_0", "small_0", "big_1", "small_1", "big_2", "big_3", "big_4", "big_5"]


async def test_the_producer_waits_while_too_many_calls_wait():
    crowd = Crowd(together=2)
    calls = PassCalls(lambda name: _answered(crowd, name), bound=2)
    for n in range(7):
        calls.add("mer_a", f"pay_{n}")
    waited = asyncio.create_task(calls.room())
    await asyncio.wait_for(crowd.crowded.wait(), GIVE_UP)  # two calls in flight
    assert not waited.done()  # five still waiting, more than the bound of two
    await waited  # returns once the calls catch up
    await calls.finish()
    assert sum(crowd.calls.values()) == 7


async def _answered(crowd: Crowd, name: str) -> str:
    await crowd.arrive(name)
    return "done"


# The payments step, through the gateway seam.


async def _due_invoices(make_merchant, count: int) -> tuple[str, list[str]]:
    merchant = (await make_merchant()).id
    await ProviderConfig.create(
        merchant_id=merchant, provider="provider_a", secret_key_sealed="unused by the gateway"
    )
    invoices = []
    for n in range(count):
        customer = await make_customer(merchant)
        await PaymentMethod.create(
            merchant_id=merchant,
            customer_id=customer.id,
            provider="provider_a",
            payment_type="card",
            status="active",
            external_psp_payment_method_id=f"pm_{n}",
        )
        invoice = await Invoice.create(
            merchant_id=merchant,
            customer_id=customer.id,
            status="unpaid",
            billing_reason="manual",
            currency="USD",
            issue_date=NOW,
            subtotal_cents=4900,
            total_cents=4900,
        )
        invoices.append(invoice.id)
    return merchant, invoices


@pytest.mark.usefixtures("app")
async def test_the_step_calls_concurrently_within_the_bound(make_merchant, monkeypatch):
    monkeypatch.setattr(pass_calls, "CALL_CONCURRENCY", 5)
    merchant, invoices = await _due_invoices(make_merchant, 12)
    crowd = Crowd(together=5)
    with use_gateway("provider_a", crowd):
        done = await collect_due(NOW, merchant)
    assert done["attempted"] == 12 and done["payments succeeded"] == 12, done
    assert crowd.peak == 5
    assert await Invoice.filter(id__in=invoices, status="paid").count() == 12


@pytest.mark.usefixtures("app")
async def test_two_passes_at_once_call_each_attempt_once(make_merchant, monkeypatch):
    monkeypatch.setattr(pass_calls, "CALL_CONCURRENCY", 4)
    merchant, invoices = await _due_invoices(make_merchant, 20)
    crowd = Crowd(together=4)
    with use_gateway("provider_a", crowd):
        passes = await asyncio.gather(collect_due(NOW, merchant), collect_due(NOW, merchant))
    assert sum(done["attempted"] for done in passes) == 20, passes
    payments = await Payment.filter(invoice_id__in=invoices)
    assert len(payments) == 20 and {p.invoice_id for p in payments} == set(invoices)
    assert crowd.calls == Counter({payment.id: 1 for payment in payments})
    assert await Invoice.filter(id__in=invoices, status="paid").count() == 20


@pytest.mark.usefixtures("app")
async def test_a_call_that_raises_stops_no_other(make_merchant):
    merchant, invoices = await _due_invoices(make_merchant, 6)

    class Flaky(Crowd):
        async def charge_off_session(self, payment, method) -> ChargeAnswer:
            if payment.invoice_id == invoices[2]:
                raise RuntimeError("an answer the gateway cannot read")
            return await super().charge_off_session(payment, method)

    with use_gateway("provider_a", Flaky(together=5)):
        done = await collect_due(NOW, merchant)
    assert done["payments succeeded"] == 5 and done["failed"] == 1, done
    left = await Payment.get(invoice_id=invoices[2])
    assert left.status == "pending"  # called again after its lease
