"""The dunning configuration: how failed renewal payments are retried and what ends it.

A merchant without a stored record gets the defaults below (``isDefault`` true), so billing
always has a policy to follow. Retry days count from the first failure and must rise strictly.
"""

from billing.models import DunningConfig
from billing.services.errors import Invalid

END_ACTIONS = ("pause", "cancel", "unpaid")
DEFAULTS = {"retry_schedule_days": [1, 3, 5], "grace_period_days": 7, "end_action": "cancel"}
MAX_RETRIES = 10
MAX_DAYS = 90


def _validate_schedule(days: list[int]) -> list[int]:
    if not days:
        raise Invalid("retryScheduleDays must list at least one day")
    if len(days) > MAX_RETRIES:
        raise Invalid(f"retryScheduleDays allows at most {MAX_RETRIES} retries")
    if any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= MAX_DAYS for d in days):
        raise Invalid(f"retryScheduleDays must be whole days between 1 and {MAX_DAYS}")
    if any(later <= earlier for earlier, later in zip(days, days[1:], strict=False)):
        raise Invalid("retryScheduleDays must be in strictly increasing order")
    return list(days)


async def get_dunning_config(merchant_id: str) -> tuple[dict, bool]:
    """The merchant's policy and whether it is the default (nothing stored yet)."""
    config = await DunningConfig.filter(merchant_id=merchant_id).first()
    if config is None:
        return dict(DEFAULTS), True
    return {field: getattr(config, field) for field in DEFAULTS}, False


async def update_dunning_config(
    merchant_id: str,
    *,
    retry_schedule_days: list[int] | None = None,
    grace_period_days: int | None = None,
    end_action: str | None = None,
) -> dict:
    values, _ = await get_dunning_config(merchant_id)
    if retry_schedule_days is not None:
        values["retry_schedule_days"] = _validate_schedule(retry_schedule_days)
    if grace_period_days is not None:
        if not 0 <= grace_period_days <= MAX_DAYS:
            raise Invalid(f"gracePeriodDays must be between 0 and {MAX_DAYS}")
        values["grace_period_days"] = grace_period_days
    if end_action is not None:
        if end_action not in END_ACTIONS:
            raise Invalid("endAction must be one of: pause, cancel, unpaid")
        values["end_action"] = end_action
    await DunningConfig.update_or_create(defaults=values, merchant_id=merchant_id)
    return values
