"""Made-up but plausible contexts of every e-mail, for the dashboard's previews and its "send me
a test": no database, the same keys ``event_contexts`` builds, in the same words (``wording``),
so a preview shows exactly the layout a customer gets.
"""

from datetime import UTC, datetime

from billing.emails import wording

PORTAL = "https://billing.example.com/portal/e/sample"
CURRENCY = "USD"
ISSUED = datetime(2027, 3, 12, tzinfo=UTC)
CARD = wording.card("visa", "4242")


def _money(cents: int) -> str:
    return wording.money(cents, CURRENCY)


SAMPLES: dict[str, dict] = {
    "invoice_issued": {
        "number": "INV-000042",
        "amount_due": _money(3480),
        "subtotal": _money(2900),
        "tax": _money(580),
        "issue_date": wording.day(ISSUED),
        "due_date": wording.day(ISSUED),
        "paid": False,
        "lines": [
            {"description": "Pro plan (12 March 2027 – 12 April 2027)", "amount": _money(2900)},
        ],
        "card": CARD,
    },
    "payment_receipt": {
        "amount": _money(2900),
        "paid_on": wording.day(ISSUED),
        "card": CARD,
        "invoice_number": "INV-000042",
    },
    "payment_failed": {
        "amount": _money(2900),
        "invoice_number": "INV-000042",
        "reason": "Your card was declined.",
        "card": CARD,
        "next_try": wording.day(datetime(2027, 3, 15, tzinfo=UTC)),
        "access_until": "",
        "portal_url": PORTAL,
    },
    "trial_ending": {
        "plan": "Pro",
        "trial_end": wording.day(datetime(2027, 3, 15, tzinfo=UTC)),
        "price_after": f"{_money(2900)} per month",
        "first_charge": "",
        "card": CARD,
        "portal_url": "",
        "ending": False,
    },
    "renewal_upcoming": {
        "plan": "Pro",
        "renewal_date": wording.day(datetime(2027, 3, 19, tzinfo=UTC)),
        "amount": _money(29000),
        "card": CARD,
    },
    "card_expiring": {
        "card": CARD,
        "expires": wording.expiry(4, 2027),
        "portal_url": PORTAL,
    },
    "refund_issued": {
        "amount": _money(1500),
        "refunded_on": wording.day(ISSUED),
        "reason": "Service outage credit",
        "card": CARD,
        "invoice_number": "INV-000042",
    },
    "subscription_cancelled": {
        "plan": "Pro",
        "access_ends": wording.day(datetime(2027, 4, 12, tzinfo=UTC)),
        "usage_billed": False,
    },
    "test": {},
}
CUSTOMER = "Ada Lovelace"
