"""A gateway that answers from memory: for tests and benches whose subject is not the provider.

Deterministic (ids are numbered: ``pi_memory_1``, ``pi_memory_2``…, under the prefix given),
it records every call (``calls``) and every charge it made (``charges``), and can be told how
to answer: ``decline()`` (every charge, or only the methods named), ``answer_pending()``,
``unreachable()`` (no answer: the caller calls again later), ``latency`` seconds before each
answer (an ``asyncio.sleep``, so hundreds of calls wait together, as at a real provider).

Its webhooks are "signed" by a ``memory-signature`` header equal to ``signing_secret``, and
are events in Tally's own words: ``{id, type, data}`` with ``payment.succeeded`` /
``payment.failed`` (``data.payment_id``: Tally's, ``data.provider_payment_id``, ``data.message``)
and ``refund.succeeded`` / ``refund.failed`` (``data.refund_id``, ``data.provider_refund_id``).

Like a real provider it honours idempotency keys: a call repeated with a key it has seen
answers the first answer and makes no second charge, even when the two calls overlap. An
``unreachable`` call made no charge, so its key is not remembered.
"""

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass, field

from billing.customers.models import Customer
from billing.payments.gateways.base import (
    FAILED,
    PENDING,
    SUCCEEDED,
    CardDeclined,
    ChargeAnswer,
    CheckoutStart,
    GatewayRefused,
    GatewayUnreachable,
    InvalidWebhook,
    RefundAnswer,
    Seen,
    SetupRequest,
    SetupStart,
    no_refund_answer,
)
from billing.payments.gateways.events import (
    EventKind,
    IntentRead,
    NotAnEvent,
    ParsedEvent,
    SavedMethod,
    dict_at,
    event_object,
    not_acted_on,
)
from billing.payments.models import Payment, PaymentMethod, PaymentStatus, Refund

DECLINED = "The card was declined"
UNREACHABLE = "The memory gateway was told to be unreachable"


@dataclass(frozen=True)
class Call:
    """One call the gateway received: the operation, the idempotency key, what it was about."""

    operation: str
    key: str | None
    details: dict


