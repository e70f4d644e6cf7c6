"""The dunning configuration: how failed renewal payments are retried and what ends it.

A merchant without a stored record gets the defaults below (``isDefault`` true), so billing
always has a policy to follow. The record (the spec does not show it) is:

- ``retryScheduleDays``: days after the first failed payment on which to retry; 1 to 10 whole
  days, each 1..90, strictly increasing (an empty schedule is refused: every failed renewal is
  retried at least once before the merchant's customer loses access);
- ``gracePeriodDays``: 0..90 days after the last retry before the end action;
- ``endAction``: ``pause``, ``cancel`` or ``unpaid`` (mark the subscription unpaid);
- ``pastDueAccess``: whether a ``past_due`` customer (a renewal failed, retries and grace
  running) keeps their features and credits meanwhile; true by default, so a card that
  failed once does not lock a paying customer out. Entitlement checks read it
  (billing/usage/entitlement_sql.py).
"""

from tortoise.transactions import in_transaction

from billing.accounts.merchants import lock_merchant
from billing.core.errors import Invalid
from billing.subscriptions.models import DunningConfig

END_ACTIONS = ("pause", "cancel", "unpaid")
DEFAULTS = {
    "retry_schedule_days": [1, 3, 5],
    "grace_period_days": 7,
    "end_action": "cancel",
    "past_due_access": True,
}
MAX_RETRIES = 10
MAX_DAYS = 90


def _defaults() -> dict:
    """A fresh copy (the schedule list too), so no caller can alter the shared defaults."""
    return {**DEFAULTS, "retry_schedule_days": list(DEFAULTS["retry_schedule_days"])}


def _validate_schedule(days: list[int]) -> list[int]:
    if not days:
        raise Invalid("retryScheduleDays must list at least one day", field="retryScheduleDays")
    if len(days) > MAX_RETRIES:
        raise Invalid(
            f"retryScheduleDays allows at most {MAX_RETRIES} retries", field="retryScheduleDays"
        )
    if any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= MAX_DAYS for d in days):
        raise Invalid(
            f"retryScheduleDays must be whole days between 1 and {MAX_DAYS}",
            field="retryScheduleDays",
        )
    if any(later <= earlier for earlier, later in zip(days, days[1:], strict=False)):
        raise Invalid(
            "retryScheduleDays must be in strictly increasing order", field="retryScheduleDays"
        )
    return list(days)


async def get_dunning_config(merchant_id: str) -> tuple[dict, bool]:
    """The merchant's policy and whether it is the default (nothing stored yet)."""
    config = await DunningConfig.filter(merchant_id=merchant_id).first()
    if config is None:
        return _defaults(), True
    return {field: getattr(config, field) for field in DEFAULTS}, False


async def update_dunning_config(
    merchant_id: str,
    *,
    retry_schedule_days: list[int] | None = None,
    grace_period_days: int | None = None,
    end_action: str | None = None,
    past_due_access: bool | None = None,
) -> dict:
    """Change the given fields (None leaves a field as it is) and store the whole record.

    Everything is validated before anything is written, so invalid input stores nothing. The
    read-merge-write runs under a lock on the merchant row: two concurrent first saves would
    otherwise both try to insert the record and one would fail.
    """
    changes: dict = {}
    if retry_schedule_days is not None:
        changes["retry_schedule_days"] = _validate_schedule(retry_schedule_days)
    if grace_period_days is not None:
        if isinstance(grace_period_days, bool) or not 0 <= grace_period_days <= MAX_DAYS:
            raise Invalid(
                f"gracePeriodDays must be whole days between 0 and {MAX_DAYS}",
                field="gracePeriodDays",
            )
        changes["grace_period_days"] = grace_period_days
    if end_action is not None:
        if end_action not in END_ACTIONS:
            raise Invalid("endAction must be one of: pause, cancel, unpaid", field="endAction")
        changes["end_action"] = end_action
    if past_due_access is not None:
        if not isinstance(past_due_access, bool):
            raise Invalid("pastDueAccess must be true or false", field="pastDueAccess")
        changes["past_due_access"] = past_due_access
    async with in_transaction():
        await lock_merchant(merchant_id)
        config = await DunningConfig.filter(merchant_id=merchant_id).first()
        if config is None:
            values = {**_defaults(), **changes}
            await DunningConfig.create(merchant_id=merchant_id, **values)
        else:
            config.update_from_dict(changes)
            await config.save()
            values = {field: getattr(config, field) for field in DEFAULTS}
    return values
