"""What a customer may use, per feature, as the dashboard shows it: one answer for every panel.

The customer page used to show a subscription's Features panel from the subscription's own
feature rows ("From plan") and an Entitlements panel from the entitlement check ("Source:
Default, Entitled: No", no limit), which contradicted each other whenever the plan named no
value and the feature's default applied. Both now render from :func:`customer_feature_access`,
which is the /v1 entitlement decision (``entitlements.customer_entitlements``, the same rules
and usage reads) put in merchant's words: the value in effect, where it comes from, and the
limit beside the usage.
"""

from dataclasses import dataclass

from billing.usage import entitlements

SOURCE_LABELS = {
    "plan": "From plan",
    "override": "Override",
    "credits": "Credits",
    "default": "Feature's default",
}


@dataclass(frozen=True)
class FeatureAccess:
    slug: str
    name: str
    entitled: bool | None  # None: measured by several metrics, the merchant's code decides
    source: str | None  # the entitlement source: plan, override, credits, default
    value: object  # the value in effect (True/False, a limit, a text)
    used: float | None  # usage measured for the feature (None: not metered)
    limit: float | None  # credits, else a numeric limit (None: nothing to measure against)

    @property
    def source_label(self) -> str:
        return SOURCE_LABELS.get(self.source or "", "—")

    @property
    def is_switch(self) -> bool:
        return isinstance(self.value, bool)


def _number(value) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return value


def access_of(entry: dict) -> FeatureAccess:
    """One entitlement answer in words: usage is measured against the credit allowance when
    the feature has credits, else against its numeric limit."""
    credits = entry["creditInfo"]["creditAllowance"]
    used = sum(usage["usage"] for usage in entry["usages"]) if entry["usages"] else None
    value = entry.get("grantedValue")
    return FeatureAccess(
        slug=entry["featureSlug"],
        name=entry.get("displayName") or entry["featureSlug"],
        entitled=entry["entitled"],
        source=entry["source"],
        value=value,
        used=used,
        limit=credits if credits else _number(value),
    )


async def customer_feature_access(merchant_id: str, customer_id: str) -> dict[str, FeatureAccess]:
    """Every feature the customer's active subscriptions grant, by slug (sorted), decided as
    /v1 decides it."""
    answers = await entitlements.customer_entitlements(merchant_id, customer_id)
    return {entry["featureSlug"]: access_of(entry) for entry in answers}
