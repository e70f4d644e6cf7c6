"""``Allow`` lists the methods of the route a path names, never those of a sibling route that
also matches it (``/v1/merchants/current`` is not ``/v1/merchants/<requested_id>``)."""

import re
from collections import defaultdict


def _own_methods(app) -> dict[str, set[str]]:
    """Each /v1 path pattern, made concrete, with the methods its own rules serve."""
    methods = defaultdict(set)
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/v1/"):
            methods[re.sub(r"<[^>]+>", "x1", rule.rule)] |= rule.methods
    return methods


def _listed(response) -> set[str]:
    return {method.strip() for method in response.headers["Allow"].split(",")}


async def test_options_lists_only_the_routes_own_methods(app, client):
    for path, own in _own_methods(app).items():
        response = await client.options(path)
        assert response.status_code == 200, path
        assert _listed(response) == own, path


async def test_a_wrong_method_is_405_with_the_routes_own_methods(app, client, merchant):
    for path, own in _own_methods(app).items():
        if "PATCH" in own:
            continue
        response = await client.open(path, method="PATCH", headers=merchant.headers)
        assert response.status_code == 405, path
        assert _listed(response) == own, path


async def test_sibling_routes_still_answer_their_own_paths(client, merchant):
    """Only ``Allow`` changes: a GET on a POST-only static path is still read as an id."""
    response = await client.options("/v1/merchants/mer_unknown")
    assert _listed(response) == {"GET", "HEAD", "OPTIONS"}
    response = await client.get("/v1/features/checkSlug", headers=merchant.headers)
    assert response.status_code == 404
