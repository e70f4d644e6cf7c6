"""The OpenAPI document at /v1/openapi.json (generated from the route schemas) and /docs.

quart-schema documents what each route declares (request body, success response). The
provider below adds what every /v1 route shares, so no route can forget it: the error
responses that apply to it (``{"error": ...}``), the authentication it really uses, read
from the same marks (``webapp.auth``) that the request hook enforces, and whether its body is
required (quart-schema never says so; every body is, unless ``api.common.optional_body``
marks the route).
"""

from collections.abc import Iterable
from typing import Any

from quart import Quart, render_template
from quart_schema import QuartSchema
from quart_schema.openapi import OpenAPIProvider
from werkzeug.routing import Rule

from api.common import ErrorBody
from webapp import auth

SECURITY_BY_MODE = {
    auth.SECRET: [{"secretKey": []}],
    auth.PUBLISHABLE: [{"publishableKey": []}],
    auth.PUBLISHABLE_OR_QUERY: [{"publishableKey": []}, {"publishableKeyQuery": []}],
    auth.SESSION_ONLY: [{"dashboardSession": []}],
    auth.SECRET_OR_SESSION: [{"secretKey": []}, {"dashboardSession": []}],
    auth.SECRET_OR_PORTAL: [{"secretKey": []}, {"portalSession": []}, {"portalCookie": []}],
    auth.UNAUTHENTICATED: [],
}

ERROR_SCHEMA = {"$ref": "#/components/schemas/ErrorBody"}


def _error_response(description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": ERROR_SCHEMA}}}


# A rate limit's 429 (``api.common.rate_limited``): ``api.errors`` sends the wait it carries.
RATE_LIMITED = {
    **_error_response("Over a rate limit; nothing was done. Try again after Retry-After"),
    "headers": {
        "Retry-After": {
            "description": "Seconds until the full window ends and a call is taken again",
            "required": True,
            "schema": {"type": "integer", "minimum": 1},
        }
    },
}


class V1OpenAPIProvider(OpenAPIProvider):
    """Documents every /v1 route and nothing else (dashboard pages are not API)."""

    def generate_rules(self) -> Iterable[Rule]:
        for rule in super().generate_rules():
            if rule.rule.startswith("/v1/") and rule.rule != "/v1/openapi.json":
                yield rule

    def build_querystring_parameters(self, model) -> tuple[list[dict], dict]:
        """quart-schema's parameters, each ``required`` when the model's schema says so
        (quart-schema reads that only from inside the property)."""
        parameters, definitions = super().build_querystring_parameters(model)
        required = set(model.model_json_schema().get("required", ()))
        for parameter in parameters:
            if parameter["name"] in required:
                parameter["required"] = True
        return parameters, definitions

    def build_paths(self, rule: Rule) -> tuple[dict, dict]:
        paths, components = super().build_paths(rule)
        view = self._app.view_functions[rule.endpoint]
        mode = getattr(view, "tally_auth", auth.SECRET)
        body_required = not getattr(view, "tally_optional_body", False)
        components["ErrorBody"] = ErrorBody.model_json_schema()
        for operations in paths.values():
            for method, operation in operations.items():
                operation = self._with_shared_parts(operation, mode, rule)
                if getattr(view, "tally_rate_limited", False):
                    responses = {k: v for k, v in operation["responses"].items() if str(k) != "429"}
                    operation = {**operation, "responses": {**responses, 429: RATE_LIMITED}}
                if "requestBody" in operation:
                    body = {**operation["requestBody"], "required": body_required}
                    operation = {**operation, "requestBody": body}
                patterns = getattr(view, "tally_path_patterns", {})
                for parameter in operation["parameters"]:
                    if parameter.get("in") == "path" and parameter["name"] in patterns:
                        pattern = patterns[parameter["name"]]
                        parameter["schema"] = {**parameter["schema"], "pattern": pattern}
                if getattr(view, "tally_event_stream", False):
                    operation = _as_event_stream(operation)
                operations[method] = operation
        return paths, components

    @staticmethod
    def _with_shared_parts(operation: dict, mode: str, rule: Rule) -> dict:
        errors = {}
        queried = any(parameter.get("in") == "query" for parameter in operation["parameters"])
        if "requestBody" in operation or queried:
            errors[400] = "Invalid input; the message names the field and the problem"
        if mode != auth.UNAUTHENTICATED:
            errors[401] = "Missing, unknown, malformed or revoked credentials"
        if mode == auth.SECRET_OR_PORTAL:
            errors[403] = "A portal session cookie sent by another site"
        if mode == auth.SESSION_ONLY:
            errors[403] = "Called with an API key, or without the session's X-CSRF-Token header"
        if rule.arguments:
            errors[404] = "No such record for this merchant (another merchant's id answers alike)"
        errors[500] = 'Unexpected failure; the body is only {"error": "Internal server error"}'
        responses = dict(operation["responses"])
        for status, description in errors.items():
            if status not in responses and str(status) not in responses:
                responses[status] = _error_response(description)
        return {**operation, "responses": responses, "security": SECURITY_BY_MODE[mode]}


def _as_event_stream(operation: dict) -> dict:
    """The 200 answer documented as ``text/event-stream``: each message an object of its
    ``event`` name and its ``data``, a JSON text of the documented schema (the form OpenAPI
    3.2 gives server-sent events, which checkers of the document read event by event)."""
    responses = dict(operation["responses"])
    key = "200" if "200" in responses else 200
    success = dict(responses[key])
    data_schema = next(iter(success.get("content", {}).values()), {}).get("schema", {})
    message = {
        "type": "object",
        "required": ["event", "data"],
        "properties": {
            "event": {"type": "string"},
            "data": {
                "type": "string",
                "contentMediaType": "application/json",
                "contentSchema": data_schema,
            },
        },
    }
    success["content"] = {"text/event-stream": {"schema": message}}
    responses[key] = success
    return {**operation, "responses": responses}


def register_docs(app: Quart) -> None:
    QuartSchema(
        app,
        openapi_path="/v1/openapi.json",
        swagger_ui_path=None,
        redoc_ui_path=None,
        scalar_ui_path=None,
        openapi_provider_class=V1OpenAPIProvider,
        info={"title": "Tally API", "version": "1.0.0"},
        security_schemes={
            "secretKey": {"type": "http", "scheme": "bearer"},
            "publishableKey": {"type": "apiKey", "in_": "header", "name": "X-Service-Key"},
            "publishableKeyQuery": {"type": "apiKey", "in_": "query", "name": "key"},
            "dashboardSession": {"type": "apiKey", "in_": "cookie", "name": "tally_session"},
            # ``Authorization: Portal <token>`` (POST /v1/customers/portal/sessions), or the
            # cookie the hosted portal pages set; either acts for its one customer only.
            "portalSession": {"type": "http", "scheme": "portal"},
            "portalCookie": {"type": "apiKey", "in_": "cookie", "name": auth.PORTAL_COOKIE},
        },
        security=[{"secretKey": []}],
    )

    @app.get("/docs")
    async def docs():
        """Swagger UI over the vendored bundle, reading /v1/openapi.json."""
        return await render_template("docs.html")
