"""Enrollment rules: list a plan's, create one, delete one (soft), find the one that matches.

A rule belongs to a plan through its stable id; ``planId`` may name any live version of the
plan (the rule follows the plan through new versions). Rules whose plan has been deleted are
left in place by the catalog (it cannot call this context) and are ignored by every read here.

One domain enrolls into one plan: a second live rule for the same domain is a 409, on the same
plan or on another one, so which plan a user joins never depends on rule order. Should two
ever match (a plan deleted and restored by hand, a race outside the merchant lock), the oldest
rule wins (``created_at``, then ``id``): that is what "first matching rule" means here.

Creation runs under the merchant's lock, so two concurrent creates of one domain cannot both
pass the uniqueness check.
"""

from tortoise.transactions import in_transaction

from billing.accounts.merchants import lock_merchant
from billing.catalog import plans
from billing.catalog.models import Plan
from billing.core.errors import Conflict, Invalid
from billing.core.lookup import find_scoped
from billing.enrollment.domains import normalize_domain
from billing.enrollment.models import EnrollmentRule

MATCHER_TYPES = ("domain",)
RULE_NOT_FOUND = "Enrollment rule not found or access denied"
PLAN_REQUIRED = "planId is required"


async def _stable_plan_id(merchant_id: str, plan_id: object) -> str:
    """The stable id of the live plan ``plan_id`` (any version's id) belongs to, else 404."""
    if plan_id is None or (isinstance(plan_id, str) and not plan_id.strip()):
        raise Invalid(PLAN_REQUIRED, code="plan_required", field="planId")
    plan = await plans.find_plan(merchant_id, plan_id)  # type-checks and scopes the id
    return plan.stable_plan_id


async def list_rules(merchant_id: str, plan_id: object) -> list[EnrollmentRule]:
    """The plan's live rules, oldest first."""
    stable_id = await _stable_plan_id(merchant_id, plan_id)
    return await (
        EnrollmentRule.scoped(merchant_id)
        .filter(stable_plan_id=stable_id)
        .order_by("created_at", "id")
    )


async def _live_plan_names(merchant_id: str, stable_ids: set[str]) -> dict[str, str]:
    """Plan name by stable id, for those plans that still have a live current version."""
    rows = await (
        Plan.scoped(merchant_id)
        .filter(stable_plan_id__in=stable_ids, is_current=True)
        .values_list("stable_plan_id", "plan_name")
    )
    return dict(rows)


async def live_rules_for(merchant_id: str, domain: str) -> list[EnrollmentRule]:
    """Live rules for ``domain`` (normal form) whose plan is live, oldest first."""
    found = await (
        EnrollmentRule.scoped(merchant_id)
        .filter(matcher_type="domain", matcher_value=domain)
        .order_by("created_at", "id")
    )
    if not found:
        return []
    live = await _live_plan_names(merchant_id, {rule.stable_plan_id for rule in found})
    return [rule for rule in found if rule.stable_plan_id in live]


async def create_rule(
    merchant_id: str, *, plan_id: object, matcher_type: object, matcher_value: object
) -> EnrollmentRule:
    """A new rule (400 on a bad type or domain, 404 on an unknown plan, 409 on a duplicate)."""
    if matcher_type not in MATCHER_TYPES:
        raise Invalid('matcherType must be "domain"', field="matcherType")
    domain = normalize_domain(matcher_value)
    async with in_transaction():
        await lock_merchant(merchant_id)
        stable_id = await _stable_plan_id(merchant_id, plan_id)
        for existing in await live_rules_for(merchant_id, domain):
            if existing.stable_plan_id == stable_id:
                raise Conflict(
                    f"An enrollment rule for {domain} already exists on this plan",
                    field="matcherValue",
                )
            names = await _live_plan_names(merchant_id, {existing.stable_plan_id})
            name = names.get(existing.stable_plan_id, "")
            raise Conflict(
                f"Users at {domain} already join the plan “{name}” automatically; "
                "remove that rule first",
                field="matcherValue",
            )
        return await EnrollmentRule.create(
            merchant_id=merchant_id,
            stable_plan_id=stable_id,
            matcher_type="domain",
            matcher_value=domain,
        )


async def get_rule(merchant_id: str, rule_id: object) -> EnrollmentRule:
    return await find_scoped(EnrollmentRule, merchant_id, rule_id, RULE_NOT_FOUND)


async def delete_rule(merchant_id: str, rule_id: object) -> EnrollmentRule:
    """Soft-delete a live rule; a deleted, unknown or foreign id is the same 404."""
    async with in_transaction():
        rule = await find_scoped(EnrollmentRule, merchant_id, rule_id, RULE_NOT_FOUND, lock=True)
        await rule.soft_delete()
    return rule
