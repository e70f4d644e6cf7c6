"""Tax: settings, US nexus per state, rate definitions and registrations (the preview is in
``tax_preview_page``). Each section is its own form posting to its own route and calling one
tax service; with HTMX a section answers with itself re-rendered (the nexus table, all states
saved with one Save, with its confirmation), without it a save redirects back to the page (303).
"""

from quart import Blueprint, abort, flash, g, redirect, request, url_for

from billing.core.errors import Invalid, NotFound, ServiceError
from billing.tax import nexus_table, tax_settings
from billing.tax.nexus_table import InvalidNexusRows
from billing.tax.us_states import STATES
from webapp.forms import error_words
from webapp.forms.tax import (
    RateDefinitionForm,
    RegistrationForm,
    TaxSettingsForm,
    rate_to_percent,
)
from webapp.pages.common import INVALID_FORM, is_htmx, login_required, page_headers, render_page

bp = Blueprint("tax", __name__, url_prefix="/dashboard/tax")
bp.after_request(page_headers)
bp.add_app_template_filter(rate_to_percent, "percent")

PAGE = "dashboard/tax/index.html"
SETTINGS = "dashboard/tax/_settings.html"
NEXUS = "dashboard/tax/_nexus.html"
NEXUS_LABELS = {
    "effectiveDate": "Effective from",
    "registrationNumber": "Registration number",
    "isActive": "Active",
}
RATES = "dashboard/tax/_rates.html"
REGISTRATIONS = "dashboard/tax/_registrations.html"
RATE_EDIT = "dashboard/tax/rate_edit.html"


def attach(form, error: ServiceError) -> None:
    """A service error onto the form; the array form's issues each on its own, as an error
    about the field its path names."""
    issues = getattr(error, "issues", None)
    if not issues:
        form.attach_error(error)
        return
    for issue in issues:
        path = issue.get("path") or []
        field = path[0] if path and isinstance(path[0], str) else None
        form.attach_error(Invalid(issue["message"], field=field))


async def _settings_form() -> TaxSettingsForm:
    config = await tax_settings.get_config(g.merchant.id)
    return TaxSettingsForm(
        auto=bool(config and config.auto_tax_calculation),
        default_rate=rate_to_percent(config.default_tax_rate) if config else "",
    )


async def page_context(**overrides) -> dict:
    """Everything the page shows; ``overrides`` replace a section's form (with its errors)."""
    from webapp.pages.tax_preview_page import preview_form

    nexus = {row.state: row for row in await tax_settings.list_nexus(g.merchant.id)}
    context = {
        "settings_form": await _settings_form(),
        "states": STATES,
        "nexus": nexus,
        "rates": await tax_settings.list_rate_definitions(g.merchant.id),
        "rate_form": RateDefinitionForm(),
        "registrations": await tax_settings.list_registrations(g.merchant.id),
        "registration_form": RegistrationForm(),
        "preview_form": await preview_form(),
        "result": None,
    }
    return {**context, **overrides}


async def _section(fragment: str, saved_message: str | None, status: int = 200, **forms):
    """A section after a post: the section alone for HTMX, else the page or a redirect."""
    if saved_message:
        await flash(saved_message, "success")
        if not is_htmx():
            return redirect(url_for("tax.index"), 303)
    return await render_page(PAGE, fragment, status, **await page_context(**forms))


@bp.get("")
@login_required
async def index():
    return await render_page(PAGE, **await page_context())


@bp.post("/settings")
@login_required
async def update_settings():
    form = TaxSettingsForm(formdata=await request.form)
    if form.validate():
        body = {"autoTaxCalculation": form.auto.data, "defaultTaxRate": form.default_rate.rate}
        try:
            await tax_settings.update_config(g.merchant.id, body)
            return await _section(SETTINGS, "Tax settings saved.")
        except ServiceError as error:
            attach(form, error)
    return await _section(SETTINGS, None, INVALID_FORM, settings_form=form)


