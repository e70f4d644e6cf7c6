"""The OpenAPI document against real answers: schemathesis reads /v1/openapi.json from a
served process, generates requests for every /v1 operation from it and checks each answer.

An answer fails the test when it is a 5xx, has a status the operation does not document, is
not the documented content type, or does not fit the documented schema; when a request the
document allows is refused (anything but 2xx, or 401/403/404/409, which depend on records and
credentials, not on the request's shape); or when a request the document forbids is not
refused with a 4xx. Each operation gets ``EXAMPLES`` requests that fit the document and as many
that do not; about half of them name records that exist (seeded below) in the path, so reads
and updates run past the 404. Generation is derandomized: a run repeats the last one, so a
failure is reproducible, never flaky, and the test stays within about two minutes.

A few operations refuse valid-looking requests by rules JSON Schema cannot state (two fields
that must agree, an id that must name a record of the merchant, a state the record must be
in): ``UNSTATED_RULES`` names them and the rule, and their answers are checked for everything
but "valid data is accepted". The document states such rules in words (descriptions).

``DELETE /v1/api-keys/{key_id}`` is left out: revoking the key the test calls with would
turn every later answer into a 401. Deletes, and key creation (a new publishable key revokes
the previous one), run after everything else so the others still find the seeded records.

The process is a ``tally serve`` of its own, with its output in a file: a 500's traceback is
shown with the failure, and its log can never fill a pipe nobody reads.

Cases come from schemathesis's Hypothesis strategies (``operation.as_strategy``) inside one
test rather than its pytest integration: ``schema.parametrize`` needs the document at import,
before any server runs, and ``schemathesis.pytest.from_fixture`` fails on pytest 9.2 (it
reads the removed ``Node._nodeid``).
"""

import subprocess

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.parameters import ParameterLocation
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    positive_data_acceptance,
    response_schema_conformance,
    status_code_conformance,
)

from billing.catalog.models import Feature, Price
from billing.core.models import utcnow
from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from billing.payments.models import Payment
from tests.conftest import serve_on_free_port, stop_process
from tests.support.api.webhook_api import create_endpoint, logged_event
from tests.support.factories.emails import an_email
from tests.support.factories.subscriptions import subscribe

EXAMPLES = 30


@schemathesis.check
def invalid_data_rejected(ctx, response, case):
    """schemathesis's ``negative_data_rejection``, except for a case whose headers were made
    invalid: the test sends its own credentials over the generated headers, so such a request
    reaches the server valid."""
    headers = case.meta.components.get(ParameterLocation.HEADER) if case.meta else None
    if headers is not None and headers.mode.is_negative:
        return None
    return negative_data_rejection(ctx, response, case)


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    positive_data_acceptance,
    invalid_data_rejected,
]
# A request the document allows may still name a record that does not exist (404) or
# conflict with the state of one (409); any other refusal, a 400 above all, means the document
# allows what the route refuses.
ACCEPTED = ["2xx", "401", "403", "404", "409"]
# Operations whose answer to a valid request depends on rules JSON Schema cannot state: their
# answers are checked as every other, except for "valid data is accepted". Each says why.
UNSTATED_RULES = {
    ("POST", "/v1/features"): "metricIds must name the merchant's metrics",
    ("PUT", "/v1/features/{feature_id}"): "as the create; featureValue fits the stored type",
    ("POST", "/v1/metrics"): "customQuery goes with queryType complex, and must parse",
    ("POST", "/v1/metrics/{metric_id}/update"): "eventName, aggregationType... never change",
    ("GET", "/v1/metrics/{metric_id}/value"): "CURRENT_PERIOD needs a live subscription; "
    "the object form must be JSON",
    ("GET", "/v1/events"): "startDate must not be after endDate",
    ("GET", "/v1/events/count"): "startDate must not be after endDate",
    ("GET", "/v1/customers"): "after is a cursor from an earlier page",
    ("GET", "/v1/customers/portal/overview"): "externalCustomerId is required with a secret key",
    ("POST", "/v1/customers/portal/create-setup-intent"): "as the overview",
    ("POST", "/v1/customers/portal/set-subscription-payment-method"): "as the overview",
    ("POST", "/v1/merchants/dunning-config"): "retryScheduleDays must grow strictly",
    ("POST", "/v1/merchants/merchant-data"): "provider A must be configured (state)",
    ("POST", "/v1/invoices/{invoice_id}/retry-payment"): "the invoice's state decides",
    ("POST", "/v1/plans"): "fields depend on each other (trial.days with a trial...)",
    ("POST", "/v1/plans/{plan_id}"): "priceIds and featureIds must name the plan's records",
    ("POST", "/v1/plans/{plan_id}/edit"): "fields depend on each other and on the plan",
    ("GET", "/v1/plans/{stable_plan_id}/compare"): "the versions must exist on the plan",
    ("POST", "/v1/plans/{stable_plan_id}/migrate"): "two versions of the plan, not one",
    ("POST", "/v1/pricing-tables"): "planIds must name the merchant's live plans",
    ("POST", "/v1/provider-a/config"): "the keys' mode must be the API key's",
    ("POST", "/v1/provider-b/config"): "the provider must accept the key",
    ("POST", "/v1/public/payment-init"): "alias fields must agree (customerId and userId...)",
    ("POST", "/v1/public/webhook/{merchant_id}"): "the body must carry the provider's signature",
    ("POST", "/v1/public/webhook-test/{merchant_id}"): "as the webhook",
    ("POST", "/v1/public/webhook-provider-b/{merchant_id}"): "as the webhook",
    ("POST", "/v1/subscriptions/feature-overrides/{subscription_id}"): "featureIds must exist",
    ("POST", "/v1/tax/calculate-preview"): "amount must equal the lineItems' sum",
    ("POST", "/v1/tax/registrations/create"): "expirationDate not before effectiveDate",
    ("POST", "/v1/webhook-endpoints"): "url's host must resolve (to public addresses unless "
    "the operator allows private ones)",
    ("POST", "/v1/webhook-endpoints/{endpoint_id}"): "as the create",
    ("GET", "/v1/webhook-events"): "startingAfter must name one of the merchant's events",
    ("GET", "/v1/emails"): "startingAfter must name one of the merchant's e-mails",
}
SKIPPED = ("DELETE", "/v1/api-keys/{key_id}")


