"""What a verified provider event does, decided apart from doing it.

Each provider's event, parsed by its gateway, is first turned into one ``Action``
(``webhook_events.plan``); applying it is a second step. The split is what
lets the test endpoint answer what a delivery *would* do by planning alone: planning only
reads, so it changes nothing.

Lookups are scoped to the merchant row named by the webhook path, and to the provider that
signed the event: an event can never touch another merchant's payment, nor provider B's
payment be settled by provider A. Values from the event are used only when they fit the
columns they land in; anything else counts as absent (the event is then only recorded), so
an odd event never fails the delivery and the provider does not retry it forever.
"""

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from billing.core.ids import is_well_formed
from billing.customers.models import Customer
from billing.payments.collection.payment_outcomes import mark_failed, mark_succeeded
from billing.payments.gateways.events import text
from billing.payments.models import Payment, PaymentMethod, PaymentMethodStatus, Refund
from billing.payments.refunds.refund_outcomes import PENDING, settle_refund


@dataclass(frozen=True)
class Action:
    """One effect of an event; ``describe`` is the sentence the test endpoint answers."""

    def describe(self) -> str:
        raise NotImplementedError

    async def apply(self) -> None:
        """Run inside the transaction that records the event (so both commit or neither)."""


@dataclass(frozen=True)
class RecordOnly(Action):
    reason: str

    def describe(self) -> str:
        return f"record the event only ({self.reason})"


@dataclass(frozen=True)
class MarkSucceeded(Action):
    payment_id: str
    at: datetime
    provider_payment_id: str | None

    def describe(self) -> str:
        return f"mark payment {self.payment_id} succeeded"

    async def apply(self) -> None:
        await mark_succeeded(self.payment_id, self.at, self.provider_payment_id)


@dataclass(frozen=True)
class MarkFailed(Action):
    payment_id: str
    message: str
    provider_payment_id: str | None

    def describe(self) -> str:
        return f"mark payment {self.payment_id} failed ({self.message})"

    async def apply(self) -> None:
        await mark_failed(self.payment_id, self.message, self.provider_payment_id)


@dataclass(frozen=True)
class SettleRefund(Action):
    """A pending refund's outcome (``refund_outcomes``: a failure gives the amount back to
    the payment and voids the adjustment invoice)."""

    refund_id: str
    succeeded: bool
    at: datetime
    message: str | None
    provider_refund_id: str | None

    def describe(self) -> str:
        outcome = "succeeded" if self.succeeded else f"failed ({self.message})"
        return f"mark refund {self.refund_id} {outcome}"

    async def apply(self) -> None:
        await settle_refund(
            self.refund_id,
            succeeded=self.succeeded,
            at=self.at,
            message=self.message,
            provider_refund_id=self.provider_refund_id,
        )


@dataclass(frozen=True)
class AddPaymentMethod(Action):
    """An active payment method for a customer, once per provider payment method id: a
    method already stored under the same external id (from another event about the same
    mandate) is left as it is. Dated ``at`` when given (a due pass's ``now``), else now."""

    merchant_id: str
    customer_id: str
    provider: str
    payment_type: str
    external_psp_payment_method_id: str
    fields: dict[str, Any] = field(default_factory=dict)
    at: datetime | None = None

    def describe(self) -> str:
        return (
            f"add an active {self.payment_type} payment method "
            f"({self.external_psp_payment_method_id}) for customer {self.customer_id}"
        )

    async def apply(self) -> None:
        # Locked so a customer deleted at this moment cannot gain a method afterwards.
        customer = (
            await Customer.scoped(self.merchant_id)
            .filter(id=self.customer_id)
            .select_for_update()
            .first()
        )
        if customer is None:
            return
        known = PaymentMethod.scoped(self.merchant_id).filter(
            provider=self.provider,
            external_psp_payment_method_id=self.external_psp_payment_method_id,
        )
        if await known.exists():
            return
        await PaymentMethod.create(
            merchant_id=self.merchant_id,
            customer_id=customer.id,
            provider=self.provider,
            payment_type=self.payment_type,
            status=PaymentMethodStatus.ACTIVE,
            external_psp_payment_method_id=self.external_psp_payment_method_id,
            **self.fields,
            **({"created_at": self.at} if self.at else {}),
        )


async def find_payment(
    merchant_id: str, provider: str, provider_payment_id: Any, payment_id: Any
) -> Payment | None:
    """The merchant's payment with this provider's payment id (its latest attempt), or else
    the Tally payment id the event's metadata names (when charging passed it along)."""
    scoped = Payment.scoped(merchant_id).filter(provider=provider)
    external = text(provider_payment_id)
    if external is not None:
        found = await scoped.filter(provider_payment_id=external).order_by("-attempt").first()
        if found is not None:
            return found
    if isinstance(payment_id, str) and is_well_formed(payment_id, Payment.id_prefix):
        return await scoped.filter(id=payment_id).first()
    return None


async def find_customer(merchant_id: str, customer_id: Any) -> Customer | None:
    if isinstance(customer_id, str) and is_well_formed(customer_id, Customer.id_prefix):
        return await Customer.scoped(merchant_id).filter(id=customer_id).first()
    return None


async def settle(
    merchant_id: str,
    provider: str,
    *,
    succeeded: bool,
    provider_payment_id: Any,
    payment_id: Any,
    at: datetime,
    message: str | None = None,
) -> Action:
    """Mark the payment the event names succeeded or failed; record only when the event
    names no payment of this merchant (a payment made outside Tally, say)."""
    payment = await find_payment(merchant_id, provider, provider_payment_id, payment_id)
    if payment is None:
        return RecordOnly("no payment of this merchant matches it")
    external = text(provider_payment_id)
    if succeeded:
        return MarkSucceeded(payment.id, at, external)
    return MarkFailed(payment.id, (message or "The payment failed")[:500], external)


async def plan_refund(
    merchant_id: str,
    provider: str,
    *,
    succeeded: bool,
    provider_refund_id: Any,
    refund_id: Any,
    at: datetime,
    message: str,
) -> Action:
    """Settle the merchant's pending refund of a ``provider`` payment that the event names by
    the provider's refund id, or else by the Tally refund id in its metadata; record only when
    it names none, or one settled already (by the refund call's own answer, say)."""
    scoped = Refund.scoped(merchant_id).filter(payment__provider=provider)
    external = text(provider_refund_id)
    found = None
    if external is not None:
        found = await scoped.filter(provider_refund_id=external).first()
    if found is None and isinstance(refund_id, str) and is_well_formed(refund_id, "re"):
        found = await scoped.filter(id=refund_id).first()
    if found is None:
        return RecordOnly("no refund of this merchant matches it")
    if found.status != PENDING:
        return RecordOnly(f"refund {found.id} is {found.status} already")
    return SettleRefund(found.id, succeeded, at, None if succeeded else message, external)
