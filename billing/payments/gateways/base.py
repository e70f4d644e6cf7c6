"""What every payment gateway answers, in Tally's words, whichever provider stands behind it.

``Gateway`` is the protocol the rest of payments calls (``gateway_for(provider)``); the answer
types are plain dataclasses, so a caller never sees a provider's SDK object, exception or
status word. A gateway translates its provider's statuses (stripe's ``requires_payment_method``,
provider B's ``processing``) into Tally's: ``succeeded``, ``failed``, ``pending``.

An outcome the gateway cannot know (the provider unreachable, a 5xx, a concurrent request with
the same key) is ``GatewayUnreachable``: the caller keeps the payment pending and calls again
later with the same idempotency key. A refusal is an answer (``failed`` with a message), not an
exception.
"""

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from billing.payments.models import Payment, PaymentMethod

SUCCEEDED = "succeeded"
FAILED = "failed"
PENDING = "pending"


class GatewayUnreachable(Exception):
    """The provider gave no answer that settles the call; ``message`` says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class ChargeAnswer:
    """What the provider said about one charge: ``succeeded``, ``failed`` or ``pending`` (it
    settles later, by webhook or a later check), the provider's payment id when it made one,
    the failure's message, and for a hosted link its URL and the product it sold (what a
    partial refund names)."""

    status: str
    provider_payment_id: str | None = None
    message: str | None = None
    payment_link: str | None = None
    product_id: str | None = None


@runtime_checkable
class Gateway(Protocol):
    """One payment provider, as payments uses it. Implementations are async and safe to call
    concurrently (many charges at once); they never run inside a database transaction."""

    provider: str

    async def charge_off_session(
        self, payment: Payment, method: PaymentMethod | None
    ) -> ChargeAnswer:
        """Charge the committed pending ``payment`` without the customer present, by its
        ``method`` (None: the provider's own way to ask the customer, a payment link, if it
        has one), with ``payment.idempotency_key``: a repeated call answers the first charge,
        never a second one. Raises ``GatewayUnreachable`` when the outcome is unknown."""
        ...
