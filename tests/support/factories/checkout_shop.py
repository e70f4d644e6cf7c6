"""A shop selling through the public checkout, for the tests of payment-init's limits, its
customer rules and its invoice numbers: a test-mode merchant with provider A at localstripe
(``card_merchant``; the test asks for the ``provider_a_api`` fixture), a paid plan, and the
calls a checkout page makes with the publishable key (start, pay with the sandbox card form).
"""

from billing.catalog.models import Price
from billing.customers.models import Customer
from billing.invoicing.models import Invoice
from billing.payments.models import Payment
from billing.subscriptions.models import Subscription
from tests.conftest import MerchantAccount
from tests.support.factories.card_payments import GOOD_CARD, card_merchant
from tests.support.factories.catalog import make_plan

PATH = "/v1/public/payment-init"


async def paid_plan(merchant_id: str, cents: int = 4900) -> Price:
    plan = await make_plan(merchant_id, name="Pro", monthly_cents=cents)
    return await Price.filter(plan_id=plan.id).first()


async def card_shop(client, make_merchant) -> tuple[MerchantAccount, Price]:
    account = await card_merchant(client, make_merchant)
    return account, await paid_plan(account.id)


async def start(client, account, price, *, address: str | None = None, headers=None, **fields):
    """payment-init as a page calls it; ``address``: the client address the server sees."""
    body = {"planId": price.plan_id, "priceId": price.id, **fields}
    extra = {"scope_base": {"client": (address, 40000)}} if address else {}
    response = await client.post(
        PATH, json=body, headers={**account.public_headers, **(headers or {})}, **extra
    )
    return response.status_code, await response.get_json(), response.headers


async def pay(client, account, payment_intent_id: str, number: str = GOOD_CARD) -> dict:
    """The sandbox card form's payment with a card (a good one unless ``number``); its answer."""
    card = {"number": number, "expMonth": 12, "expYear": 2034, "cvc": "123"}
    response = await client.post(
        f"{PATH}/confirm-card",
        json={"paymentIntentId": payment_intent_id, "card": card},
        headers=account.public_headers,
    )
    assert response.status_code == 200, await response.get_json()
    return await response.get_json()


async def records(merchant_id: str) -> dict[str, int]:
    """How many of each record a checkout makes the merchant row holds (the provider's
    intents: payments that have one)."""
    return {
        "customers": await Customer.filter(merchant_id=merchant_id).count(),
        "subscriptions": await Subscription.filter(merchant_id=merchant_id).count(),
        "invoices": await Invoice.filter(merchant_id=merchant_id).count(),
        "payments": await Payment.filter(merchant_id=merchant_id).count(),
        "intents": await Payment.filter(
            merchant_id=merchant_id, provider_payment_id__isnull=False
        ).count(),
    }
