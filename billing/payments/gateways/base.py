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

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol, runtime_checkable

from billing.customers.models import Customer
from billing.payments.gateways.events import IntentRead, ParsedEvent, SavedMethod
from billing.payments.models import Payment, PaymentMethod, PaymentStatus, Refund

# A gateway answers in Tally's own words: a payment's and a refund's statuses are the same three.
SUCCEEDED, FAILED, PENDING = PaymentStatus.SUCCEEDED, PaymentStatus.FAILED, PaymentStatus.PENDING


# Why a gateway refused to start something (``GatewayRefused.kind``): callers choose their
# own answer for each (a checkout's 502, the portal's 400 or 503).
NOT_CONFIGURED = "not_configured"  # the merchant row has no key for this provider
NEEDS_SUBSCRIPTION = "needs_subscription"  # a mandate needs a current subscription's currency
NO_COUNTRY = "no_country"  # the provider needs the customer's billing country
REFUSED_KEY = "refused_key"  # the provider refused the stored key
REFUSED = "refused"  # the provider refused the call (a 4xx)
UNAVAILABLE = "unavailable"  # no answer, or one that says nothing about the call


class GatewayRefused(Exception):
    """The provider refused a call the customer or the merchant waits for, or could not be
    reached for it (nothing was charged); ``message`` is the provider's sentence, ``kind``
    which of the reasons above."""

    def __init__(self, message: str, kind: str = REFUSED) -> None:
        super().__init__(message)
        self.message = message
        self.kind = kind


class CardDeclined(Exception):
    """The provider refused the card a test-mode card form confirmed; ``message`` is its
    sentence."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


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


@dataclass(frozen=True)
class CheckoutStart:
    """What a checkout's browser needs to pay: a client secret and publishable key (provider
    A's card form confirms the payment) or a hosted payment link (provider B), with the
    provider's payment id the event stream is keyed by."""

    provider_payment_id: str
    client_secret: str | None = None
    publishable_key: str | None = None
    payment_link: str | None = None


@dataclass(frozen=True)
class SetupRequest:
    """Saving a way to pay later for ``customer``, for a ``purpose`` (``checkout``: a trial's
    card or mandate, one per ``owner_id``, the subscription; ``portal``: a method the
    customer adds, a new one each time, ``owner_id`` the customer). ``currency`` is what the
    method will be charged in (None: no current subscription says), ``billing`` the
    customer's billing address (None without a country), ``reuse_id`` the setup a reload may
    answer again, ``return_url`` where a hosted page sends the customer afterwards."""

    customer: Customer
    purpose: str
    owner_id: str
    metadata: dict[str, str]
    currency: str | None = None
    billing: dict[str, str] | None = None
    reuse_id: str | None = None
    return_url: str | None = None


@dataclass(frozen=True)
class SetupStart:
    """What the customer's browser needs to save the method: an intent's id, client secret
    and publishable key (provider A's script confirms a card), or a hosted page's link."""

    setup_intent_id: str | None = None
    client_secret: str | None = None
    publishable_key: str | None = None
    payment_link: str | None = None


@dataclass(frozen=True)
class BrowserCardForm:
    """What a live page needs to take a card in the customer's browser with the provider's
    own script: the script's address, the origins the page must allow for it, and the
    merchant's public key. Card numbers never reach Tally."""

    script_url: str
    script_origins: tuple[str, ...]
    public_key: str | None


@dataclass(frozen=True)
class Seen:
    """What the provider says of a payment or a refund it holds: ``succeeded``, ``failed``
    (with its message) or ``pending``, and when it made the object (re-checks count from it)."""

    status: str  # succeeded | failed | pending
    created_at: datetime | None = None
    message: str | None = None


@dataclass(frozen=True)
class RefundAnswer:
    """What the provider said to a refund call: ``succeeded``, ``pending`` or ``failed`` (with a
    sentence fit for the merchant), its refund id; ``answered`` False when no answer came (the
    money may have moved: pending, called again later with the same key)."""

    status: str  # succeeded | pending | failed
    provider_refund_id: str | None = None
    message: str | None = None
    answered: bool = True


class InvalidWebhook(Exception):
    """A delivery whose signature is missing, malformed, stale or not made with the secret
    (one exception whatever is wrong, so a caller learns nothing about which check failed)."""


NO_ANSWER = "{name} did not answer the refund call; it is asked again later with the same key"


def no_refund_answer(name: str) -> RefundAnswer:
    """A refund call no answer came to: pending, without the provider's refund id."""
    return RefundAnswer(PENDING, message=NO_ANSWER.format(name=name), answered=False)


def unsettled(status: int | None) -> bool:
    """Whether an HTTP status says nothing about a call's outcome (the provider may have acted
    on it): none, a 5xx, 408, 409 or 429."""
    return status is None or status >= 500 or status in (408, 409, 429)


