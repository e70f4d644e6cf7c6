"""The OpenAPI document at /v1/openapi.json (generated from the route schemas) and /docs."""

from collections.abc import Iterable

from quart import Quart, render_template
from quart_schema import QuartSchema
from quart_schema.openapi import OpenAPIProvider
from werkzeug.routing import Rule


class V1OpenAPIProvider(OpenAPIProvider):
    """Documents every /v1 route and nothing else (dashboard pages are not API)."""

    def generate_rules(self) -> Iterable[Rule]:
        for rule in super().generate_rules():
            if rule.rule.startswith("/v1/") and rule.rule != "/v1/openapi.json":
                yield rule


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
        },
        security=[{"secretKey": []}],
    )

    @app.get("/docs")
    async def docs():
        return await render_template("docs.html")
