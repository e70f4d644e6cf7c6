"""The batch start (``charging.start_attempts``) starts the attempts the one-by-one
``start_attempt`` starts: a table of cases (which method, a link, waiting, attempt numbers),
all started together in one batch across merchants and, on the same rows, one by one; each
way in a transaction rolled back afterwards, compared field by field as stored."""

from datetime import UTC, datetime, timedelta

import pytest
from tortoise.transactions import in_transaction

from billing.invoicing.models import Invoice
from billing.payments import setup
from billing.payments.collection.charging import start_attempt, start_attempts
from billing.payments.models import Payment, PaymentMethod, ProviderConfig
from billing.subscriptions.models import Subscription
from tests.support.factories.subscriptions import make_customer, subscribe

NOW = datetime(2030, 3, 1, tzinfo=UTC)
EARLIER = NOW - timedelta(days=30)


class _Undo(Exception):
    """Raised to roll a start back once its rows are read."""


async def _configure(merchant_id: str, *providers: str, environment: str | None = "test_mode"):
    for provider in providers:
        await ProviderConfig.create(
            merchant_id=merchant_id,
            provider=provider,
            secret_key_sealed=setup.seal(f"sk_test_{provider}"),
            environment=environment if provider == "provider_b" else "test",
        )


async def _method(merchant_id: str, customer_id: str, name: str, **fields) -> PaymentMethod:
    values = {
        "provider": "provider_a",
        "payment_type": "card",
        "status": "active",
        "external_psp_payment_method_id": f"pm_{name}",
        "created_at": EARLIER,
        **fields,
    }
    return await PaymentMethod.create(merchant_id=merchant_id, customer_id=customer_id, **values)


async def _invoice(merchant_id: str, customer_id: str, stable_id: str | None = None) -> Invoice:
    return await Invoice.create(
        merchant_id=merchant_id,
        customer_id=customer_id,
        stable_subscription_id=stable_id,
        status="unpaid",
        billing_reason="subscription_cycle",
        currency="USD",
        issue_date=EARLIER,
        subtotal_cents=4900,
        total_cents=4900,
    )


async def _case(make_merchant, name: str) -> tuple[Invoice, dict[str, str | None]]:
    """One case's rows; answers its invoice and the method names expected to be charged
    (``None``: no method, a link; absent: the invoice waits), to read the table by name."""
    merchant = (await make_merchant(f"Case {name}")).id
    person = await make_customer(merchant)
    customer = person.id
    if name == "a card":
        await _configure(merchant, "provider_a")
        await _method(merchant, customer, "card")
        return await _invoice(merchant, customer), {"method": "pm_card"}
    if name == "the newest of two cards":
        await _configure(merchant, "provider_a")
        await _method(merchant, customer, "old")
        await _method(merchant, customer, "new", created_at=NOW - timedelta(days=1))
        return await _invoice(merchant, customer), {"method": "pm_new"}
    if name == "the newest active one":
        await _configure(merchant, "provider_a")
        await _method(merchant, customer, "active")
        await _method(merchant, customer, "expired", status="inactive", created_at=NOW)
        return await _invoice(merchant, customer), {"method": "pm_active"}
    if name == "the newest decides, unusable":
        await _configure(merchant, "provider_a")
        await _method(merchant, customer, "usable")
        await _method(
            merchant, customer, "bare", external_psp_payment_method_id=None, created_at=NOW
        )
        return await _invoice(merchant, customer), {}
    if name in ("the subscription's own", "the subscription's own, deleted"):
        await _configure(merchant, "provider_a")
        sub = await subscribe(merchant, customer=person)
        own = await _method(merchant, customer, "own", created_at=EARLIER - timedelta(days=1))
        await _method(merchant, customer, "newest")
        await Subscription.filter(id=sub.id).update(payment_method_id=own.id)
        if name.endswith("deleted"):
            await PaymentMethod.filter(id=own.id).update(deleted_at=EARLIER)
            return await _invoice(merchant, customer, sub.stable_subscription_id), {
                "method": "pm_newest"
            }
        return await _invoice(merchant, customer, sub.stable_subscription_id), {"method": "pm_own"}
    if name == "no method: a link by provider B":
        await _configure(merchant, "provider_b")
        return await _invoice(merchant, customer), {"method": None}
    if name == "no method: waits":
        await _configure(merchant, "provider_a")
        return await _invoice(merchant, customer), {}
    if name == "a card without provider A: a link":
        await _configure(merchant, "provider_b")
        await _method(merchant, customer, "card")
        return await _invoice(merchant, customer), {"method": None}
    if name in ("a mandate", "a mandate without its subscription: a link"):
        await _configure(merchant, "provider_b")
        metadata = {"subscription_id": "sub_b_1"} if name == "a mandate" else {}
        await _method(
            merchant,
            customer,
            "mandate",
            provider="provider_b",
            payment_type="mandate",
            external_psp_metadata=metadata,
        )
        expected = "pm_mandate" if name == "a mandate" else None
        return await _invoice(merchant, customer), {"method": expected}
    if name == "a mandate, provider B without its environment":
        await _configure(merchant, "provider_b", environment=None)
        await _method(
            merchant,
            customer,
            "mandate",
            provider="provider_b",
            payment_type="mandate",
            external_psp_metadata={"subscription_id": "sub_b_1"},
        )
        return await _invoice(merchant, customer), {"method": None}
    if name == "a card of both providers' merchant":
        await _configure(merchant, "provider_a", "provider_b")
        await _method(merchant, customer, "card")
        return await _invoice(merchant, customer), {"method": "pm_card"}
    if name == "another provider's method":
        await _configure(merchant, "provider_a")
        await _method(merchant, customer, "paypal", provider="paypal")
        return await _invoice(merchant, customer), {}
    if name == "the third attempt":
        await _configure(merchant, "provider_a")
        card = await _method(merchant, customer, "card")
        invoice = await _invoice(merchant, customer)
        for attempt in (1, 2):
            await Payment.create(
                merchant_id=merchant,
                invoice_id=invoice.id,
                customer_id=customer,
                payment_method_id=card.id,
                provider="provider_a",
                amount_cents=4900,
                currency="USD",
                status="failed",
                attempt=attempt,
                idempotency_key=f"{invoice.id}:attempt-{attempt}",
            )
        return invoice, {"method": "pm_card", "attempt": 3}
    raise AssertionError(name)


