"""/v1/openapi.json: an OpenAPI 3 document covering every /v1 route that exists."""

import json
import re
from collections import defaultdict

from pydantic import TypeAdapter
from quart_schema.validation import (
    QUART_SCHEMA_QUERYSTRING_ATTRIBUTE,
    QUART_SCHEMA_REQUEST_ATTRIBUTE,
    QUART_SCHEMA_RESPONSE_ATTRIBUTE,
)


def _openapi_path(rule: str) -> str:
    return re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule)


async def test_document_covers_every_v1_route(app, client):
    response = await client.get("/v1/openapi.json")
    assert response.status_code == 200
    spec = await response.get_json()
    assert spec["openapi"].startswith("3.")
    assert spec["info"]["title"] == "Tally API"

    documented = {
        (path, method.upper())
        for path, operations in spec["paths"].items()
        for method in operations
        if method in {"get", "post", "put", "patch", "delete"}
    }
    routed = {
        (_openapi_path(rule.rule), method)
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/v1/") and rule.rule != "/v1/openapi.json"
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }
    assert routed, "no /v1 routes found"
    assert routed == documented


def _route_models(app):
    """(route, model, schema mode) of every model a /v1 route documents."""
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/v1/"):
            continue
        view = app.view_functions[rule.endpoint]
        for attribute in (QUART_SCHEMA_REQUEST_ATTRIBUTE, QUART_SCHEMA_QUERYSTRING_ATTRIBUTE):
            documented = getattr(view, attribute, None)
            if documented is not None:
                model = documented[0] if isinstance(documented, tuple) else documented
                yield rule.rule, model, "validation"
        for model, _headers in getattr(view, QUART_SCHEMA_RESPONSE_ATTRIBUTE, {}).values():
            yield rule.rule, model, "serialization"


async def test_each_schema_name_stands_for_one_schema(app, client):
    """Nested models become ``components`` keyed by their class name, so two models of one
    name would share one entry and a route would document the other one's shape; top-level
    models are inlined under their name as title. Each name must mean one shape."""
    spec = await (await client.get("/v1/openapi.json")).get_json()
    components = spec["components"]["schemas"]
    shapes = defaultdict(set)
    misdocumented = set()
    for route, model, mode in _route_models(app):
        schema = TypeAdapter(model).json_schema(
            mode=mode, ref_template="#/components/schemas/{model}"
        )
        nested = schema.pop("$defs", {})
        if "title" in schema and "properties" in schema:
            shapes[schema["title"]].add(json.dumps(schema, sort_keys=True))
        for name, definition in nested.items():
            shapes[name].add(json.dumps(definition, sort_keys=True))
            if components.get(name) != definition:
                misdocumented.add((route, name))
    assert shapes, "no documented models found"
    assert {name for name, found in shapes.items() if len(found) > 1} == set()
    assert misdocumented == set()


async def test_post_routes_document_their_bodies(client):
    spec = await (await client.get("/v1/openapi.json")).get_json()
    for path in (
        "/v1/api-keys",
        "/v1/merchants/current",
        "/v1/merchants/onboarding-create-merchant",
        "/v1/merchants/dunning-config",
    ):
        body = spec["paths"][path]["post"]["requestBody"]
        assert "application/json" in body["content"], path


async def test_responses_and_security_are_documented(client):
    spec = await (await client.get("/v1/openapi.json")).get_json()
    create = spec["paths"]["/v1/api-keys"]["post"]
    assert "201" in create["responses"]
    assert "400" in create["responses"]
    assert spec["components"]["securitySchemes"]["secretKey"]["scheme"] == "bearer"
    onboarding = spec["paths"]["/v1/merchants/onboarding-create-merchant"]["post"]
    assert onboarding.get("security") == [{"dashboardSession": []}]
    assert "403" in onboarding["responses"]


async def test_docs_page_renders(client):
    response = await client.get("/docs")
    assert response.status_code == 200
    html = await response.get_data(as_text=True)
    script = re.search(r'src="(/static/docs\.js[^"]*)"', html).group(1)
    loader = await client.get(script)
    assert b'url: "/v1/openapi.json"' in await loader.get_data()


TAX_BAD_BODIES = [
    ("/v1/tax/config/update", {"defaultTaxRate": "2"}),
    ("/v1/tax/config/update", ["not", "an", "object"]),
    ("/v1/tax/nexus/CA/update", {"effectiveDate": "soon"}),
    ("/v1/tax/nexus/ZZ/update", {}),
    ("/v1/tax/rate-definitions/create", {"name": "VAT"}),
    ("/v1/tax/rate-definitions/{id}/update", {"taxRate": "1.5"}),
    ("/v1/tax/registrations/create", {}),
    ("/v1/tax/calculate-preview", {"amount": -1, "lineItems": [{}]}),
    (
        "/v1/tax/calculate-preview",
        {"customerId": "cust_x", "amount": 1, "currency": "USD", "state": "ZZ"},
    ),
]


async def test_tax_errors_are_the_documented_400(app, client, merchant):
    """Tax bodies answer every problem in the spec's array form, a bad state code the plain
    message; each answer must fit the 400 its route documents."""
    created = await client.post(
        "/v1/tax/rate-definitions/create",
        json={"name": "VAT", "taxRate": "0.2"},
        headers=merchant.headers,
    )
    definition_id = (await created.get_json())["id"]
    adapter = app.url_map.bind("localhost")
    for path, body in TAX_BAD_BODIES:
        path = path.replace("{id}", definition_id)
        response = await client.post(path, json=body, headers=merchant.headers)
        assert response.status_code == 400, path
        endpoint, _ = adapter.match(path, method="POST")
        responses = getattr(app.view_functions[endpoint], QUART_SCHEMA_RESPONSE_ATTRIBUTE)
        documented, _headers = responses[400]
        TypeAdapter(documented).validate_python(await response.get_json(), strict=True)


async def test_a_body_is_required_unless_the_route_works_without_it(client, merchant):
    """quart-schema leaves ``required`` out (false); the routes that need their body must
    say so, and a route that says its body is optional must answer without one."""
    spec = await (await client.get("/v1/openapi.json")).get_json()
    optional = set()
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            if "requestBody" not in operation:
                continue
            concrete = re.sub(r"\{[^}]+\}", "x", path)
            response = await client.open(concrete, method=method.upper(), headers=merchant.headers)
            if operation["requestBody"].get("required"):
                assert response.status_code >= 400, (method, path)
            else:  # answered, or "no such record" (``x``), never refused for the body
                optional.add((method, path))
                assert response.status_code in (200, 201, 404), (method, path, response.status_code)
    assert optional == {
        ("post", "/v1/trigger/events-backfill"),
        ("post", "/v1/prices/clone/{price_id}"),
        ("post", "/v1/webhook-events/{event_id}/resend"),
    }


async def test_rate_limited_routes_document_their_429_and_retry_after(client):
    """payment-init's rate limit answers 429 with ``Retry-After`` (api/errors.py): both are in
    the document, and no route without a rate limit claims the header."""
    spec = await (await client.get("/v1/openapi.json")).get_json()
    limited = spec["paths"]["/v1/public/payment-init"]["post"]["responses"]["429"]
    assert limited["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/ErrorBody"
    }
    header = limited["headers"]["Retry-After"]
    assert header["required"] is True
    assert header["schema"] == {"type": "integer", "minimum": 1}
    with_header = {
        (path, method)
        for path, operations in spec["paths"].items()
        for method, operation in operations.items()
        if "Retry-After" in operation.get("responses", {}).get("429", {}).get("headers", {})
    }
    assert with_header == {("/v1/public/payment-init", "post")}