@pytest.fixture
def served(database_url, tmp_path, monkeypatch, localstripe_url, provider_b_fake):  # noqa: F811
    """A ``tally serve`` of this test's own, its payment providers the local fakes (a key
    that looks right is then checked by a provider that answers, not by an unreachable one);
    yields its base URL and its log file."""
    monkeypatch.setenv("TALLY_PROVIDER_A_API_BASE", localstripe_url)
    monkeypatch.setenv("TALLY_PROVIDER_B_API_BASE", provider_b_fake.url)
    log_path = tmp_path / "serve.log"
    with log_path.open("wb") as log:
        process, base_url = serve_on_free_port(
            database_url, tmp_path, stdout=log, stderr=subprocess.STDOUT
        )
        yield base_url, log_path
        stop_process(process)


@pytest.fixture
async def seeded(make_merchant, client):
    """A merchant with one record of each kind, and the path parameters naming them."""
    account = await make_merchant(name="Fuzz Ltd")
    subscription = await subscribe(account.id, features=[("SSO", True), ("Seats", 5)])
    price = await Price.filter(plan_id=subscription.plan_id).first()
    feature = await Feature.get(merchant_id=account.id, slug="sso")

    async def create(path: str, body: dict) -> dict:
        response = await client.post(path, json=body, headers=account.headers)
        assert response.status_code == 201, await response.get_data()
        return await response.get_json()

    metric = await create(
        "/v1/metrics", {"name": "Calls", "eventName": "call", "aggregationType": "COUNT"}
    )
    table = await create(
        "/v1/pricing-tables", {"name": "Main", "slug": "main", "planIds": [subscription.plan_id]}
    )
    table = table["pricingTable"]
    rate = await create("/v1/tax/rate-definitions/create", {"name": "VAT", "taxRate": "0.2"})
    method = await create(
        "/v1/payment-methods",
        {
            "customerId": subscription.customer_id,
            "provider": "provider_a",
            "paymentType": "card",
            "status": "active",
        },
    )
    rule = await create(
        "/v1/enrollment/rules",
        {"planId": subscription.plan_id, "matcherType": "domain", "matcherValue": "fuzz.example"},
    )
    await bill_due(utcnow(), account.id)  # the subscription's first fee: one invoice
    invoice = await Invoice.get(merchant_id=account.id)
    # A finished attempt of that invoice, for the event stream (a pending one would keep it
    # open); it stays apart from the invoice's own payment state.
    await Payment.create(
        merchant_id=account.id,
        invoice_id=invoice.id,
        customer_id=invoice.customer_id,
        provider="provider_a",
        amount_cents=invoice.total_cents,
        currency=invoice.currency,
        status="failed",
        attempt=99,
        idempotency_key=f"{invoice.id}:fuzz",
        provider_payment_id="pi_fuzz_failed",
    )
    endpoint = await create_endpoint(client, account)
    event = await logged_event(account.id, customer_id=subscription.customer_id)
    email = await an_email(account.id, customer_id=subscription.customer_id, event_id=event.id)
    ids = {
        "endpoint_id": endpoint["id"],
        "event_id": event.id,
        "email_id": email.id,
        "invoice_id": invoice.id,
        "customer_id": subscription.customer_id,
        "subscription_id": subscription.id,
        "plan_id": subscription.plan_id,
        "stable_plan_id": subscription.plan_id,
        "price_id": price.id,
        "feature_id": feature.id,
        "feature_slug": feature.slug,
        "requested_id": account.id,
        "metric_id": metric["id"],
        "table_id": table["id"],
        "entry_id": table["pricingTablePlans"][0]["id"],
        "slug": table["slug"],
        "state": "CA",
        "definition_id": rate["id"],
        "payment_method_id": method["id"],
        "merchant_id": account.id,
        "payment_intent_id": "pi_fuzz_failed",
        "rule_id": rule["rule"]["id"],
    }
    return account, ids


