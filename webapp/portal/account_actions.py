"""The customer's billing details in the portal: their address and tax id.

A page of its own with the form (``BillingDetailsForm``: the fields as customers know them,
the country chosen by name); saving is one call to ``billing_details.update_billing_details``,
which checks the merchant offers it. The page says that tax follows the new address from the
next invoice on, which is when Tally works tax out (issued invoices keep theirs).
"""

from quart import flash, g, redirect, render_template, request, url_for

from billing.core.errors import Invalid, ServiceError
from billing.customers.customers import get_customer
from billing.portal import billing_details
from webapp.forms.portal import BillingDetailsForm
from webapp.pages.common import INVALID_FORM
from webapp.portal.pages import bp, offered, page_context, refused_page
from webapp.portal.session import portal_required

PAGE = "portal/billing_details.html"


async def _page(form: BillingDetailsForm, status: int = 200):
    return await render_template(PAGE, **page_context(form=form)), status


@bp.get("/billing-details")
@portal_required
@offered("update_billing")
async def billing_details_form():
    session = g.portal
    customer = await get_customer(session.merchant_id, session.customer_id)
    return await _page(BillingDetailsForm.of(customer))


@bp.post("/billing-details")
@portal_required
@offered("update_billing")
async def save_billing_details():
    session = g.portal
    form = BillingDetailsForm(formdata=await request.form)
    if form.validate():
        try:
            await billing_details.update_billing_details(
                session.merchant_id, session.customer_id, **form.values()
            )
        except Invalid as error:
            form.attach_error(error)
        except ServiceError as error:
            return await refused_page(error)
        else:
            await flash(
                "Billing details saved. Your next invoice uses them, and its tax too.", "success"
            )
            return redirect(url_for("portal_pages.home", _anchor="details"), 303)
    return await _page(form, INVALID_FORM)
