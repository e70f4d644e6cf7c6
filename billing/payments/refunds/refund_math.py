"""How much a refund may give back, and how its amount splits into price and tax on the
adjustment invoice. Pure functions on whole cents: no database, no provider.

Rules (checked against a table written by hand in tests/billing/payments/test_refund_math.py):

1. **What is left**: a payment of ``P`` cents of which ``R`` were refunded has ``P - R`` left.
   A refund without an amount gives back all that is left; one with an amount must be a whole
   number of cents (an ``int``, not a bool, a float or a string), at least 1 and at most what
   is left. Nothing is left once ``R == P``, so a fully refunded payment refuses every refund.
2. **Tax share**: a refund gives back tax in the proportion the invoice charged it: each tax
   row of ``t`` cents of a payment of ``P`` cents carries back its share of the refunded money.
   The share is computed on the running total, not on the refund alone::

       share(t, before, amount) = r(t * (before + amount) / P) - r(t * before / P)

   with ``before`` what earlier refunds gave back and ``r`` rounding half up to a cent. So the
   shares of any sequence of partial refunds add up to exactly ``t`` once the payment is
   refunded in full (no cent lost or invented by rounding each refund on its own), and a
   single full refund gives back each tax row exactly.
3. **Price part**: the refund's amount less its tax shares, so the adjustment invoice's total
   is exactly ``-amount``: the money that left the merchant's account.

4. **What counts as refunded** (what an invoice, a payment, the dashboard, the portal and the
   PDF show as given back): only ``succeeded`` refunds. A ``pending`` one is shown as pending,
   apart (the money is on its way, not yet back); a ``failed`` one counts nowhere. So::

       refunded = sum of succeeded refunds      pending = sum of pending refunds
       net paid = P - refunded
       state    = "refunded" when refunded == P > 0, "partially_refunded" when
                  0 < refunded < P, else "none" (a pending refund alone changes no state)

   Rule 1's ``R`` (the payment's ``refunded_cents``) is not this figure: it counts pending
   refunds too, so that money already on its way cannot be asked for a second time. For an
   invoice, ``P`` is what its succeeded payments collected and the refunds are theirs.

Example (hand-checked): a $49.00 fee with 20% VAT, paid 5880. Refund 1000, then the rest:
VAT share r(980*1000/5880) = r(166.67) = 167, price 833; then r(980*5880/5880) - 167 = 813,
price 4880 - 813 = 4067. Together 980 VAT and 4900 price: the invoice, reversed exactly.

Example of rule 4: paid 1200, refunds of 500 (succeeded), 300 (pending) and 200 (failed):
refunded 500, pending 300, net paid 700, partially refunded; rule 1 leaves 400 to refund.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from billing.core.errors import Invalid
from billing.payments.models import RefundStatus

AMOUNT_NOT_CENTS = "amountCents must be a whole number of cents (an integer), at least 1"
NOTHING_LEFT = "This payment has already been refunded in full"


def left_to_refund(paid_cents: int, refunded_cents: int) -> int:
    """Rule 1: what a payment still has to give back (never below 0)."""
    return max(paid_cents - refunded_cents, 0)


def check_amount_shape(amount_cents: Any) -> int | None:
    """Rule 1's shape: None (all that is left) or a positive int; ``Invalid`` otherwise.
    Checked before anything is looked up, so a malformed amount changes nothing."""
    if amount_cents is None:
        return None
    if isinstance(amount_cents, bool) or not isinstance(amount_cents, int) or amount_cents < 1:
        raise Invalid(AMOUNT_NOT_CENTS, code="refund_amount_not_cents", field="amountCents")
    return amount_cents


def refund_amount(amount_cents: int | None, paid_cents: int, refunded_cents: int) -> int:
    """Rule 1 against the payment: the amount this refund gives back."""
    left = left_to_refund(paid_cents, refunded_cents)
    if left == 0:
        raise Invalid(NOTHING_LEFT, code="nothing_left", field="amountCents")
    if amount_cents is None:
        return left
    if amount_cents > left:
        raise Invalid(
            f"amountCents {amount_cents} is more than is left to refund on this payment: "
            f"{left} of {paid_cents} (already refunded {refunded_cents})",
            code="refund_more_than_left",
            field="amountCents",
            params={
                "amount_cents": amount_cents,
                "left_cents": left,
                "paid_cents": paid_cents,
                "refunded_cents": refunded_cents,
            },
        )
    return amount_cents


def _round_half_up(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` to the nearest integer, halves up (both non-negative)."""
    return (2 * numerator + denominator) // (2 * denominator)


def tax_share(tax_cents: int, paid_cents: int, before: int, amount: int) -> int:
    """Rule 2 for one tax row of ``tax_cents`` (non-negative, ``paid_cents`` > 0)."""
    after = _round_half_up(tax_cents * (before + amount), paid_cents)
    return after - _round_half_up(tax_cents * before, paid_cents)


def split_refund(
    amount: int, paid_cents: int, before: int, taxes: list[tuple[str, int]]
) -> tuple[int, list[tuple[str, int]]]:
    """Rules 2 and 3: ``(price part, [(tax description, tax part)])`` of a refund, all as
    positive cents; tax rows whose share is 0 are left out. Price part plus tax parts is
    always ``amount``."""
    shares = [
        (description, tax_share(cents, paid_cents, before, amount))
        for description, cents in taxes
        if cents > 0
    ]
    shares = [(description, cents) for description, cents in shares if cents]
    return amount - sum(cents for _, cents in shares), shares


NONE, PARTIALLY_REFUNDED, REFUNDED = "none", "partially_refunded", "refunded"


@dataclass(frozen=True)
class RefundTotals:
    """Rule 4 for one payment (or one invoice's payments): what was paid, what came back."""

    paid_cents: int
    refunded_cents: int  # succeeded refunds only
    pending_cents: int  # refunds on their way

    @property
    def net_paid_cents(self) -> int:
        return self.paid_cents - self.refunded_cents

    @property
    def state(self) -> str:
        if self.refunded_cents <= 0:
            return NONE
        return REFUNDED if self.refunded_cents >= self.paid_cents else PARTIALLY_REFUNDED


def refund_totals(paid_cents: int, refunds: Iterable[tuple[str, int]]) -> RefundTotals:
    """Rule 4: the totals of ``paid_cents`` given its refunds as ``(status, amount_cents)``."""
    refunds = list(refunds)
    return RefundTotals(
        paid_cents=paid_cents,
        refunded_cents=sum(cents for status, cents in refunds if status == RefundStatus.SUCCEEDED),
        pending_cents=sum(cents for status, cents in refunds if status == RefundStatus.PENDING),
    )
