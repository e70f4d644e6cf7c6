"""The overview page: MRR with its last 30 days, and the onboarding checklist."""

from quart import Blueprint, g, url_for

from billing import onboarding
from billing.subscriptions import mrr, trials
from webapp.forms.money import format_money
from webapp.pages.common import login_required, page_headers, render_page
from webapp.pages.mrr_chart import build_chart

bp = Blueprint("onboarding", __name__, url_prefix="/dashboard")
bp.after_request(page_headers)
bp.add_app_template_filter(format_money, "money")
# The prompt (before the first live invoice) or warning while invoices lack the seller's
# details: on the overview and invoices pages, and the prompt also on customers, subscriptions
# and payment providers (templates/dashboard/_seller_details_missing.html).
bp.add_app_template_global(onboarding.seller_details_notice, "seller_details_notice")
CHART_DAYS = 30

# (status key, title, why it matters, the page where it gets done, the link's words). Every
# item links to a real page: a step the merchant cannot take yet does not belong here.
CHECKLIST = (
    (
        "hasPlans",
        "Create your first plan",
        "Plans and their prices are what customers subscribe to.",
        "plans.new",
        "Create a plan",
    ),
    (
        "hasPaymentProvider",
        "Connect a payment provider",
        "Tally charges customers through your card gateway or payment-link provider.",
        "payment_providers.index",
        "Connect a provider",
    ),
    (
        "hasTax",
        "Set up tax",
        "Tell Tally where you collect tax so invoices carry the right amounts.",
        "tax.index",
        "Set up tax",
    ),
)


@bp.get("")
@login_required
async def checklist():
    status = await onboarding.onboarding_status(g.merchant.id)
    items = [
        {
            "done": bool(status.get(key)),
            "title": title,
            "why": why,
            "href": url_for(endpoint),
            "link": link,
        }
        for key, title, why, endpoint, link in CHECKLIST
    ]
    current = await trials.mrr_split(g.merchant.id)  # the /v1 MRR, paying and in trial
    per_day = await mrr.mrr_per_day(g.merchant.id, CHART_DAYS)
    chart = build_chart(per_day, g.merchant.default_currency)
    return await render_page(
        "dashboard/onboarding/checklist.html", items=items, mrr=current, chart=chart
    )
