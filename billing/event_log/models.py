"""The event log and its webhook fan-out.

- ``Event``: one change worth telling (``evt_…``), its type, the change's clock
  (``created_at``), the object's id and ``data`` (the object as the API answered it then).
  ``key`` makes an event written by a repeated pass once only (a trial's "will end" notice).
- ``WebhookEndpoint``: a URL of a merchant row (so of one mode) and the types it wants
  (``["*"]``: all, later ones included). ``secret`` is sealed at rest; after a rotation the
  previous one signs too until ``previous_secret_expires_at``. ``failing_since`` is when its
  current streak of failed attempts began (null after any success): five days of it disable
  the endpoint, with ``disabled_reason``.
- ``WebhookDelivery``: one event to one endpoint: ``pending`` with ``next_attempt_at`` (due
  work) until an attempt succeeds (``succeeded``) or the retries run out (``failed``). A
  resend adds a delivery of its own, with the same event id.
- ``WebhookAttempt``: each POST made for a delivery and what came back.
"""

from enum import StrEnum

from tortoise import fields
from tortoise.indexes import Index, PartialIndex

from billing.core.models import PrefixedIdModel, TenantModel


class EndpointStatus(StrEnum):
    ENABLED = "enabled"
    DISABLED = "disabled"


class DeliveryStatus(StrEnum):
    PENDING = "pending"
    SUCCEEDED = "succeeded"
    FAILED = "failed"


class Event(PrefixedIdModel):
    id_prefix = "evt"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="log_events")
    type = fields.CharField(max_length=64)
    object_id = fields.CharField(max_length=40)
    data = fields.JSONField()
    key = fields.CharField(max_length=200, null=True)

    class Meta:
        table = "log_events"
        unique_together = (("merchant_id", "key"),)
        indexes = (
            Index(fields=("merchant_id", "created_at", "id"), name="log_events_list_idx"),
            Index(fields=("merchant_id", "type", "created_at"), name="log_events_type_idx"),
        )


class WebhookEndpoint(TenantModel):
    id_prefix = "we"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="webhook_endpoints")
    url = fields.CharField(max_length=2000)
    description = fields.CharField(max_length=500, default="")
    events = fields.JSONField(default=list)
    status = fields.CharEnumField(EndpointStatus, max_length=16, default=EndpointStatus.ENABLED)
    disabled_reason = fields.CharField(max_length=500, null=True)
    secret = fields.TextField()  # sealed
    previous_secret = fields.TextField(null=True)  # sealed
    previous_secret_expires_at = fields.DatetimeField(null=True)
    failing_since = fields.DatetimeField(null=True)

    class Meta:
        table = "webhook_endpoints"
        indexes = (Index(fields=("merchant_id", "created_at"), name="webhook_endpoints_list_idx"),)


class WebhookDelivery(PrefixedIdModel):
    id_prefix = "whd"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="webhook_deliveries")
    event = fields.ForeignKeyField("models.Event", related_name="deliveries")
    endpoint = fields.ForeignKeyField("models.WebhookEndpoint", related_name="deliveries")
    status = fields.CharEnumField(DeliveryStatus, max_length=16, default=DeliveryStatus.PENDING)
    attempts = fields.IntField(default=0)
    next_attempt_at = fields.DatetimeField(null=True)
    # Until when a sender holds it (the database's own clock, never a pass's test clock, so a
    # ``run-due --now`` years ahead cannot take a delivery a live sender is posting).
    leased_until = fields.DatetimeField(null=True)
    resend = fields.BooleanField(default=False)

    class Meta:
        table = "webhook_deliveries"
        indexes = (
            Index(fields=("next_attempt_at",), name="webhook_deliveries_due_idx"),
            Index(fields=("merchant_id", "event_id"), name="webhook_deliveries_event_idx"),
            # the sender claims each endpoint's due deliveries, oldest first, without reading
            # past another endpoint's backlog (billing/webhooks/delivery_rows.py)
            PartialIndex(
                fields=("endpoint_id", "next_attempt_at"),
                name="webhook_deliveries_endpoint_due_idx",
                condition={"status": "pending"},
            ),
        )


class WebhookAttempt(PrefixedIdModel):
    id_prefix = "wha"
    merchant = fields.ForeignKeyField("models.Merchant", related_name="webhook_attempts")
    delivery = fields.ForeignKeyField("models.WebhookDelivery", related_name="attempt_rows")
    event_id = fields.CharField(max_length=40)
    endpoint_id = fields.CharField(max_length=40)
    attempt = fields.IntField()
    attempted_at = fields.DatetimeField()
    response_status = fields.IntField(null=True)
    duration_ms = fields.IntField()
    response_body = fields.TextField(default="")  # the first 1 KB
    error = fields.CharField(max_length=500, null=True)  # timeout, refused, ...
    next_attempt_at = fields.DatetimeField(null=True)

    class Meta:
        table = "webhook_attempts"
        indexes = (Index(fields=("merchant_id", "event_id"), name="webhook_attempts_event_idx"),)
