"""/v1/public: what browsers on merchants' own sites call with a publishable key.

CORS: these routes are meant to be called from any origin, so every answer under
``/v1/public/`` (errors and unknown paths included, so a page can read *why* it failed)
carries ``Access-Control-Allow-Origin: *``, and preflights are answered for the headers the
embeds send. No credentials: the publishable key travels in ``X-Service-Key``, never in a
cookie, so a wildcard origin is safe.

Caching: a resolved pricing table may be cached for a minute by browsers and shared caches.
The same slug means different tables for different merchants, so answers vary on
``X-Service-Key``.
"""

from pydantic import BaseModel
from quart import Blueprint, Response, jsonify, request
from quart_schema import document_response

from billing.catalog import pricing_table_views as views
from webapp.auth import merchant_id, publishable_key_required

bp = Blueprint("public", __name__, url_prefix="/public")

PREFIX = "/v1/public/"
CACHE_SECONDS = 60
PREFLIGHT_MAX_AGE = 7200  # Chromium's ceiling


class PublicFeature(BaseModel):
    slug: str
    displayName: str
    featureType: str
    value: bool | int | float | str | None


class PublicPrice(BaseModel):
    """``amountCents`` is the headline recurring amount; ``pricingData`` the full price."""

    id: str
    currency: str
    amountCents: int
    pricingData: dict


class PublicPrices(BaseModel):
    """The plan's monthly and yearly price; null where the plan has none."""

    month: PublicPrice | None
    year: PublicPrice | None


class PublicPlan(BaseModel):
    id: str
    stablePlanId: str
    name: str
    description: str
    isEnterprisePlan: bool
    buttonText: str
    enterpriseRedirectUrl: str | None
    trialDays: int | None
    features: list[PublicFeature]
    prices: PublicPrices


class PublicPricingTable(BaseModel):
    """The plans visible in pricing tables, in display order (explicit order, then price
    ascending, enterprise last)."""

    id: str
    name: str
    slug: str
    currency: str
    plans: list[PublicPlan]


class PublicPricingTableEnvelope(BaseModel):
    pricingTable: PublicPricingTable


@bp.after_app_request
async def allow_any_origin(response: Response) -> Response:
    """App-wide, so unknown paths under /v1/public/ answer with CORS headers too."""
    if not request.path.startswith(PREFIX):
        return response
    response.headers["Access-Control-Allow-Origin"] = "*"
    if request.method == "OPTIONS":
        response.headers["Access-Control-Allow-Headers"] = "X-Service-Key, Content-Type"
        response.headers["Access-Control-Allow-Methods"] = "GET, POST, OPTIONS"
        response.headers["Access-Control-Max-Age"] = str(PREFLIGHT_MAX_AGE)
    return response


@bp.get("/pricing-tables/<slug>")
@publishable_key_required
@document_response(PublicPricingTableEnvelope)
async def read_pricing_table(slug: str):
    """The resolved pricing table for rendering on a merchant's site (publishable key).

    Only active tables; only plans shown in pricing tables. Cacheable for 60 seconds.
    """
    view = await views.public_table(merchant_id(), slug)
    response = jsonify({"pricingTable": views.public_json(view)})
    response.headers["Cache-Control"] = f"public, max-age={CACHE_SECONDS}"
    response.vary.add("X-Service-Key")
    return response
