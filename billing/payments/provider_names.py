"""What a merchant or a customer reads for a payment provider: what it is, not a letter.

The wire values (``provider_a``, ``provider_b``) stay exactly as the interface spec gives them
in the API; only what people read changes, and it changes here and nowhere else. ``SHORT`` is
for places where space is tight (a table cell); ``NAMES`` everywhere else.
"""

NAMES = {
    "provider_a": "Card payments (provider A, Stripe-compatible)",
    "provider_b": "Payment links (provider B)",
}
SHORT = {
    "provider_a": "Card payments (A)",
    "provider_b": "Payment links (B)",
}


def provider_name(provider: str | None, *, short: bool = False) -> str:
    """``provider_a`` → ``Card payments (provider A, Stripe-compatible)``; an unknown value is
    shown as it is (never hidden), none as a dash."""
    if not provider:
        return "—"
    return (SHORT if short else NAMES).get(provider, provider)


# How a message the services write for the API ("Provider A accepted the keys") opens when the
# dashboard shows it: the API keeps the spec's wording, a merchant reads what the provider is.
SUBJECTS = {
    "Provider A": "The card payment provider (A)",
    "Provider B": "The payment-link provider (B)",
}


def in_words(message: str) -> str:
    """``Provider A accepted the keys`` → ``The card payment provider (A) accepted the keys``;
    a message naming no provider is returned as it is."""
    for letter, subject in SUBJECTS.items():
        message = message.replace(letter, subject)
    return message