CASES = [
    "a card",
    "the newest of two cards",
    "the newest active one",
    "the newest decides, unusable",
    "the subscription's own",
    "the subscription's own, deleted",
    "no method: a link by provider B",
    "no method: waits",
    "a card without provider A: a link",
    "a mandate",
    "a mandate without its subscription: a link",
    "a mandate, provider B without its environment",
    "a card of both providers' merchant",
    "another provider's method",
    "the third attempt",
]


async def _started(invoices: list[Invoice], batch: bool) -> dict[str, dict | None]:
    """What each invoice's new attempt looks like as stored (None: no attempt), rolled back."""
    ids = [invoice.id for invoice in invoices]
    seen: dict[str, dict | None] = {}
    try:
        async with in_transaction():
            locked = await Invoice.filter(id__in=ids).order_by("id").select_for_update()
            if batch:
                await start_attempts(locked, NOW)
            else:
                for invoice in locked:
                    await start_attempt(invoice, NOW)
            for invoice in await Invoice.filter(id__in=ids):
                payment = await Payment.filter(invoice_id=invoice.id, created_at=NOW).first()
                if payment is None:
                    seen[invoice.id] = None
                    assert invoice.payment_status == "none" and invoice.payment_id is None
                    continue
                assert (invoice.payment_status, invoice.payment_id) == ("pending", payment.id)
                method = await PaymentMethod.filter(id=payment.payment_method_id or "").first()
                seen[invoice.id] = {
                    "method": method.external_psp_payment_method_id if method else None,
                    "method_id": payment.payment_method_id,
                    "provider": payment.provider,
                    "attempt": payment.attempt,
                    "key": payment.idempotency_key,
                    "amount": (payment.amount_cents, payment.currency),
                    "status": payment.status,
                    "dates": (payment.created_at, payment.retry_at),
                    "customer": (payment.merchant_id, payment.customer_id),
                }
            raise _Undo
    except _Undo:
        pass
    return seen


@pytest.mark.usefixtures("app")
async def test_the_batch_starts_what_one_by_one_starts(make_merchant):
    table = [await _case(make_merchant, name) for name in CASES]
    invoices = [invoice for invoice, _ in table]

    batch = await _started(invoices, batch=True)
    one_by_one = await _started(invoices, batch=False)

    for name, (invoice, expected) in zip(CASES, table, strict=True):
        assert batch[invoice.id] == one_by_one[invoice.id], name
        got = batch[invoice.id]
        if not expected:
            assert got is None, name
            continue
        assert got is not None, name
        assert got["method"] == expected["method"], name
        attempt = expected.get("attempt", 1)
        assert (got["attempt"], got["key"]) == (attempt, f"{invoice.id}:attempt-{attempt}"), name
    assert not await Payment.filter(invoice_id__in=[i.id for i in invoices], created_at=NOW)
