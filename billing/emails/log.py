"""Reading the sent-mail log: a merchant row's e-mails newest first (one customer's, or of one
status), and one e-mail with its rendering.

Design decisions where the issue is silent:
- ``limit`` is 1 to 100 (default 20); ``startingAfter`` is an e-mail id of this merchant row
  (the last of the previous page): the page holds the e-mails older than it. An id that is
  not one of this row's e-mails is a 400, as is an unknown ``status``.
- ``customerId`` only filters, as ``?customerId=`` on the invoice list does: a customer that
  is not the merchant row's (another merchant's, the other mode's, a made-up id) has no
  e-mails here, so the page is empty, never a 404 that would tell the ids apart.
- E-mails are ordered by when they were written and then id, so e-mails written by one change
  keep one order between pages.
"""

from tortoise.expressions import Q

from billing.core.errors import Invalid, NotFound
from billing.core.ids import is_well_formed
from billing.customers.models import Customer
from billing.emails.models import Email, EmailStatus

EMAIL_NOT_FOUND = "Email not found or access denied"
BAD_LIMIT = "limit must be between 1 and 100"
STATUSES = tuple(status.value for status in EmailStatus)
BAD_STATUS = "status must be one of: " + ", ".join(STATUSES)
BAD_CURSOR = "startingAfter must be the id of one of your emails"
DEFAULT_LIMIT, MAX_LIMIT = 20, 100
CUSTOMER_PANEL = 10  # how many of a customer's e-mails their page shows


async def find_email(merchant_id: str, email_id: object) -> Email:
    """The merchant row's e-mail with this id, else ``NotFound`` (another's answers the same)."""
    if not isinstance(email_id, str) or not is_well_formed(email_id, Email.id_prefix):
        raise NotFound(EMAIL_NOT_FOUND)
    email = await Email.filter(merchant_id=merchant_id, id=email_id).first()
    if email is None:
        raise NotFound(EMAIL_NOT_FOUND)
    return email


async def list_emails(
    merchant_id: str,
    *,
    customer_id: str | None = None,
    status: str | None = None,
    limit: int | None = None,
    starting_after: str | None = None,
) -> tuple[list[Email], bool]:
    """A page of e-mails, newest first, and whether older ones follow."""
    limit = DEFAULT_LIMIT if limit is None else limit
    if not 1 <= limit <= MAX_LIMIT:
        raise Invalid(BAD_LIMIT, code="limit_invalid", field="limit")
    query = Email.filter(merchant_id=merchant_id)
    if customer_id:
        query = query.filter(customer_id=customer_id)
    if status:
        if status not in STATUSES:
            raise Invalid(BAD_STATUS, code="email_status_unknown", field="status")
        query = query.filter(status=EmailStatus(status))
    if starting_after:
        try:
            last = await find_email(merchant_id, starting_after)
        except NotFound:
            raise Invalid(BAD_CURSOR, code="email_cursor_invalid", field="startingAfter") from None
        query = query.filter(
            Q(created_at__lt=last.created_at) | Q(created_at=last.created_at, id__lt=last.id)
        )
    if customer_id and not is_well_formed(customer_id, Customer.id_prefix):
        return [], False  # no customer has such an id: never sent to the database
    found = await query.order_by("-created_at", "-id").limit(limit + 1)
    return found[:limit], len(found) > limit


async def customer_emails(merchant_id: str, customer_id: str) -> tuple[list[Email], bool]:
    """The customer's latest e-mails for their page, and whether there are more."""
    return await list_emails(merchant_id, customer_id=customer_id, limit=CUSTOMER_PANEL)
