"""/v1/openapi.json: an OpenAPI 3 document covering every /v1 route that exists."""

import re


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
