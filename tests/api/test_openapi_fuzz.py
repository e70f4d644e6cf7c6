"""The OpenAPI document against real answers: schemathesis reads /v1/openapi.json from a
served process, generates requests for every /v1 operation from it and checks each answer.

An answer fails the test when it is a 5xx, has a status the operation does not document, is
not the documented content type, or does not fit the documented schema. Each operation gets
``EXAMPLES`` requests that fit the document and as many that do not (those must be refused
with a documented 4xx, never a 500); about half of them name records that exist (seeded
below) in the path, so reads and updates run past the 404. Generation is derandomized: a run
repeats the last one, so a failure is reproducible, never flaky, and the test stays within
about a minute on two cores.

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
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from billing.catalog.models import Feature, Price
from billing.core.models import utcnow
from billing.invoicing.billing_run import bill_due
from billing.invoicing.models import Invoice
from billing.payments.models import Payment
from tests.conftest import serve_on_free_port, stop_process
from tests.subscription_factories import subscribe

EXAMPLES = 40
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
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
    ids = {
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


def test_every_answer_fits_the_document(served, seeded):
    base_url, log_path = served
    account, ids = seeded
    schema = schemathesis.openapi.from_url(f"{base_url}/v1/openapi.json")
    schema.config.update(base_url=base_url)
    schema = schema.exclude(method=SKIPPED[0], path=SKIPPED[1])
    operations = sorted((result.ok() for result in schema.get_all_operations()), key=_runs_last)
    assert len(operations) > 80, "the document lost its operations"
    headers = {**account.headers, **account.public_headers}
    session = requests.Session()
    failures = []
    for operation in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            # Health checks judge generation speed and filtering; the number of examples is
            # bounded here, so they would only fail the test for the schemas' size.
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
                case.call_and_validate(session=session, headers=headers, checks=CHECKS)

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