def _runs_last(operation) -> bool:
    return (
        operation.method.upper() == "DELETE"
        or operation.path.endswith("/delete")
        or (operation.method.upper(), operation.path) == ("POST", "/v1/api-keys")
    )


def _cases(operation, mode: GenerationMode, ids: dict):
    """Generated cases, about half of them with the seeded records as path parameters."""
    cases = operation.as_strategy(generation_mode=mode)
    existing = {parameter.name: ids[parameter.name] for parameter in operation.path_parameters}
    if existing:
        cases = cases | operation.as_strategy(generation_mode=mode, path_parameters=existing)
    return cases


def _unstated_pricing_rule(case) -> bool:
    """A body whose pricingData has tiers, several components or a usage model: the tiers'
    ``upTo`` must grow and the last be null, the components' ``component_id`` differ, a
    model needs its prices, rules the document states only in words."""
    pricing = case.body.get("pricingData") if isinstance(case.body, dict) else None
    if not isinstance(pricing, dict):
        return False
    components = pricing.get("components")
    if isinstance(components, list) and any(_model_rule(c) for c in components):
        return True
    return "tiers" in pricing or (isinstance(components, list) and len(components) > 1)


def _model_rule(component) -> bool:
    """A per-unit component whose unit price, tiers or package size its ``model`` requires
    (and which only a metered component may set)."""
    model_fields = {"model", "unit_amount_decimal", "tiers", "package_size"}
    return isinstance(component, dict) and (
        "amount_cents" not in component or bool(model_fields & set(component))
    )


def _checks(operation, case) -> list:
    unstated = (operation.method.upper(), operation.path) in UNSTATED_RULES
    if unstated or _unstated_pricing_rule(case):
        return [check for check in CHECKS if check is not positive_data_acceptance]
    return CHECKS


def _calls(operation, mode: GenerationMode, ids: dict, session, headers: dict):
    """A Hypothesis test calling ``operation`` with ``EXAMPLES`` generated cases."""

    # Health checks judge generation speed and filtering; the number of examples is bounded
    # here, so they would only fail the test for the schemas' size.
    @settings(
        max_examples=EXAMPLES,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        report_multiple_bugs=False,
    )
    @given(case=_cases(operation, mode, ids))
    def call(case):
        checks = _checks(operation, case)
        case.call_and_validate(session=session, headers=headers, checks=checks)

    return call


def test_every_answer_fits_the_document(served, seeded):
    base_url, log_path = served
    account, ids = seeded
    schema = schemathesis.openapi.from_url(f"{base_url}/v1/openapi.json")
    schema.config.update(base_url=base_url)
    schema.config.checks.positive_data_acceptance.expected_statuses = ACCEPTED
    schema.config.checks.negative_data_rejection.expected_statuses = ["4xx"]
    schema = schema.exclude(method=SKIPPED[0], path=SKIPPED[1])
    operations = sorted((result.ok() for result in schema.get_all_operations()), key=_runs_last)
    assert len(operations) > 80, "the document lost its operations"
    headers = {**account.headers, **account.public_headers}
    session = requests.Session()
    failures = []
    for operation in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            call = _calls(operation, mode, ids, session, headers)
            try:
                call()
            except Unsatisfiable:
                # Nothing in the document can be made invalid (a webhook takes any body and
                # any path id): no negative case exists. A positive run never gets here.
                if mode is not GenerationMode.NEGATIVE:
                    raise
            except (Exception, BaseExceptionGroup) as failure:  # schemathesis's FailureGroup
                failures.append(f"{operation.label} ({mode.value} data): {failure}")
    if failures:
        server_log = log_path.read_text(errors="replace")[-20_000:]
        pytest.fail("\n\n".join([*failures, "Server log:", server_log]), pytrace=False)
