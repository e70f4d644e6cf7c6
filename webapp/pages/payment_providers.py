"""Payment providers: provider A's keys (and its webhook signing secret when the webhook had
to be added by hand) and provider B's key, each checked or saved by its service.

"Check" asks the provider and shows its answer in place, storing nothing; "Save" checks again,
stores, and shows the masked secret and the webhook's state. With HTMX a section answers with
itself re-rendered (422 when something is wrong); without it a save redirects back (303).
"""

from quart import Blueprint, flash, g, redirect, request, url_for

from billing.core.errors import ServiceError
from billing.payments import provider_a_config, provider_b_config, provider_names
from billing.payments.reads import payment_reads
from webapp.forms.payment_providers import ProviderAForm, ProviderBForm, SigningSecretForm
from webapp.pages.common import INVALID_FORM, is_htmx, login_required, page_headers, render_page

bp = Blueprint("payment_providers", __name__, url_prefix="/dashboard/payment-providers")
bp.after_request(page_headers)

PAGE = "dashboard/payment_providers/index.html"
PROVIDER_A = "dashboard/payment_providers/_provider_a.html"
PROVIDER_B = "dashboard/payment_providers/_provider_b.html"
ENVIRONMENT_WORDS = {"test_mode": "Test mode", "live_mode": "Live mode"}


@bp.app_template_filter("environment")
def environment_words(environment: str | None) -> str:
    return ENVIRONMENT_WORDS.get(environment or "", "—")


async def _context(**overrides) -> dict:
    context = {
        "a": await payment_reads.provider_a_settings(g.merchant.id),
        "b": await payment_reads.provider_b_settings(g.merchant.id),
        "a_form": ProviderAForm(),
        "b_form": ProviderBForm(),
        "secret_form": SigningSecretForm(),
        "a_check": None,
        "b_check": None,
        "mode": g.merchant.mode,
    }
    context = {**context, **overrides}
    context["a_form"].for_mode(g.merchant.mode)
    context["b_form"].for_mode(g.merchant.mode)
    return context


async def _section(fragment: str, status: int = 200, **overrides):
    return await render_page(PAGE, fragment, status, **await _context(**overrides))


async def _saved(fragment: str, message: str, **overrides):
    await flash(message, "success")
    if not is_htmx():
        return redirect(url_for("payment_providers.index"), 303)
    return await _section(fragment, **overrides)


@bp.get("")
@login_required
async def index():
    return await render_page(PAGE, **await _context())


# Provider A -----------------------------------------------------------------------------------


@bp.post("/provider-a/check")
@login_required
async def check_provider_a():
    form = ProviderAForm(formdata=await request.form)
    if not form.validate():
        return await _section(PROVIDER_A, INVALID_FORM, a_form=form)
    problem = await provider_a_config.check_keys(
        g.merchant.id,
        secret_key=form.secret_key.data.strip(),
        public_key=form.public_key.data.strip(),
    )
    if problem is not None:
        form.attach_error(problem)
        return await _section(PROVIDER_A, INVALID_FORM, a_form=form)
    accepted = provider_names.in_words(provider_a_config.ACCEPTED)
    return await _section(PROVIDER_A, a_form=form, a_check=accepted)


@bp.post("/provider-a/save")
@login_required
async def save_provider_a():
    form = ProviderAForm(formdata=await request.form)
    saved = None
    if form.validate():
        try:
            saved = await provider_a_config.save_config(
                g.merchant.id,
                secret_key=form.secret_key.data.strip(),
                public_key=form.public_key.data.strip(),
            )
        except ServiceError as error:
            form.attach_error(error)
    if saved is None:
        return await _section(PROVIDER_A, INVALID_FORM, a_form=form)
    registered = saved["webhook"]["id"] is not None
    message = "Card payment keys saved." + (
        " Its webhook is registered." if registered else " Add its webhook by hand (see below)."
    )
    return await _saved(PROVIDER_A, message)


@bp.post("/provider-a/signing-secret")
@login_required
async def save_signing_secret():
    form = SigningSecretForm(formdata=await request.form)
    saved = None
    if form.validate():
        try:
            saved = await payment_reads.save_provider_a_signing_secret(
                g.merchant.id, form.webhook_secret.data
            )
        except ServiceError as error:
            form.attach_error(error)
    if saved is None:
        return await _section(PROVIDER_A, INVALID_FORM, secret_form=form)
    return await _saved(PROVIDER_A, "Webhook signing secret saved.")


# Provider B -----------------------------------------------------------------------------------


@bp.post("/provider-b/check")
@login_required
async def check_provider_b():
    form = ProviderBForm(formdata=await request.form)
    answer = None
    if form.validate():
        try:
            answer, problem = await provider_b_config.check_key(g.merchant.id, form.secret_key.data)
        except ServiceError as error:
            form.attach_error(error)
        else:
            if problem is not None:
                form.attach_error(problem)
    if form.has_errors or answer is None:
        return await _section(PROVIDER_B, INVALID_FORM, b_form=form)
    message = provider_names.in_words(form.relabel(answer["message"]))
    check = {"message": message, "environment": answer["environment"]}
    return await _section(PROVIDER_B, b_form=form, b_check=check)


@bp.post("/provider-b/save")
@login_required
async def save_provider_b():
    form = ProviderBForm(formdata=await request.form)
    saved = None
    if form.validate():
        try:
            saved = await provider_b_config.save_config(
                g.merchant.id, form.secret_key.data, form.webhook_secret.data or None
            )
        except ServiceError as error:
            form.attach_error(error)
    if saved is None:
        return await _section(PROVIDER_B, INVALID_FORM, b_form=form)
    return await _saved(PROVIDER_B, "Payment link key saved.")
