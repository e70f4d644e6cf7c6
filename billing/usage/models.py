"""Usage: the events merchants send, their per-hour rollups and checkpoints.

Events are the hot path, so they have plain bigint keys and no ORM-only constraints; the intake
code writes them with hand-written SQL. ``customer_key`` is the internal customer id when the
event named a known customer, else ``ext:<external id>``: events for an external id whose
customer does not exist yet are kept, and count for that customer once it exists (queries look
up both keys). Deduplication lives in ``usage_idempotency_keys`` (one row per merchant and key,
pruned after 24 hours), so the spec's 24-hour window holds and the event table itself can later
be partitioned by time. ``usage_rollups`` hold per-hour aggregates per customer key and event
name, kept current as events are stored, so entitlement checks read a few rows instead of
scanning events.
"""

from tortoise import fields
from tortoise.indexes import Index
from tortoise.models import Model

VALUE = {"max_digits": 38, "decimal_places": 12, "null": True}


class UsageEvent(Model):
    id = fields.BigIntField(primary_key=True)
    merchant = fields.ForeignKeyField("models.Merchant", related_name="usage_events")
    idempotency_key = fields.CharField(max_length=255)
    event_name = fields.CharField(max_length=200)
    customer_id = fields.CharField(max_length=40, null=True)
    ext_customer_id = fields.CharField(max_length=200, null=True)
    customer_key = fields.CharField(max_length=210)
    event_value = fields.DecimalField(**VALUE)
    event_string = fields.CharField(max_length=1000, null=True)
    properties = fields.JSONField(default=dict)
    event_timestamp = fields.DatetimeField()
    received_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "usage_events"
        indexes = (
            Index(
                fields=("merchant_id", "customer_key", "event_name", "event_timestamp"),
                name="usage_events_customer_idx",
            ),
            Index(fields=("merchant_id", "event_timestamp"), name="usage_events_time_idx"),
            Index(
                fields=("merchant_id", "event_name", "event_timestamp"),
                name="usage_events_name_idx",
            ),
        )


class UsageIdempotencyKey(Model):
    id = fields.BigIntField(primary_key=True)
    merchant = fields.ForeignKeyField("models.Merchant", related_name="usage_idempotency_keys")
    idempotency_key = fields.CharField(max_length=255)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "usage_idempotency_keys"
        unique_together = (("merchant", "idempotency_key"),)
        indexes = (Index(fields=("created_at",), name="usage_idempotency_keys_age_idx"),)


class UsageRollup(Model):
    """Aggregates of one customer key's events of one name within one hour."""

    id = fields.BigIntField(primary_key=True)
    merchant = fields.ForeignKeyField("models.Merchant", related_name="usage_rollups")
    customer_key = fields.CharField(max_length=210)
    event_name = fields.CharField(max_length=200)
    bucket_start = fields.DatetimeField()
    event_count = fields.BigIntField(default=0)
    value_count = fields.BigIntField(default=0)
    value_sum = fields.DecimalField(**VALUE)
    value_min = fields.DecimalField(**VALUE)
    value_max = fields.DecimalField(**VALUE)
    latest_value = fields.DecimalField(**VALUE)
    latest_at = fields.DatetimeField(null=True)

    class Meta:
        table = "usage_rollups"
        unique_together = (("merchant", "customer_key", "event_name", "bucket_start"),)


class UsageCheckpoint(Model):
    """One customer key's usage of one event name added up from ``window_start`` (a window's
    exact start, ``-infinity`` for windows without one) to ``through``, with the snapshot it
    was read in (``usage_checkpoints`` explains when one is valid)."""

    id = fields.BigIntField(primary_key=True)
    merchant = fields.ForeignKeyField("models.Merchant", related_name="usage_checkpoints")
    customer_key = fields.CharField(max_length=210)
    event_name = fields.CharField(max_length=200)
    window_start = fields.DatetimeField()
    through = fields.DatetimeField()
    snapshot = fields.TextField()
    event_count = fields.BigIntField(default=0)
    value_count = fields.BigIntField(default=0)
    value_sum = fields.DecimalField(**VALUE)
    value_min = fields.DecimalField(**VALUE)
    value_max = fields.DecimalField(**VALUE)
    latest_value = fields.DecimalField(**VALUE)
    latest_at = fields.DatetimeField(null=True)
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "usage_checkpoints"
        # customer_key first: the index is never usable without it, whatever the statistics
        # of a young table say (a plan probing only the merchant read every checkpoint)
        unique_together = (("customer_key", "merchant", "event_name", "window_start"),)
        indexes = (Index(fields=("updated_at",), name="usage_checkpoints_age_idx"),)


class UsageLateWrite(Model):
    """The last transaction that changed a past hour of one customer key's rollups of one event
    name (a late event or a back-fill), as its ``xid8``; checkpoints read before it are stale."""

    id = fields.BigIntField(primary_key=True)
    merchant = fields.ForeignKeyField("models.Merchant", related_name="usage_late_writes")
    customer_key = fields.CharField(max_length=210)
    event_name = fields.CharField(max_length=200)
    last_xid = fields.BigIntField()
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "usage_late_writes"
        unique_together = (("customer_key", "merchant", "event_name"),)  # as above


class UsageRollupCursor(Model):
    """How far the rollup back-fill has checked one merchant's events (by event id)."""

    id = fields.BigIntField(primary_key=True)
    merchant = fields.OneToOneField("models.Merchant", related_name="usage_rollup_cursor")
    last_event_id = fields.BigIntField(default=0)
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "usage_rollup_cursors"
