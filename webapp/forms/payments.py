"""Payment forms: refunding a subscription's latest payment.

The amount is typed in major units (49.00) and must be a positive amount here; how much may be
given back is the refund service's rule. Its errors carry their amounts in cents as ``params``
and the dashboard words them as money in the payment's currency (``error_words``): "$50.00 is
more than is left", not "amountCents 5000" nor a bare "50.00".
"""

from wtforms import BooleanField, TextAreaField, ValidationError
from wtforms.validators import Length

from billing.payments.refunds.refund_payment import MAX_REASON
from webapp.forms import TallyForm
from webapp.forms.money import MoneyField


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

    error_fields = (("amountCents", "amount", "The amount"), ("reason", "reason", "The reason"))

    def validate_amount(self, field) -> None:
        cents = field.cents
        if cents is not None and cents < 1:
            raise ValidationError("Enter an amount above 0.00, like 49.00")

    currency = ""  # the refunded payment's, set by the page so amounts read as money
