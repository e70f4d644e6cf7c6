"""Customer e-mail settings and the sent-mail log.

- ``EmailSettings``: one per merchant row (so per mode): the sender's display name, reply-to,
  brand colour and logo, and ``disabled`` (templates turned off; every e-mail is on until the
  merchant turns it off, so an e-mail added later is on too).
- ``Email``: one message to one address. Written ``pending`` when its event commits
  (``next_attempt_at`` = the event's clock) and settled by the sending step: ``sent``,
  ``failed`` (a permanent SMTP refusal, or the retries ran out), ``skipped`` (an address that
  cannot receive mail; logged once, never retried) or ``not_sent`` (no SMTP server configured:
  kept with its rendering so the merchant sees what the customer would get). ``key`` (event,
  template, address) is unique per merchant row, so one event mails one address once.
  ``subject``, ``html`` and ``text`` are the rendering that was sent (filled on the first
  attempt). ``leased_until`` is on the database's clock, like a webhook delivery's.
"""

from enum import StrEnum

from tortoise import fields
from tortoise.indexes import Index, PartialIndex

from billing.core.models import PrefixedIdModel


class EmailStatus(StrEnum):
    PENDING = "pending"
    SENT = "sent"
    FAILED = "failed"
    SKIPPED = "skipped"
    NOT_SENT = "not_sent"


class EmailSettings(PrefixedIdModel):
    id_prefix = "emset"
    merchant = fields.OneToOneField("models.Merchant", related_name="email_settings")
    sender_name = fields.CharField(max_length=200, default="")
    reply_to = fields.CharField(max_length=320, default="")
    brand_color = fields.CharField(max_length=7, default="#2563eb")
    logo_url = fields.CharField(max_length=2000, default="")
    disabled = fields.JSONField(default=list)

    class Meta:
        table = "email_settings"


class Email(PrefixedIdModel):
    id_prefix = "email"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="emails")
    customer_id = fields.CharField(max_length=40, null=True)
    event_id = fields.CharField(max_length=40, null=True)
    template = fields.CharField(max_length=40)
    recipient = fields.CharField(max_length=320)
    key = fields.CharField(max_length=500)
    status = fields.CharEnumField(EmailStatus, max_length=16, default=EmailStatus.PENDING)
    attempts = fields.IntField(default=0)
    next_attempt_at = fields.DatetimeField(null=True)
    leased_until = fields.DatetimeField(null=True)
    subject = fields.CharField(max_length=500, default="")
    html = fields.TextField(default="")
    text = fields.TextField(default="")
    smtp_response = fields.CharField(max_length=1000, default="")
    sent_at = fields.DatetimeField(null=True)

    class Meta:
        table = "emails"
        unique_together = (("merchant_id", "key"),)
        indexes = (
            Index(fields=("merchant_id", "created_at", "id"), name="emails_list_idx"),
            Index(fields=("merchant_id", "customer_id", "created_at"), name="emails_customer_idx"),
            PartialIndex(
                fields=("next_attempt_at",),
                name="emails_due_idx",
                condition={"status": "pending"},
            ),
        )
