"""Every /v1 route, found from the app's URL map, survives odd ids, bodies and queries.

``test_robustness.py`` probes the foundation's routes field by field; this one needs no list,
so a route added later is probed the day it exists. Field names come from each route's
request model, so the odd values land in the fields the route really reads.
"""

from quart_schema.validation import QUART_SCHEMA_REQUEST_ATTRIBUTE

from tests.support.api.robustness_all_routes import PARAM, v1_routes

ODD_IDS = ["nope", "plan_" + "A" * 22, "x" * 300, "%00", "..%2F..", "🚀"]
ODD_VALUES = [None, "", "x" * 5_000, "\u0000", "\ud83d", -1, 10**40, 1e308, True, [], {"a": [1]}]
ODD_QUERY = "planId=%00&search=%25_&includeFeatures=maybe&isStableId=2&fromVersion=x&toVersion=-1"


def body_fields(view) -> list[str]:
    schema = getattr(view, QUART_SCHEMA_REQUEST_ATTRIBUTE, None)
    model = schema[0] if schema else None
    return list(getattr(model, "model_fields", {})) or ["name", "planId", "pricingData"]


def bodies(view) -> list:
    fields = body_fields(view)
    return [None, {}, [], "text", *({field: value for field in fields} for value in ODD_VALUES)]


async def _assert_clean(response, label: str) -> None:
    assert response.status_code < 500, (label, await response.get_data())
    if response.status_code >= 400 and response.status_code != 405:
        body = await response.get_json()
        assert isinstance(body, dict), label
        error = body.get("error")
        if isinstance(error, list):  # the tax endpoints' array form: [{code, message, path}]
            assert error and all({"code", "message", "path"} <= set(issue) for issue in error)
        else:
            assert isinstance(error, str), label


async def test_every_route_survives_odd_input(app, client, merchant):
    headers = {**merchant.headers, **merchant.public_headers}
    routes = list(v1_routes(app))
    assert len(routes) > 40  # the catalog and foundation routes are all found
    for method, rule, view in routes:
        for odd_id in ODD_IDS if PARAM.search(rule) else [None]:
            path = PARAM.sub(odd_id, rule) if odd_id else rule
            if method in {"GET", "DELETE"}:
                response = await client.open(f"{path}?{ODD_QUERY}", method=method, headers=headers)
                await _assert_clean(response, f"{method} {path}")
                continue
            for body in bodies(view):
                response = await client.open(path, method=method, json=body, headers=headers)
                await _assert_clean(response, f"{method} {path} {str(body)[:80]}")
