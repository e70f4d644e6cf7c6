"""The sent-mail log: every customer e-mail of the mode, newest first (of one status or one
customer, if asked), and one message as it was sent, with its status in plain words.

Reads go through ``billing.emails.log``, the functions /v1 uses. The list pages by cursor
(the last e-mail's id), as the API does, so it never counts or offsets. A message's HTML is
shown in a sandboxed ``iframe`` through ``srcdoc``, autoescaped (never marked safe), as the
settings page's previews are. Another merchant's e-mail id answers the 404 page a made-up id
does. The status words and badges are template filters, so the customer page's "E-mails"
section says the same.
"""

from contextlib import suppress

from quart import Blueprint, g, request

from billing.core.errors import NotFound, ServiceError
from billing.customers import customers
from billing.emails import kinds, log
from billing.emails.models import Email, EmailStatus
from webapp.forms import error_words
from webapp.pages.common import login_required, page_headers, render_page
from webapp.pages.webhooks import missing
from webapp.security_headers import allow_email_previews

bp = Blueprint("emails", __name__, url_prefix="/dashboard/emails")
bp.after_request(page_headers)

PAGE = "dashboard/emails/index.html"
PANEL = "dashboard/emails/_log.html"
MESSAGE = "dashboard/emails/message.html"
PAGE_SIZE = 25

STATUS_WORDS = {
    EmailStatus.SENT: ("Sent", "badge-success"),
    EmailStatus.PENDING: ("Queued", "badge-muted"),
    EmailStatus.FAILED: ("Failed", "badge-danger"),
    EmailStatus.SKIPPED: ("Skipped", "badge-warning"),  # and why: the row's own words
    EmailStatus.NOT_SENT: ("Not sent: no SMTP server configured", "badge-muted"),
}
# The filter's choices: (status, words), "" for every status.
STATUS_CHOICES = [("", "Every status")] + [(s.value, STATUS_WORDS[s][0]) for s in EmailStatus]


@bp.app_template_filter("email_status")
def email_status(email: Email) -> str:
    """The message's status as a merchant reads it; a queued message already tried once is
    "Retrying"; a skipped one says why in the sending step's own words (an address that
    cannot receive mail, a deleted customer, an e-mail switched off), as no one phrase fits
    every reason."""
    if email.status == EmailStatus.PENDING and email.attempts > 0:
        return "Retrying"
    reason = (email.smtp_response or "").strip()
    if email.status == EmailStatus.SKIPPED and reason:
        return reason[0].upper() + reason[1:]
    return STATUS_WORDS.get(EmailStatus(email.status), (str(email.status), ""))[0]


@bp.app_template_filter("email_badge")
def email_badge(email: Email) -> str:
    """The badge class of the message's status."""
    if email.status == EmailStatus.PENDING and email.attempts > 0:
        return "badge-warning"
    return STATUS_WORDS.get(EmailStatus(email.status), ("", ""))[1]


@bp.app_template_filter("email_kind")
def email_kind(template: str) -> str:
    """Which e-mail it is, by its dashboard title."""
    kind = kinds.BY_TEMPLATE.get(template)
    return kind.title if kind else template.replace("_", " ").capitalize()


def _query() -> dict:
    """The list's filters as the page links carry them."""
    return {
        "status_filter": request.args.get("status", "")[:16],
        "customer": request.args.get("customer", "")[:40],
    }


@bp.get("")
@login_required
async def index():
    filters = _query()
    after = request.args.get("after", "")[:40]
    back = [cursor[:40] for cursor in request.args.getlist("back")[:50]]
    context: dict = {
        **filters,
        "after": after,
        "back": back,
        "emails": [],
        "next_after": None,
        "status_choices": STATUS_CHOICES,
    }
    try:
        rows, has_more = await log.list_emails(
            g.merchant.id,
            customer_id=filters["customer"] or None,
            status=filters["status_filter"] or None,
            limit=PAGE_SIZE,
            starting_after=after or None,
        )
    except ServiceError as error:  # a page link edited by hand
        context["page_error"] = error_words.words(error)
    else:
        context.update(emails=rows, next_after=rows[-1].id if has_more else None)
    if filters["customer"]:  # named on the page, when it is one of this mode's customers
        with suppress(NotFound):
            context["shown_customer"] = await customers.get_customer(
                g.merchant.id, filters["customer"]
            )
    return await render_page(PAGE, PANEL, **context)


@bp.get("/<email_id>")
@login_required
async def message(email_id: str):
    try:
        email = await log.find_email(g.merchant.id, email_id)
    except NotFound as error:
        return await missing(error)
    allow_email_previews()
    return await render_page(MESSAGE, email=email)