@dataclass
class MemoryGateway:
    provider: str = "provider_a"
    id_prefix: str = "pi_memory_"
    latency: float = 0.0
    outcome: str = SUCCEEDED  # succeeded | failed | pending | unreachable
    declined_methods: set[str] = field(default_factory=set)  # provider method ids
    calls: list[Call] = field(default_factory=list)
    charges: dict[str, ChargeAnswer] = field(default_factory=dict)  # by idempotency key
    refunds: dict[str, RefundAnswer] = field(default_factory=dict)  # by idempotency key
    _made: int = 0
    charges_without_method: bool = False
    needs_billing_country: bool = False
    refunds_part_by_product: bool = False
    keeps_card_from_checkout: bool = False
    confirms_in_browser: bool = True
    signing_secret: str | None = None
    customers: dict[str, str] = field(default_factory=dict)  # Tally customer id -> its own

    def decline(self, *method_ids: str) -> None:
        """Decline the charges of these provider method ids; of every method when none."""
        if method_ids:
            self.declined_methods.update(method_ids)
        else:
            self.outcome = FAILED

    def answer_pending(self) -> None:
        self.outcome = PENDING

    def unreachable(self) -> None:
        self.outcome = "unreachable"

    def succeed(self) -> None:
        self.outcome = SUCCEEDED
        self.declined_methods.clear()

    def _new_id(self) -> str:
        self._made += 1
        return f"{self.id_prefix}{self._made}"

    def _answer(self, method: PaymentMethod | None) -> ChargeAnswer:
        external = method.external_psp_payment_method_id if method else None
        if self.outcome == FAILED or (external and external in self.declined_methods):
            return ChargeAnswer(FAILED, self._new_id(), DECLINED)
        if self.outcome == PENDING:
            return ChargeAnswer(PENDING, self._new_id())
        return ChargeAnswer(SUCCEEDED, self._new_id())

    def accepts(self, method: PaymentMethod) -> bool:
        return bool(method.external_psp_payment_method_id)

    async def browser_card_form(self, merchant_id: str) -> None:
        return None  # cards are taken on the provider's hosted page, never in Tally's

    async def customer(self, merchant_id: str, customer: Customer, *, key: str) -> str:
        self.calls.append(Call("customer", key, {"customer_id": customer.id}))
        if self.outcome == "unreachable":
            raise GatewayRefused(UNREACHABLE, "unavailable")
        if customer.id not in self.customers:
            self.customers[customer.id] = f"cus_memory_{len(self.customers) + 1}"
        return self.customers[customer.id]

    async def is_configured(self, merchant_id: str) -> bool:
        return True  # it stands in for a configured provider

    async def charge_off_session(
        self, payment: Payment, method: PaymentMethod | None
    ) -> ChargeAnswer:
        key = payment.idempotency_key
        details = {"payment_id": payment.id, "amount_cents": payment.amount_cents}
        self.calls.append(Call("charge_off_session", key, details))
        # Decided before the wait, so two overlapping calls with one key share one charge.
        answer = self.charges.get(key)
        if answer is None and self.outcome != "unreachable":
            answer = self.charges[key] = self._answer(method)
        if self.latency:
            await asyncio.sleep(self.latency)
        if answer is None:
            raise GatewayUnreachable(UNREACHABLE)
        return answer

    async def start_checkout_payment(
        self, payment: Payment, customer: Customer, *, description: str
    ) -> CheckoutStart | None:
        key = payment.idempotency_key
        self.calls.append(Call("start_checkout_payment", key, {"payment_id": payment.id}))
        if self.latency:
            await asyncio.sleep(self.latency)
        if self.outcome == "unreachable":
            raise GatewayRefused(UNREACHABLE)
        answer = self.charges.get(key)
        if answer is None:  # started, not paid: the browser pays it
            answer = self.charges[key] = ChargeAnswer(PENDING, self._new_id())
        made = answer.provider_payment_id or ""
        return CheckoutStart(made, client_secret=f"{made}_secret", publishable_key="pk_memory")

    async def start_setup(self, merchant_id: str, request: SetupRequest) -> SetupStart:
        key = f"{request.purpose}-setup-{request.owner_id}"
        self.calls.append(Call("start_setup", key, {"customer_id": request.customer.id}))
        if self.outcome == "unreachable":
            raise GatewayRefused(UNREACHABLE, "unavailable")
        made = request.reuse_id or f"seti_memory_{request.owner_id}"
        return SetupStart(made, client_secret=f"{made}_secret", publishable_key="pk_memory")

    async def read_intent(
        self, merchant_id: str, intent_id: str, *, setup: bool = False
    ) -> IntentRead | None:
        self.calls.append(Call("read_intent", None, {"id": intent_id, "setup": setup}))
        if setup:
            made = intent_id.startswith("seti_memory_")
            return IntentRead(PaymentStatus.PENDING, "pending") if made else None
        for answer in self.charges.values():
            if answer.provider_payment_id == intent_id:
                return IntentRead(
                    PaymentStatus(answer.status), answer.status, provider_id=intent_id
                )
        return None

    async def card_details(self, merchant_id: str, method_id: str) -> dict | None:
        return None

    async def confirm_test_payment(
        self, payment: Payment, card: dict
    ) -> tuple[ChargeAnswer, SavedMethod | None]:
        key = payment.idempotency_key
        self.calls.append(Call("confirm_test_payment", key, {"payment_id": payment.id}))
        if card.get("number") in self.declined_methods or self.outcome == FAILED:
            return ChargeAnswer(FAILED, payment.provider_payment_id, DECLINED), None
        answer = self.charges[key] = ChargeAnswer(SUCCEEDED, payment.provider_payment_id)
        method = SavedMethod(f"pm_memory_{payment.id}", "card", {})
        return answer, method

    async def confirm_test_setup(
        self, merchant_id: str, setup_id: str, card: dict, key: str, keep_succeeded: bool
    ) -> IntentRead:
        self.calls.append(Call("confirm_test_setup", key, {"id": setup_id}))
        if card.get("number") in self.declined_methods or self.outcome == FAILED:
            raise CardDeclined(DECLINED)
        method = SavedMethod(f"pm_memory_{setup_id}", "card", {})
        return IntentRead(PaymentStatus.SUCCEEDED, SUCCEEDED, method=method, provider_id=setup_id)

    async def save_test_card(self, merchant_id: str, number: str, email: str) -> tuple[str, str]:
        self._made += 1
        return f"cus_memory_{email}", f"pm_memory_{self._made}"

    async def fetch_payment(self, payment: Payment) -> Seen | None:
        self.calls.append(Call("fetch_payment", None, {"id": payment.provider_payment_id}))
        if self.latency:
            await asyncio.sleep(self.latency)
        for answer in self.charges.values():
            if answer.provider_payment_id == payment.provider_payment_id:
                return Seen(answer.status, None, answer.message)
        return None  # not a payment this gateway made

    async def refund(self, payment: Payment, refund: Refund) -> RefundAnswer:
        key = refund.idempotency_key
        details = {"payment_id": payment.provider_payment_id, "amount_cents": refund.amount_cents}
        self.calls.append(Call("refund", key, details))
        answer = self.refunds.get(key)
        if answer is None and self.outcome != "unreachable":
            status = self.outcome if self.outcome in (PENDING, FAILED) else SUCCEEDED
            message = "The refund was refused" if status == FAILED else None
            answer = self.refunds[key] = RefundAnswer(status, f"re_memory_{key}", message)
        if self.latency:
            await asyncio.sleep(self.latency)
        return answer or no_refund_answer("The memory gateway")

    async def fetch_refund(self, payment: Payment, refund: Refund) -> Seen | None:
        self.calls.append(Call("fetch_refund", None, {"id": refund.provider_refund_id}))
        for answer in self.refunds.values():
            if answer.provider_refund_id == refund.provider_refund_id:
                return Seen(answer.status, None, answer.message)
        return None

    def verify_webhook(
        self, secret: str, body: bytes, headers: Mapping[str, str]
    ) -> tuple[str, dict]:
        if not secret or headers.get("memory-signature") != secret:
            raise InvalidWebhook
        event = event_object(body)
        if not isinstance(event.get("id"), str):
            raise NotAnEvent
        return event["id"], event

    async def webhook_secret(self, merchant_id: str) -> str | None:
        return self.signing_secret

    def parse_webhook(self, event: dict) -> ParsedEvent:
        kind, data = event.get("type"), dict_at(event, "data")
        if kind in ("payment.succeeded", "payment.failed"):
            return ParsedEvent(
                EventKind.PAYMENT,
                succeeded=kind == "payment.succeeded",
                provider_id=data.get("provider_payment_id"),
                tally_id=data.get("payment_id"),
                message=data.get("message"),
            )
        if kind in ("refund.succeeded", "refund.failed"):
            return ParsedEvent(
                EventKind.REFUND,
                succeeded=kind == "refund.succeeded",
                provider_id=data.get("provider_refund_id"),
                tally_id=data.get("refund_id"),
                message=data.get("message"),
            )
        return not_acted_on(kind)