@runtime_checkable
class Gateway(Protocol):
    """One payment provider, as payments uses it. Implementations are async and safe to call
    concurrently (many charges at once); they never run inside a database transaction."""

    provider: str
    # What the rest of payments may ask of a provider without naming it:
    charges_without_method: bool  # an invoice no method pays gets a payment link
    needs_billing_country: bool  # its checkouts and links need the customer's country
    refunds_part_by_product: bool  # a partial refund names the product the payment sold
    keeps_card_from_checkout: bool  # a checkout's paid payment keeps its card for renewals
    confirms_in_browser: bool  # a page confirms its checkouts with a card (read back after)

    def accepts(self, method: PaymentMethod) -> bool:
        """Whether ``method`` is of a kind this provider charges off-session (a saved card, a
        mandate naming its subscription). No I/O: the payments step asks it of a whole claim."""
        ...

    async def customer(self, merchant_id: str, customer: Customer, *, key: str) -> str:
        """The provider's customer for ``customer`` (the one their earlier methods hang on,
        else a new one made with the idempotency key ``key``); ``GatewayRefused`` when the
        provider refuses, cannot be reached, or is not configured (kind ``not_configured``)."""
        ...

    async def is_configured(self, merchant_id: str) -> bool:
        """Whether this provider is configured for the merchant row, so its methods can be
        charged. Together with ``accepts``: whether a method can be charged."""
        ...

    async def charge_off_session(
        self, payment: Payment, method: PaymentMethod | None
    ) -> ChargeAnswer:
        """Charge the committed pending ``payment`` without the customer present, by its
        ``method`` (None: the provider's own way to ask the customer, a payment link, if it
        has one), with ``payment.idempotency_key``: a repeated call answers the first charge,
        never a second one. Raises ``GatewayUnreachable`` when the outcome is unknown."""
        ...

    async def start_checkout_payment(
        self, payment: Payment, customer: Customer, *, description: str
    ) -> CheckoutStart | None:
        """Start the committed checkout ``payment`` for the customer's browser to pay (with
        ``payment.idempotency_key``); a payment that has one already answers it again. None
        when it was canceled at the provider (that attempt cannot be paid any more);
        ``GatewayRefused`` when the provider refuses or cannot be reached."""
        ...

    async def start_setup(self, merchant_id: str, request: SetupRequest) -> SetupStart:
        """Start saving a way to pay later (a checkout's trial, the portal's new method);
        ``GatewayRefused`` with its ``kind`` when it cannot be started."""
        ...

    async def browser_card_form(self, merchant_id: str) -> BrowserCardForm | None:
        """How a live checkout or portal page takes a card with the provider's script, or
        None when the provider takes cards on its own hosted page (a link) instead."""
        ...

    async def read_intent(
        self, merchant_id: str, intent_id: str, *, setup: bool = False
    ) -> IntentRead | None:
        """A checkout payment (or with ``setup``, a saved-method setup) the customer's browser
        confirmed, read back with its card; None when the provider holds none of that kind
        (or is not configured); ``GatewayRefused`` when it cannot be asked."""
        ...

    async def card_details(self, merchant_id: str, method_id: str) -> dict | None:
        """The ``PaymentMethod`` card columns of a stored method the provider keeps, for one
        stored from a bare id; None when there are none or they cannot be read (logged)."""
        ...

    async def confirm_test_payment(
        self, payment: Payment, card: dict
    ) -> tuple[ChargeAnswer, SavedMethod | None]:
        """Test mode only: pay the checkout ``payment`` with ``card`` fields (number, expiry,
        cvc), as the provider's script would; the answer and the card to keep.
        ``GatewayRefused`` (``not_configured``) without the provider."""
        ...

    async def confirm_test_setup(
        self, merchant_id: str, setup_id: str, card: dict, key: str, keep_succeeded: bool
    ) -> IntentRead:
        """Test mode only: confirm the setup with ``card`` fields (one already confirmed is
        answered as it is with ``keep_succeeded``). ``CardDeclined`` for a refused card,
        ``GatewayRefused`` when it cannot be done."""
        ...

    async def save_test_card(self, merchant_id: str, number: str, email: str) -> tuple[str, str]:
        """Test mode only: a new provider customer with the test card ``number`` saved;
        ``(customer id, method id)``, for a demo's customer."""
        ...

    async def fetch_payment(self, payment: Payment) -> Seen | None:
        """What the provider says of ``payment`` (it holds the provider's id); None when the
        provider cannot be asked (unreachable, the key refused, the payment unknown to it)."""
        ...

    async def refund(self, payment: Payment, refund: Refund) -> RefundAnswer:
        """Ask the provider to give ``refund.amount_cents`` of ``payment`` back, with
        ``refund.idempotency_key``. Never raises: no answer is ``answered=False``."""
        ...

    async def fetch_refund(self, payment: Payment, refund: Refund) -> Seen | None:
        """What the provider says of ``refund`` (it holds the provider's refund id); None when
        it cannot be asked."""
        ...

    def verify_webhook(
        self, secret: str, body: bytes, headers: Mapping[str, str]
    ) -> tuple[str, dict]:
        """``(event id, event)`` of one inbound delivery, once its signature is proven made with
        the merchant row's webhook ``secret`` and dated within five minutes of now, either way.
        ``InvalidWebhook`` for any bad signature, ``events.NotAnEvent`` for a verified body that is
        not an event. Pure: no I/O, so not a coroutine."""
        ...

    async def webhook_secret(self, merchant_id: str) -> str | None:
        """The merchant row's signing secret for this provider's deliveries, if one is known;
        ``ValueError`` when it is sealed under a key since replaced."""
        ...

    def parse_webhook(self, event: dict) -> ParsedEvent:
        """What a verified event means to Tally, in Tally's words. Pure."""
        ...
