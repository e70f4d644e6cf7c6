"""/v1/enrollment: rules that enroll users by email domain, and enrolling one user.

Designed where the spec is silent (responses and required fields):
- ``GET /rules?planId=`` answers 200 ``{rules: Rule[]}``, oldest first; ``planId`` is required
  (400 without it) and may be any live version's id; an unknown or foreign plan is 404.
- A rule is ``{id, merchantId, planId, matcherType, matcherValue, createdAt}``. ``planId`` is
  the plan's stable id (the rule follows the plan through new versions); ``matcherValue`` is
  the domain in its normal form (lower case, ``xn--`` form for international names).
- ``POST /rules`` (all three fields required) answers 201 ``{rule}``; 400 for a
  ``matcherType`` other than ``domain`` or a value that is not a domain, 404 for the plan,
  409 when a live rule already enrolls that domain (into this plan or another one).
- ``DELETE /rules/{id}`` answers 200 ``{success: true, message}``; a deleted, unknown or
  foreign id is 404 ``Enrollment rule not found or access denied``.
- ``POST /enroll`` (all three fields required) answers 201 ``{message, enrolledBy, rule,
  subscription, plan {id, name, description}, credit_grants_created}``: ``enrolledBy`` is
  ``rule`` (with the matched ``rule``) or ``free_plan`` (``rule`` null); ``subscription`` is
  the Subscription resource with its features. A user whose customer already has an open
  subscription is 409 with ``existingSubscriptionId``. The rules themselves are in
  billing/enrollment/enroll.py.
"""

from quart import Blueprint
from quart_schema import document_response, validate_querystring, validate_request

from api.common import ErrorBody, fails_as, iso
from api.enrollment_models import (
    CreateRule,
    Enroll,
    EnrollmentOut,
    RuleDeleted,
    RuleEnvelope,
    RuleList,
    RulesQuery,
)
from api.subscription_models import ActiveConflict
from api.subscriptions import subscription_json
from billing.enrollment import enroll, rules
from billing.enrollment.models import EnrollmentRule
from billing.subscriptions import subscription_reads
from webapp.auth import merchant_id

bp = Blueprint("enrollment", __name__, url_prefix="/enrollment")


def rule_json(rule: EnrollmentRule) -> dict:
    return {
        "id": rule.id,
        "merchantId": rule.merchant_id,
        "planId": rule.stable_plan_id,
        "matcherType": rule.matcher_type,
        "matcherValue": rule.matcher_value,
        "createdAt": iso(rule.created_at),
    }


@bp.get("/rules")
@validate_querystring(RulesQuery)
@document_response(RuleList)
@document_response(ErrorBody, 404)
async def list_rules(query_args: RulesQuery):
    """The plan's live enrollment rules, oldest first (``planId`` required)."""
    found = await rules.list_rules(merchant_id(), query_args.planId)
    return {"rules": [rule_json(rule) for rule in found]}


@bp.post("/rules")
@validate_request(CreateRule)
@document_response(RuleEnvelope, 201)
@document_response(ErrorBody, 404)
@document_response(ErrorBody, 409)
async def create_rule(data: CreateRule):
    """Users whose email is at this domain (exactly; subdomains need rules of their own)
    join this plan when they enroll. One live rule per domain."""
    made = await rules.create_rule(
        merchant_id(),
        plan_id=data.planId,
        matcher_type=data.matcherType,
        matcher_value=data.matcherValue,
    )
    return {"rule": rule_json(made)}, 201


@bp.delete("/rules/<rule_id>")
@document_response(RuleDeleted)
async def delete_rule(rule_id: str):
    """Soft-delete a rule: users enrolling afterwards no longer match it."""
    await rules.delete_rule(merchant_id(), rule_id)
    return {"success": True, "message": "Enrollment rule deleted"}


@bp.post("/enroll")
@validate_request(Enroll)
@document_response(EnrollmentOut, 201)
@document_response(ErrorBody, 404)
@document_response(ActiveConflict, 409)
@fails_as("Failed to create enrollment subscription")
async def enroll_user(data: Enroll):
    """Subscribe a user to the plan of the first rule matching their email's domain, at its
    price in the merchant's default currency, else to the free plan. ``userId`` is the
    customer's external id; the customer is created when absent."""
    made = await enroll.enroll(
        merchant_id(),
        customer_email=data.customerEmail,
        customer_name=data.customerName,
        user_id=data.userId,
    )
    loaded = await subscription_reads.load_for_json(made.subscription, include_features=True)
    rule = made.rule
    return {
        "message": (
            f"Enrolled by the rule for {rule.matcher_value}"
            if rule
            else "Enrolled in the free plan"
        ),
        "enrolledBy": "rule" if rule else "free_plan",
        "rule": (
            {"id": rule.id, "matcherType": rule.matcher_type, "matcherValue": rule.matcher_value}
            if rule
            else None
        ),
        "subscription": subscription_json(loaded, include_features=True),
        "plan": {
            "id": made.plan.id,
            "name": made.plan.plan_name,
            "description": made.plan.plan_description,
        },
        "credit_grants_created": made.credit_grants_created,
    }, 201