@bp.post("/nexus")
@login_required
async def save_nexus():
    """The whole nexus table in one save; the table comes back with a confirmation, or with
    each bad state's message and nothing stored."""
    data = await request.form
    rows = {
        code: {
            "isActive": data.get(f"is_active-{code}") == "on",
            "effectiveDate": data.get(f"effective_date-{code}") or None,
            "registrationNumber": data.get(f"registration_number-{code}", "").strip() or None,
        }
        for code in data.getlist("state")
    }
    try:
        saved = await nexus_table.save_nexus_table(g.merchant.id, rows)
    except InvalidNexusRows as error:
        failed = {state: _nexus_words(errors) for state, errors in error.states.items()}
        context = {"nexus_failed": error.message, "nexus_errors": failed}
        return await render_page(PAGE, NEXUS, INVALID_FORM, **await page_context(**context))
    message = saved_nexus_message(saved.active)
    if not is_htmx():
        await flash(message, "success")
        return redirect(url_for("tax.index") + "#nexus", 303)
    return await render_page(PAGE, NEXUS, **await page_context(nexus_saved=message))


def saved_nexus_message(active: list[str]) -> str:
    """``Saved: nexus in 3 states (CA, NY, WA).``"""
    if not active:
        return "Saved: no nexus in any state."
    count = f"{len(active)} state" + ("s" if len(active) != 1 else "")
    return f"Saved: nexus in {count} ({', '.join(active)})."


def _nexus_words(errors: list[ServiceError]) -> str:
    """A row's errors in the dashboard's words, each field by the table's column name."""
    return " ".join(
        error_words.words(error, NEXUS_LABELS.get(error.field or "")) for error in errors
    )


def _definition_body(form: RateDefinitionForm) -> dict:
    return {
        "name": form.name.data,
        "taxRate": form.rate.rate,
        "jurisdiction": form.jurisdiction.data.strip() or None,
        "category": form.category.data.strip() or None,
        "description": form.description.data.strip() or None,
    }


@bp.post("/rates")
@login_required
async def create_rate():
    form = RateDefinitionForm(formdata=await request.form)
    if form.validate():
        try:
            await tax_settings.create_rate_definition(g.merchant.id, _definition_body(form))
            return await _section(RATES, f"Rate “{form.name.data.strip()}” added.")
        except ServiceError as error:
            attach(form, error)
    return await _section(RATES, None, INVALID_FORM, rate_form=form)


async def _definition_or_404(definition_id: str):
    try:
        return await tax_settings.get_rate_definition(g.merchant.id, definition_id)
    except NotFound:
        abort(404)


@bp.get("/rates/<definition_id>")
@login_required
async def edit_rate(definition_id: str):
    definition = await _definition_or_404(definition_id)
    form = RateDefinitionForm(
        name=definition.name,
        rate=rate_to_percent(definition.tax_rate),
        jurisdiction=definition.jurisdiction or "",
        category=definition.category or "",
        description=definition.description or "",
    )
    return await render_page(RATE_EDIT, form=form, definition=definition)


@bp.post("/rates/<definition_id>")
@login_required
async def update_rate(definition_id: str):
    definition = await _definition_or_404(definition_id)
    form = RateDefinitionForm(formdata=await request.form)
    if form.validate():
        try:
            await tax_settings.update_rate_definition(
                g.merchant.id, definition.id, _definition_body(form)
            )
            await flash(f"Rate “{form.name.data.strip()}” saved.", "success")
            return redirect(url_for("tax.index") + "#rates", 303)
        except ServiceError as error:
            attach(form, error)
    return await render_page(RATE_EDIT, status=INVALID_FORM, form=form, definition=definition)


@bp.post("/rates/<definition_id>/deactivate")
@login_required
async def deactivate_rate(definition_id: str):
    definition = await _definition_or_404(definition_id)
    await tax_settings.update_rate_definition(g.merchant.id, definition.id, {"isActive": False})
    return await _section(RATES, f"Rate “{definition.name}” deactivated.")


@bp.post("/registrations")
@login_required
async def create_registration():
    form = RegistrationForm(formdata=await request.form)
    if form.validate():
        body = {
            "jurisdiction": form.jurisdiction.data,
            "registrationNumber": form.registration_number.data,
            "registrationType": form.registration_type.data,
            "effectiveDate": form.effective_date.data.isoformat(),
            "expirationDate": form.expiration_date.data.isoformat()
            if form.expiration_date.data
            else None,
        }
        try:
            await tax_settings.create_registration(g.merchant.id, body)
            return await _section(REGISTRATIONS, "Registration added.")
        except ServiceError as error:
            attach(form, error)
    return await _section(REGISTRATIONS, None, INVALID_FORM, registration_form=form)
