"""Payment forms: refunding a subscription's latest payment.

The amount is typed in major units (49.00) and must be a positive amount here; how much may be
given back is the refund service's rule, and its message (which speaks of cents, as the API
does) is put back in money the merchant reads, with the payment's currency (``refund_words``):
"$50.00 is more than is left", not "amountCents 5000" nor a bare "50.00".
"""

import re

from wtforms import BooleanField, TextAreaField, ValidationError
from wtforms.validators import Length

from billing.core.errors import ServiceError
from billing.payments.refunds.refund_payment import MAX_REASON
from webapp.forms import TallyForm, error_words
from webapp.forms.money import MoneyField, format_money

CENTS_IN_MESSAGES = (
    (
        re.compile(
            r"amountCents (\d+) is more than is left to refund on this payment: "
            r"(\d+) of (\d+) \(already refunded (\d+)\)"
        ),
        "{1} is more than is left to refund on this payment: {2} of {3} ({4} already refunded)",
    ),
    (re.compile(r"send amountCents (\d+) or leave it out"), "enter {1} or leave the amount empty"),
    (
        re.compile(r"amountCents must be a whole number of cents \(an integer\), at least 1"),
        "The amount must be at least 0.01, typed like 49.00",
    ),
)


def refund_words(message: str, currency: str = "") -> str:
    """A refund service message with amounts in cents as money (5000, USD → $50.00)."""

    def words(template: str):
        def fill(match: re.Match) -> str:
            amounts = [format_money(int(cents), currency) for cents in match.groups()]
            return template.format(None, *amounts)

        return fill

    for pattern, template in CENTS_IN_MESSAGES:
        message = pattern.sub(words(template), message)
    return message


class RefundForm(TallyForm):
    amount = MoneyField(
        "Amount",
        description="Left empty, all that is left of the payment is refunded.",
    )
    reason = TextAreaField(
        "Reason",
        [Length(max=MAX_REASON, message=f"Keep the reason under {MAX_REASON} characters")],
        render_kw={"rows": 2},
        description="Shown on the adjustment invoice.",
    )
    terminate = BooleanField(
        "Also cancel the subscription",
        description="It ends now, once the refund is made; billing stops.",
    )

    error_fields = (
        ("amountCents", "amount", "The amount"),
        ("is left to refund", "amount", None),
        ("refunded in full", "amount", None),
        ("leave the amount empty", "amount", None),
        ("reason", "reason", "The reason"),
    )

    def validate_amount(self, field) -> None:
        cents = field.cents
        if cents is not None and cents < 1:
            raise ValidationError("Enter an amount above 0.00, like 49.00")

    currency = ""  # the refunded payment's, set by the page so amounts read as money

    def _route(self, error: ServiceError | str) -> tuple[str | None, str]:
        """An error the dashboard has words for by its code as those say; the amounts in
        the others (what is left to refund) as money."""
        if isinstance(error, ServiceError) and error.code not in error_words.WORDS:
            error = error.message
        if isinstance(error, str):
            error = refund_words(error, self.currency)
        return super()._route(error)
