"""/v1/emails: the sent-mail log of the key's mode, and one message with what it said.

Each route parses, calls one ``billing.emails.log`` service and shapes the answer. An e-mail
belongs to one merchant row: another merchant's id (or the other mode's) answers 404 as a
made-up one does, and ``customerId`` only filters (a customer that is not yours has no
e-mails here: an empty page, as ``?customerId=`` on /v1/invoices answers).

Design decisions where the issue is silent:
- The list leaves out each message's HTML and text (they can be large); ``GET
  /v1/emails/{id}`` answers them. Both are empty until the sending step's first attempt.
- ``status`` is the row's: ``pending`` (queued, or retrying when ``attempts`` > 0), ``sent``,
  ``failed``, ``skipped`` (an address that cannot receive mail) and ``not_sent`` (no SMTP
  server configured: rendered and kept, never sent).
"""

from quart import Blueprint
from quart_schema import document_response, validate_querystring

from api.common import ErrorBody, iso
from api.email_models import EmailEnvelope, EmailListEnvelope, EmailListQuery
from billing.core.errors import Invalid
from billing.emails import log
from billing.emails.models import Email
from webapp.auth import merchant_id

bp = Blueprint("emails", __name__, url_prefix="/emails")


def email_json(email: Email, *, bodies: bool = False) -> dict:
    body = {
        "id": email.id,
        "customerId": email.customer_id,
        "eventId": email.event_id,
        "template": email.template,
        "recipient": email.recipient,
        "subject": email.subject,
        "status": str(email.status),
        "smtpResponse": email.smtp_response,
        "attempts": email.attempts,
        "createdAt": iso(email.created_at),
        "sentAt": iso(email.sent_at),
    }
    if bodies:
        body |= {"html": email.html, "text": email.text}
    return body


def _limit(value: str | None) -> int | None:
    """The query's ``limit`` as a number for the service, which checks its range; an empty
    ``limit=`` is not a number, as the document says, and is refused like any other."""
    if value is None:
        return None
    if not value.isascii() or not value.isdigit() or len(value) > 4:
        raise Invalid(log.BAD_LIMIT, code="limit_invalid", field="limit")
    return int(value)


@bp.get("")
@validate_querystring(EmailListQuery)
@document_response(EmailListEnvelope)
@document_response(ErrorBody, 400)
async def list_emails(query_args: EmailListQuery):
    """E-mails of the key's mode, newest first: ``limit`` (1 to 100, default 20) per page,
    ``customerId`` and ``status`` to filter, ``startingAfter`` (an e-mail id of yours) for
    the page after it."""
    found, has_more = await log.list_emails(
        merchant_id(),
        customer_id=query_args.customerId or None,
        status=query_args.status or None,
        limit=_limit(query_args.limit),
        starting_after=query_args.startingAfter or None,
    )
    return {"emails": [email_json(email) for email in found], "hasMore": has_more}


@bp.get("/<email_id>")
@document_response(EmailEnvelope)
@document_response(ErrorBody, 404)
async def get_email(email_id: str):
    """One e-mail with its HTML and text as they were sent (or, without an SMTP server,
    as they would have been)."""
    return {"email": email_json(await log.find_email(merchant_id(), email_id), bodies=True)}
