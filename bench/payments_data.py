"""The payments run's data (``bench.payments_run``): merchants of unequal size with provider A
configured (its rows only), one customer with an active card per invoice, and unpaid issued
invoices of 49.00, written with bulk inserts."""

from datetime import UTC, datetime

from tortoise import connections

from billing.accounts.merchants import create_business
from billing.customers.models import Customer
from billing.invoicing.models import Invoice
from billing.payments.models import PaymentMethod, ProviderConfig

ISSUED = datetime(2030, 1, 31, tzinfo=UTC)
SHARES = (0.60, 0.20, 0.10, 0.06, 0.04)
BATCH = 5000


async def _merchant(name: str) -> str:
    merchant = await create_business({"legal_name": name, "display_name": name})
    await ProviderConfig.create(
        merchant_id=merchant.id,
        provider="provider_a",
        public_key="pk_live_bench",
        secret_key_sealed="not used: the bench's gateway answers",
        environment="live",
    )
    return merchant.id


async def _invoices(merchant_id: str, count: int) -> None:
    """``count`` customers, each with an active card and one unpaid invoice."""
    for first in range(0, count, BATCH):
        customers, methods, invoices = [], [], []
        for n in range(first, min(first + BATCH, count)):
            customer = Customer(
                merchant_id=merchant_id,
                email=f"c{n}@example.com",
                email_normalized=f"c{n}@example.com",
                name=f"Customer {n}",
                name_normalized=f"customer {n}",
            )
            customers.append(customer)
            methods.append(
                PaymentMethod(
                    merchant_id=merchant_id,
                    customer_id=customer.id,
                    provider="provider_a",
                    payment_type="card",
                    status="active",
                    card_last_four="4242",
                    external_psp_payment_method_id=f"pm_bench_{n}",
                    external_psp_customer_id=f"cus_bench_{n}",
                )
            )
            invoices.append(
                Invoice(
                    merchant_id=merchant_id,
                    customer_id=customer.id,
                    number=f"INV-{n + 1}",
                    status="unpaid",
                    billing_reason="manual",
                    currency="USD",
                    issue_date=ISSUED,
                    subtotal_cents=4900,
                    total_cents=4900,
                )
            )
        await Customer.bulk_create(customers)
        await PaymentMethod.bulk_create(methods)
        await Invoice.bulk_create(invoices)


async def seed(count: int, sample_size: int) -> tuple[list[str], str]:
    """The merchants (largest first) with their invoices, and the baseline's sample merchant."""
    merchants = []
    left = count
    for n, share in enumerate(SHARES):
        size = left if n == len(SHARES) - 1 else round(count * share)
        left -= size
        merchant_id = await _merchant(f"Bench {n + 1}")
        await _invoices(merchant_id, size)
        merchants.append(merchant_id)
    sample = await _merchant("Bench sample")
    await _invoices(sample, sample_size)
    await connections.get("default").execute_script("ANALYZE")
    return merchants, sample
