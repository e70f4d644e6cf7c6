"""The dashboard's "Send me a test": one e-mail of a kind, filled with sample data, to the
signed-in user's own address.

It is written as any other message is, a pending ``Email`` row, so it goes out through the
same sending step (the same SMTP settings, retries and log) and shows the merchant exactly
what that step does; it has no event and no customer, and the sending step renders a row
without an event with its template's sample (``contexts.build``). The due loops are woken in
the same transaction (``due_signal``), so the message leaves within moments of the commit,
and never if the transaction rolls back.

A test goes even when its e-mail is switched off: the merchant asked to see it.
"""

from datetime import datetime

from tortoise.transactions import in_transaction

from billing.accounts.models import User
from billing.core import due_signal
from billing.core.errors import Invalid, NotFound
from billing.core.ids import new_id
from billing.core.models import utcnow
from billing.emails import kinds
from billing.emails.models import Email

UNKNOWN_TEMPLATE = "template must be the name of one of Tally's e-mails"
USER_NOT_FOUND = "User not found"


async def send_test(
    merchant_id: str, *, template: object, user_id: str, now: datetime | None = None
) -> Email:
    """A pending test e-mail of ``template`` to the user's address, due ``now``."""
    if not isinstance(template, str) or template not in kinds.BY_TEMPLATE:
        raise Invalid(UNKNOWN_TEMPLATE, code="email_template_unknown", field="template")
    user = await User.filter(id=user_id).first()
    if user is None:
        raise NotFound(USER_NOT_FOUND)
    now = now or utcnow()
    email_id = new_id(Email.id_prefix)
    async with in_transaction():
        email = await Email.create(
            id=email_id,
            merchant_id=merchant_id,
            template=template,
            recipient=user.email,
            key=f"test:{email_id}",
            next_attempt_at=now,
        )
        await due_signal.due_at(now)
    return email
