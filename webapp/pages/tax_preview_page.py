"""The Tax page's preview: pick a customer, enter an amount or line items, see the breakdown
in place. It calls the same engine as ``POST /v1/tax/calculate-preview`` and stores nothing."""

from quart import g, request

from billing.core.errors import ServiceError
from billing.customers.models import Customer
from billing.tax.tax_engine import TaxLine, calculate_tax
from webapp.forms.tax import PreviewForm
from webapp.pages.common import INVALID_FORM, login_required, render_page
from webapp.pages.tax import PAGE, attach, bp, page_context

RESULT = "dashboard/tax/_preview.html"
CUSTOMER_CHOICES = 200


async def _customer_choices() -> list[tuple[str, str]]:
    customers = await Customer.scoped(g.merchant.id).order_by("-created_at").limit(CUSTOMER_CHOICES)
    return [("", "Choose a customer")] + [
        (c.id, f"{c.name or c.email} ({c.email})" if c.name else c.email) for c in customers
    ]


async def preview_form(formdata=None) -> PreviewForm:
    form = PreviewForm(formdata=formdata, currency=g.merchant.default_currency)
    form.customer.choices = await _customer_choices()
    return form


@bp.post("/preview")
@login_required
async def preview():
    form = await preview_form(await request.form)
    result = None
    if form.validate():
        lines = form.tax_lines()
        if not lines and form.amount.cents is None:
            form.amount.errors = ["Enter an amount or at least one line item"]
        elif not form.customer.data:
            form.customer.errors = ["Choose a customer"]
        else:
            if not lines:
                lines = [("Amount", form.amount.cents)]
            try:
                result = await calculate_tax(
                    g.merchant.id,
                    form.customer.data,
                    [TaxLine(cents, "line", text) for text, cents in lines],
                    currency=form.currency.data,
                )
            except ServiceError as error:
                attach(form, error)
    status = 200 if result is not None else INVALID_FORM
    context = {"preview_form": form, "result": result and result.to_json(), "tax": result}
    return await render_page(PAGE, RESULT, status, **await page_context(**context))
