"""Query, request and response models of /v1/email-settings and /v1/emails (see
api/email_settings.py and api/emails.py).

Bodies are strict (a number is not a name); the values themselves are checked by
``billing.emails.settings``, whose patterns and limits the documented schemas state, from the
same constants, so a client that follows the document is never refused and one that does not
always is.
"""

from typing import Annotated

from pydantic import BaseModel, Field, WithJsonSchema, create_model

from api.common import Body, Query
from api.schema_rules import documented, integer, pattern
from billing.emails import kinds
from billing.emails import settings as email_settings
from billing.emails.log import MAX_LIMIT, STATUSES


def _whole(regex: str, max_length: int | None = None) -> WithJsonSchema:
    """A service pattern (matched whole there) as the document's anchored ``pattern``."""
    schema = {"type": "string", "pattern": f"^{regex}$"}
    if max_length is not None:
        schema["maxLength"] = max_length
    return documented(schema)


TEMPLATES = {
    "type": "object",
    "properties": {kind.template: {"type": "boolean"} for kind in kinds.KINDS},
    "additionalProperties": False,
}


class UpdateEmailSettings(Body):
    """Any of the fields; only those sent change (an empty string clears a text field).
    ``emails`` turns e-mails on (true) or off (false) by name; those not named keep their
    setting."""

    senderName: Annotated[
        str | None,
        _whole(email_settings.SENDER_NAME_PATTERN, email_settings.MAX_SENDER_NAME),
        Field(description="The From name; empty means your business's display name"),
    ] = None
    replyTo: Annotated[
        str | None,
        _whole(email_settings.REPLY_TO_PATTERN, email_settings.MAX_REPLY_TO),
        Field(description="Where customers' replies go; empty for none"),
    ] = None
    brandColor: Annotated[
        str | None,
        _whole(email_settings.BRAND_COLOR_PATTERN),
        Field(description="#rrggbb: the e-mails' buttons and header rule"),
    ] = None
    logoUrl: Annotated[
        str | None,
        _whole(email_settings.LOGO_URL_PATTERN, email_settings.MAX_LOGO_URL),
        Field(description="An https:// image shown at the top of each e-mail; empty for none"),
    ] = None
    emails: Annotated[dict[str, bool] | None, documented(TEMPLATES)] = None


# Every e-mail Tally sends, by name (``kinds``): true when it goes.
EmailTemplatesOut = create_model(
    "EmailTemplatesOut", **{kind.template: (bool, ...) for kind in kinds.KINDS}
)


class EmailSettingsOut(BaseModel):
    senderName: str
    replyTo: str
    brandColor: str
    logoUrl: str
    emails: EmailTemplatesOut


class EmailSettingsEnvelope(BaseModel):
    """The settings of the key's mode (the defaults until they are first saved)."""

    emailSettings: EmailSettingsOut


class EmailListQuery(Query):
    customerId: Annotated[
        str | None, Field(description="Only e-mails to this customer (none for ids not yours)")
    ] = None
    status: Annotated[
        str | None,
        documented({"type": "string", "enum": ["", *STATUSES]}),
        Field(description="Only e-mails in this status"),
    ] = None
    limit: Annotated[str | None, integer(1, MAX_LIMIT), Field(description="Default 20")] = None
    startingAfter: Annotated[
        str | None,
        pattern("^(email_[0-9A-Za-z]{22})?$"),
        Field(description="The last e-mail id of the previous page: the page holds older ones"),
    ] = None


class EmailOut(BaseModel):
    """One message to one address, as the sent-mail log keeps it."""

    id: str
    customerId: str | None = Field(description="Null for a test sent from the dashboard")
    eventId: str | None = Field(description="The event that sent it; null for a test")
    template: str = Field(description="Which e-mail: invoice_issued, payment_failed, ...")
    recipient: str
    subject: str = Field(description="Empty until the first attempt renders it")
    status: str = Field(description="pending, sent, failed, skipped or not_sent")
    smtpResponse: str = Field(description="The mail server's last answer")
    attempts: int
    createdAt: str
    sentAt: str | None


class EmailWithBodyOut(EmailOut):
    html: str = Field(description="The HTML part as sent; empty until the first attempt")
    text: str = Field(description="The plain-text part as sent")


class EmailListEnvelope(BaseModel):
    """A page of e-mails, newest first; ``hasMore`` says older ones follow (pass the last id
    as ``startingAfter``)."""

    emails: list[EmailOut]
    hasMore: bool


class EmailEnvelope(BaseModel):
    email: EmailWithBodyOut
