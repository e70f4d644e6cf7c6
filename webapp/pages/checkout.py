"""The hosted checkout page: ``/checkout/{pricingTableSlug}/{planId}?price=...&key=pk_...``.

What the pricing table's plan buttons open with ``checkout="hosted"``. Authenticated by the
publishable key in the query (the page is linked from merchants' sites, so no session); it
shows only what the public pricing table shows: a plan of that active table and one of its
prices. The merchant's display name, the plan and the price in plain words are drawn here; the
total with tax comes from payment-init, which the page's script (``static/checkout.js``) calls
when the customer submits their email and name. Then:

- provider A: in test mode the offline sandbox card form (payment-init's ``confirm-card``); in
  live mode the provider's own script draws the card fields and confirms the PaymentIntent
  with payment-init's client secret (the card never reaches Tally), so only a live page of
  a merchant row that charges through provider A loads it and allows its origin;
- provider B: a button opening the provider's payment link in a new tab;
- in both cases the page listens to ``/v1/public/events/{paymentIntentId}?key=...`` and shows
  "Processing…", "Paid — you're subscribed" or the failure, with a way to try again.

A plan with a trial says "Free for 14 days, then 29.00 USD a month" above the form; its card
form saves the card (a SetupIntent, nothing charged) and the page then says "Your trial has
started" with the day the card is first charged.
"""

from quart import Blueprint, render_template, request

from billing.accounts import api_keys, merchants
from billing.catalog import pricing_table_views as views
from billing.core.currencies import minor_unit_digits
from billing.core.errors import NotFound, Unauthorized
from billing.payments.gateways import gateway_for
from billing.payments.providers import configured_providers
from webapp.forms import countries
from webapp.forms.money import SYMBOLS, format_money
from webapp.pages.public_errors import public_error_page
from webapp.security_headers import allow_script_origins

bp = Blueprint("checkout", __name__, url_prefix="/checkout")

PRICE_NOT_OFFERED = "This plan has no such price in this pricing table"
UNAVAILABLE = "This checkout is not available right now."
# The country a customer picks by name; its two-letter code is what the API stores. A typed
# "United States" was once cut to "Un" by a two-character input.
COUNTRY_CHOICES = countries.BY_NAME


def _money(price: dict) -> str:
    """The dashboard's one formatter, in the currency's minor units: $49.00, ¥1,250."""
    return format_money(price["amountCents"], price["currency"])


def price_words(price: dict, interval: str) -> str:
    """``4900, USD, month`` → ``$49.00 / month``."""
    return f"{_money(price)} / {interval}"


def money_style(currency: str) -> dict:
    """What checkout.js needs to write the summary's amounts as ``format_money`` does: the
    currency's symbol (empty: its code after the amount) and its minor-unit digits."""
    code = (currency or "").upper()
    return {"code": code, "symbol": SYMBOLS.get(code, ""), "digits": minor_unit_digits(code)}


def trial_words(days: int | None, price: dict, interval: str) -> str | None:
    """``14, 2900 USD, month`` → ``Free for 14 days, then $29.00 a month``."""
    if not days:
        return None
    length = "1 day" if days == 1 else f"{days} days"
    return f"Free for {length}, then {_money(price)} a {interval}"


@bp.after_request
async def no_referrer(response):
    response.headers["Referrer-Policy"] = "no-referrer"  # the key is in the URL
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/<slug>/<plan_id>")
async def checkout_page(slug: str, plan_id: str):
    """The checkout for one plan and price of a pricing table; a bad key is a 401 page, an
    unknown table, plan or price a 404 page."""
    key_text = request.args.get("key")
    try:
        key = await api_keys.authenticate(key_text, key_type="publishable")
        table = views.public_json(await views.public_table(key.merchant_id, slug))
        plan = next((p for p in table["plans"] if p["id"] == plan_id), None)
        offered = [(i, p) for i, p in (plan or {}).get("prices", {}).items() if p]
        chosen = [(i, p) for i, p in offered if p["id"] == request.args.get("price")]
        if plan is None or not chosen:
            raise NotFound(PRICE_NOT_OFFERED)
    except (Unauthorized, NotFound) as error:
        return await public_error_page(error, sentence=UNAVAILABLE, page_title="Checkout")
    merchant = await merchants.get_merchant(key.merchant_id)
    interval, price = chosen[0]
    card_script = None
    configured = await configured_providers(merchant.id)
    if merchant.mode == "live" and configured:
        form = await gateway_for(configured[0]).browser_card_form(merchant.id)
        if form is not None:  # the provider's own script takes the card in the browser
            allow_script_origins(form.script_origins)
            card_script = form.script_url
    return await render_template(
        "checkout/page.html",
        merchant=merchant,
        plan=plan,
        price=price,
        price_text=price_words(price, interval),
        money_style=money_style(price["currency"]),
        countries=COUNTRY_CHOICES,
        trial_text=trial_words(plan.get("trialDays"), price, interval),
        period="yearly" if interval == "year" else "monthly",
        key=key_text,
        sandbox=merchant.mode == "test",
        card_script=card_script,
    )
