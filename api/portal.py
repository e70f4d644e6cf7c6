"""/v1/customers/portal: the spec's four portal rows, and portal sessions.

Authentication (spec rule 5, "a secret key or a session"): the four rows take a secret key
(``Authorization: Bearer``) naming the customer by ``externalCustomerId``, or a portal
session (``Authorization: Portal <token>`` or the hosted portal's ``tally_portal`` cookie,
``webapp.auth``), which is one customer: its ``externalCustomerId`` may be left out, and any
other answers the customers' 404. Another customer's, another merchant's or the other mode's
payment method answers 404 ``Payment method not found``, exactly as a missing one.

Beyond the spec, as the big billing products do: ``POST /v1/customers/portal/sessions``
(secret key only) ``{externalCustomerId, returnUrl}`` answers ``{url, expiresAt}``: the
hosted portal's link for that customer, valid for one hour (``billing.portal.sessions``).

Design decisions where the spec is silent:
- ``DELETE .../payment-methods/{id}`` with a secret key deletes any of the merchant row's
  methods, or only that customer's when ``?externalCustomerId=`` is sent; with a session, only
  the session customer's. Removing the subscription's method unlinks it.
- ``create-setup-intent`` uses the provider charges go through (A before B). No provider is
  a 400; provider B without an active subscription answers the spec's Errors row: 500 with
  its message (the hosted portal says it in the customer's words instead).
- ``paymentStatus`` and ``payments[]`` are as on ``/v1/invoices``; ``pdfUrl`` is a signed link
  valid for 900 s, like the invoices' own.
- Each invoice and payment also carries ``amountRefundedCents``, ``refundStatus`` and
  ``refunds``, and each invoice ``creditNoteFor`` and ``creditNoteIds``, as on
  ``/v1/invoices`` (api/refund_json.py).
"""

from typing import Any

from pydantic import BaseModel, ValidationError
from quart import Blueprint, request
from quart_schema import document_request, document_response, validate_querystring

from api.common import ErrorBody, decode_json, iso, require_json_body
from api.errors import describe_validation_error
from api.portal_models import (
    CreateSessionBody,
    PortalCustomerBody,
    PortalEnvelope,
    PortalQuery,
    PortalSessionOut,
    SetPaymentMethodBody,
    SetupIntentOut,
    SuccessOut,
)
from api.refund_json import credit_note_json, refunded_json
from billing.core.errors import Invalid
from billing.customers.models import Customer
from billing.payments.models import Payment
from billing.portal import access, overview, payment_methods, sessions, setup_intents
from webapp import invoice_links
from webapp.auth import merchant_id, portal_customer_id, portal_return_url, secret_key_or_portal

bp = Blueprint("portal", __name__, url_prefix="/customers/portal")


async def _body(model: type[BaseModel]) -> Any:
    """The JSON body read as ``model``. It is documented as required (a secret key must name
    the customer); an empty one is read as ``{}``, which is all a session needs to send."""
    raw = await request.get_data()
    require_json_body(request.content_type, raw)
    found = decode_json(raw) if raw.strip() else {}
    try:
        return model.model_validate(found)
    except ValidationError as error:
        raise Invalid(describe_validation_error(error)) from None


async def _customer(external_customer_id: str | None) -> Customer:
    """The customer this call acts for: the session's, or the secret key's named one."""
    return await access.customer_for(
        merchant_id(),
        external_customer_id=external_customer_id,
        session_customer_id=portal_customer_id(),
    )


def _overview_json(found: overview.PortalOverview) -> dict:
    customer, sub = found.customer, found.subscription
    subscription = None
    if sub is not None:
        subscription = {
            "id": sub.id,
            "stableSubscriptionId": sub.stable_subscription_id,
            "status": sub.status,
            "planId": sub.plan_id,
            "gracePeriodEndsAt": iso(sub.grace_period_ends_at),
            "paymentMethodId": sub.payment_method_id,
        }
    methods = [
        {
            "id": method.id,
            "provider": method.provider,
            "paymentType": method.payment_type,
            "status": method.status,
            "cardBrand": method.card_brand,
            "cardLastFour": method.card_last_four,
            "cardExpiryMonth": method.card_expiry_month,
            "cardExpiryYear": method.card_expiry_year,
            "linkedToSubscription": found.linked(method),
        }
        for method in found.payment_methods
    ]
    invoices = [
        {
            "id": invoice.id,
            "number": invoice.number or "",
            "status": invoice.status,
            "totalAmountCents": invoice.total_cents,
            "currency": invoice.currency,
            "issueDate": iso(invoice.issue_date),
            "paidDate": iso(invoice.paid_date),
            "pdfUrl": invoice_links.pdf_url(invoice.merchant_id, invoice.id),
            "paymentStatus": invoice.payment_status,
            **refunded_json(found.invoice_refunds.get(invoice.id)),
            **credit_note_json(invoice),
        }
        for invoice in found.invoices
    ]
    return {
        "customer": {"id": customer.id, "name": customer.name, "email": customer.email},
        "subscription": subscription,
        "paymentMethods": methods,
        "invoices": invoices,
        "payments": [
            {**payment_json(payment), **refunded_json(found.payment_refunds.get(payment.id))}
            for payment in found.payments
        ],
    }


