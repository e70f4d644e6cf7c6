"""The identity-provider webhook: enroll each new user of the merchant's sign-up system.

The body is a database-change event: ``{type: "INSERT", table: "users", record: {id, email,
raw_user_meta_data: {first_name, last_name}}}``. Anything else (another type or table, a
record without an id or email, a body that is not a JSON object) is refused with the spec's
``Invalid input`` and a ``details`` string naming the problem; nothing changes.

``record.id`` is the customer's external id (``userId`` of ``enroll``); a number is taken as
its decimal text. The customer's name is first and last name joined; without either it is
the part of the email before the ``@`` (a name is required and the user gave none).

The user is then enrolled exactly as ``POST /v1/enrollment/enroll`` does (billing/enrollment/
enroll.py). The same user delivered twice creates nothing new: the second delivery finds the
customer's open subscription and is refused with the spec's ``Subscription already exists for
this customer`` (409) carrying ``existingSubscriptionId`` and ``existingSubscriptionStatus``,
so a sender that retries sees why and a person reading its log can find the subscription.
The other refusals of ``enroll`` (404 no active pricing tables, 404 no free plan, 409 provider
A missing, 409 the rule's plan has no price in the default currency) keep their messages.
"""

from billing.core.errors import Conflict, Invalid
from billing.enrollment.enroll import AlreadyEnrolled, Enrollment, enroll

INVALID_INPUT = "Invalid input"
ALREADY_EXISTS = "Subscription already exists for this customer"


def _invalid(details: str) -> Invalid:
    return Invalid(INVALID_INPUT, details=details, code="invalid_input")


def _text(value: object) -> str:
    return value.strip() if isinstance(value, str) else ""


def _user_id(value: object) -> object:
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value


def parse_event(payload: object) -> dict[str, object]:
    """The ``enroll`` arguments an INSERT on users stands for, else ``Invalid input``."""
    if not isinstance(payload, dict):
        raise _invalid("The body must be a JSON object")
    if payload.get("type") != "INSERT":
        raise _invalid('type must be "INSERT"; only new users are enrolled')
    if payload.get("table") != "users":
        raise _invalid('table must be "users"')
    record = payload.get("record")
    if not isinstance(record, dict):
        raise _invalid("record must be an object with the new user's id and email")
    email = record.get("email")
    if not isinstance(email, str) or not email.strip():
        raise _invalid("record.email is required")
    meta = record.get("raw_user_meta_data")
    meta = meta if isinstance(meta, dict) else {}
    name = " ".join(p for p in (_text(meta.get("first_name")), _text(meta.get("last_name"))) if p)
    return {
        "customer_email": email,
        "customer_name": name or email.strip().partition("@")[0] or email,
        "user_id": _user_id(record.get("id")),
    }


async def handle_event(merchant_id: str, payload: object) -> Enrollment:
    """Enroll the user an INSERT event names (see the module docstring for each answer)."""
    arguments = parse_event(payload)
    try:
        return await enroll(merchant_id, **arguments)
    except AlreadyEnrolled as error:
        found = error.subscription
        raise Conflict(
            ALREADY_EXISTS,
            existingSubscriptionId=found.stable_subscription_id,
            existingSubscriptionStatus=found.status,
            code="subscription_exists",
        ) from None
    except Invalid as error:
        raise _invalid(_in_event_words(error.message)) from None


FIELD_WORDS = (
    ("customerEmail", "record.email"),
    ("email", "record.email"),
    ("userId", "record.id"),
    ("customerName", "record.raw_user_meta_data first_name and last_name"),
    ("name", "record.raw_user_meta_data first_name and last_name"),
)


def _in_event_words(message: str) -> str:
    """A message of the enroll checks, naming the event's fields instead of the API's."""
    for word, event_field in FIELD_WORDS:
        if message.startswith(word + " "):
            return event_field + message[len(word) :]
    return message
