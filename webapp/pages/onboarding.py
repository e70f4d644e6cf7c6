"""The overview page: the onboarding checklist a new merchant works through."""

from quart import Blueprint, g

from billing.services import merchants
from webapp.pages.common import login_required, page_headers, render_page

bp = Blueprint("onboarding", __name__, url_prefix="/dashboard")
bp.after_request(page_headers)

# (status key, title, why it matters, the nav anchor of the area where it gets done)
CHECKLIST = (
    (
        "hasPlans",
        "Create your first plan",
        "Plans and their prices are what customers subscribe to.",
        "plans",
    ),
    (
        "hasPaymentProvider",
        "Connect a payment provider",
        "Tally charges customers through your card gateway or payment-link provider.",
        "payment-providers",
    ),
    (
        "hasTax",
        "Set up tax",
        "Tell Tally where you collect tax so invoices carry the right amounts.",
        "tax",
    ),
)


@bp.get("")
@login_required
async def checklist():
    status = await merchants.onboarding_status(g.merchant.id)
    items = [
        {"done": bool(status.get(key)), "title": title, "why": why, "area": area}
        for key, title, why, area in CHECKLIST
    ]
    return await render_page("dashboard/onboarding/checklist.html", items=items)
