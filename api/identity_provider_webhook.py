"""/v1/webhooks/identity-provider: enroll each new user of the merchant's sign-up system.

Authenticated by the merchant's secret key (``Authorization: Bearer sk_...``) like every /v1
route: the merchant's identity provider sends it with its database webhook. The body is read
as sent and checked by the service, so every bad body (not JSON, another event type or table,
a record without id or email) is the spec's ``{"error": "Invalid input", "details": ...}``
400 rather than a schema message.

Answers (the spec leaves the statuses open):
- 200 ``{received: true, message, subscription {id, customerId, planId, status}, invoice:
  null, plan {id}, credit_grants_created}``. ``subscription.id`` is the stable subscription
  id. ``invoice`` is always null: the first invoice is made by the due-work pass, not inside
  a sign-up. 200 rather than 201 because senders of webhooks look for a 2xx and nothing more.
- 409 ``Subscription already exists for this customer`` with ``existingSubscriptionId`` and
  ``existingSubscriptionStatus`` (the same user delivered again creates nothing new).
- 404 ``No active pricing tables found for this merchant`` (no rule matched and there is no
  table to find a free plan in), and the other refusals of ``POST /v1/enrollment/enroll``.
- 500 ``Failed to create enrollment subscription`` for an unexpected failure.
"""

from quart import Blueprint, request
from quart_schema import document_request, document_response

from api.common import ErrorBody, fails_as
from api.enrollment_models import (
    IdentityProviderEvent,
    IdentityProviderReceived,
    InvalidInput,
    SubscriptionExists,
)
from billing.enrollment import identity_provider
from webapp.auth import merchant_id

bp = Blueprint("identity_provider_webhook", __name__, url_prefix="/webhooks")


@bp.post("/identity-provider")
@document_request(IdentityProviderEvent)
@document_response(IdentityProviderReceived)
@document_response(InvalidInput, 400)
@document_response(ErrorBody, 404)
@document_response(SubscriptionExists, 409)
@fails_as("Failed to create enrollment subscription")
async def identity_provider_event():
    """A user was inserted: subscribe them by the first matching enrollment rule, else to
    the free plan. Only ``INSERT`` on ``users`` is accepted."""
    payload = await request.get_json(force=True, silent=True)
    made = await identity_provider.handle_event(merchant_id(), payload)
    subscription = made.subscription
    how = f"the rule for {made.rule.matcher_value}" if made.rule else "the free plan"
    return {
        "received": True,
        "message": f"Enrollment subscription created by {how}",
        "subscription": {
            "id": subscription.stable_subscription_id,
            "customerId": subscription.customer_id,
            "planId": subscription.plan_id,
            "status": subscription.status,
        },
        "invoice": None,
        "plan": {"id": made.plan.id},
        "credit_grants_created": made.credit_grants_created,
    }
