"""Embeddable pages, framed by merchants' sites: the pricing table as an iframe.

``/embed/pricing-tables/{slug}?key=pk_...`` renders, on the server, the same resolved view the
public API answers (``pricing_table_views.public_table``), authenticated by the publishable
key in the query (an iframe cannot send headers). Unlike dashboard pages these may be framed by
any origin (``frame-ancestors *`` and no ``X-Frame-Options``: webapp/security_headers.py). They
hold nothing secret (a publishable key is public by design) and use no session.

``&checkout=hosted`` (opt-in) makes the plan buttons open Tally's hosted checkout page
(webapp/pages/checkout.py) in a new tab as well as posting ``tally:plan-selected``.

The page loads ``static/pricing-table.js`` with ``data-tally-document``: the embed script gives
it the same stylesheet and the monthly/yearly switch as the ``<tally-pricing-table>`` element.
"""

from urllib.parse import urlsplit

from quart import Blueprint, Response, render_template, request

from billing.accounts import api_keys
from billing.catalog import pricing_table_views as views
from billing.core.currencies import minor_unit_digits
from billing.core.errors import NotFound, Unauthorized
from webapp.forms import money
from webapp.pages.public_errors import public_error_page

bp = Blueprint("embed", __name__, url_prefix="/embed")

CACHE_SECONDS = 60
UNAVAILABLE = "This pricing table is not available right now."
SCRIPT_PATH = "/static/pricing-table.js"


def format_money(cents: int, currency: str) -> str:
    """The one money format (``webapp.forms.money.format_money``, the currency's minor units)
    with a whole amount's zero decimals left off, as a price on a card reads: ``2900, "USD"``
    → ``$29``, ``2950`` → ``$29.50``, ``1250, "JPY"`` → ``¥1,250``."""
    code = (currency or "").upper()
    text = money.format_money(cents, code)
    digits = minor_unit_digits(code)
    if digits and cents % 10**digits == 0:
        text = text.replace("." + "0" * digits, "", 1)
    return text


def safe_url(value: str | None) -> str | None:
    """Only http(s) links from merchant data become hrefs (never ``javascript:``)."""
    if not value:
        return None
    return value if urlsplit(value).scheme in {"http", "https"} else None


def yearly_saving(plans: list[dict]) -> int:
    """The largest saving of paying yearly against twelve monthly payments, whole percent."""
    best = 0
    for plan in plans:
        month, year = plan["prices"]["month"], plan["prices"]["year"]
        if month and year and month["amountCents"] > 0:
            saving = (1 - year["amountCents"] / (12 * month["amountCents"])) * 100
            best = max(best, int(saving // 1))
    return best


@bp.after_app_request
async def embed_script_headers(response: Response) -> Response:
    """Any site may load the embed script. Its URL, pasted into merchants' sites, carries no
    version, so it gets the one-hour cache of unversioned static files (webapp/assets.py)."""
    if request.path == SCRIPT_PATH and response.status_code in {200, 304}:
        response.headers["Access-Control-Allow-Origin"] = "*"
    return response


@bp.after_request
async def embed_headers(response: Response) -> Response:
    response.headers["Referrer-Policy"] = "no-referrer"  # the key is in the URL
    if response.status_code == 200:
        response.headers["Cache-Control"] = f"public, max-age={CACHE_SECONDS}"
    else:
        response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/pricing-tables/<slug>")
async def pricing_table(slug: str):
    """The pricing table for an iframe; a bad key is a 401 page, an unknown slug a 404 page."""
    try:
        key = await api_keys.authenticate(request.args.get("key"), key_type="publishable")
        view = await views.public_table(key.merchant_id, slug)
    except (Unauthorized, NotFound) as error:
        return await public_error_page(error, sentence=UNAVAILABLE)
    table = views.public_json(view)
    return await render_template(
        "embed/pricing_table.html",
        table=table,
        has_yearly=any(plan["prices"]["year"] for plan in table["plans"]),
        saving=yearly_saving(table["plans"]),
        money=format_money,
        safe_url=safe_url,
        checkout=request.args.get("checkout"),
        key=request.args.get("key"),
    )