def payment_json(payment: Payment) -> dict:
    """The spec's Payment (in the portal overview); the overview adds its refunds."""
    return {
        "id": payment.id,
        "amountCents": payment.amount_cents,
        "currency": payment.currency,
        "status": payment.status,
        "createdAt": iso(payment.created_at),
        "errorMessage": payment.error_message,
        "invoiceId": payment.invoice_id,
    }


@bp.get("/overview")
@secret_key_or_portal
@validate_querystring(PortalQuery)
@document_response(PortalEnvelope)
@document_response(ErrorBody, 404)
async def portal_overview(query_args: PortalQuery):
    """The customer, their live subscription, payment methods, latest invoices (with signed
    PDF links) and latest payments."""
    customer = await _customer(query_args.externalCustomerId)
    found = await overview.portal_overview(merchant_id(), customer.id)
    return {"portal": _overview_json(found)}


@bp.post("/create-setup-intent")
@secret_key_or_portal
@document_request(PortalCustomerBody)
@document_response(SetupIntentOut)
@document_response(ErrorBody, 404)
@document_response(ErrorBody, 503)
async def create_setup_intent():
    """Start adding a payment method with the merchant's provider: provider A's SetupIntent
    (``clientSecret``, ``intentId``, ``publishableKey``) or provider B's mandate link
    (``paymentLink``). The method appears once the provider's webhook confirms it."""
    body = await _body(PortalCustomerBody)
    customer = await _customer(body.externalCustomerId)
    answer = await setup_intents.create_setup_intent(
        merchant_id(), customer.id, return_url=portal_return_url()
    )
    # Keyed by the provider's name, shaped by what the browser does: confirm an intent with
    # its client secret (provider A's script), or follow a hosted link (provider B).
    if answer.client_secret is not None:
        intent = {
            "clientSecret": answer.client_secret,
            "intentId": answer.intent_id,
            "publishableKey": answer.publishable_key,
        }
        return {"provider": answer.provider, answer.provider: intent}
    return {"provider": answer.provider, answer.provider: {"paymentLink": answer.payment_link}}


@bp.post("/set-subscription-payment-method")
@secret_key_or_portal
@document_request(SetPaymentMethodBody)
@document_response(SuccessOut)
@document_response(ErrorBody, 404)
async def set_subscription_payment_method():
    """Link one of the customer's active payment methods to their live subscription: it is
    what the subscription's invoices are charged to from now on."""
    body = await _body(SetPaymentMethodBody)
    customer = await _customer(body.externalCustomerId)
    if not body.paymentMethodId:
        raise Invalid("paymentMethodId is required")
    await payment_methods.set_subscription_payment_method(
        merchant_id(), customer.id, body.paymentMethodId
    )
    return {"success": True}


@bp.delete("/payment-methods/<payment_method_id>")
@secret_key_or_portal
@validate_querystring(PortalQuery)
@document_response(SuccessOut)
@document_response(ErrorBody, 404)
async def remove_payment_method(payment_method_id: str, query_args: PortalQuery):
    """Soft-delete a payment method (unlinking it from the subscription that pays with it)."""
    customer_id = None
    if portal_customer_id() is not None or query_args.externalCustomerId:
        customer_id = (await _customer(query_args.externalCustomerId)).id
    await payment_methods.remove_payment_method(merchant_id(), customer_id, payment_method_id)
    return {"success": True}


@bp.post("/sessions")
@document_request(CreateSessionBody)
@document_response(PortalSessionOut, 201)
@document_response(ErrorBody, 404)
async def create_portal_session():
    """Beyond the spec: a link to the hosted portal for the customer with
    ``externalCustomerId``, valid for one hour; ``returnUrl`` (http or https) is where the
    portal's back link leads. Secret key only."""
    body = await _body(CreateSessionBody)
    session, token = await sessions.create_session(
        merchant_id(), external_customer_id=body.externalCustomerId, return_url=body.returnUrl
    )
    return {"url": sessions.portal_url(token), "expiresAt": iso(session.expires_at)}, 201
