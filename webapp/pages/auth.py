"""Sign up, log in and log out.

Signing up is the merchant onboarding flow: one form creates the owner and the merchant, then
the new owner lands on the onboarding checklist already logged in.
"""

from quart import Blueprint, flash, redirect, request, url_for

from billing.accounts import accounts
from billing.core.errors import ServiceError
from webapp.auth import client_address, log_user_in, log_user_out_everywhere
from webapp.forms.auth import LogInForm, SignUpForm
from webapp.pages.common import INVALID_FORM, is_logged_in, page_headers, render_page, safe_next

bp = Blueprint("auth", __name__)
bp.after_request(page_headers)

DASHBOARD = "onboarding.checklist"


@bp.get("/")
async def index():
    """The front door: the sign-in form, or straight to the dashboard when logged in."""
    if is_logged_in():
        return redirect(url_for(DASHBOARD))
    return await render_page("auth/log_in.html", form=LogInForm())


@bp.route("/signup", methods=["GET", "POST"])
async def sign_up():
    if request.method == "GET":
        if is_logged_in():
            return redirect(url_for(DASHBOARD))
        return await render_page("auth/sign_up.html", form=SignUpForm())
    form = SignUpForm(formdata=await request.form)
    if not form.validate():
        return await render_page("auth/sign_up.html", form=form, status=INVALID_FORM)
    try:
        user, merchant = await accounts.sign_up(
            email=form.email.data,
            password=form.password.data,
            legal_name=form.legal_name.data,
            display_name=form.display_name.data or "",
            currency=form.default_currency.data,
        )
    except ServiceError as error:
        form.attach_error(error)
        return await render_page("auth/sign_up.html", form=form, status=INVALID_FORM)
    log_user_in(user, merchant.id)
    await flash(
        f"Welcome to Tally, {merchant.display_name}. Here is what to set up next.", "success"
    )
    return redirect(url_for(DASHBOARD), 303)


@bp.route("/login", methods=["GET", "POST"])
async def log_in():
    if request.method == "GET":
        if is_logged_in():
            return redirect(safe_next(request.args.get("next")) or url_for(DASHBOARD))
        form = LogInForm(next=request.args.get("next", ""))
        return await render_page("auth/log_in.html", form=form)
    form = LogInForm(formdata=await request.form)
    if not form.validate():
        return await render_page("auth/log_in.html", form=form, status=INVALID_FORM)
    try:
        user, merchant = await accounts.log_in(
            email=form.email.data,
            password=form.password.data,
            ip_address=client_address(),
        )
    except ServiceError as error:
        form.password.data = ""
        form.form_errors.append(error.message)
        return await render_page("auth/log_in.html", form=form, status=error.status)
    log_user_in(user, merchant.id)
    return redirect(safe_next(form.next.data) or url_for(DASHBOARD), 303)


@bp.post("/logout")
async def log_out():
    await log_user_out_everywhere()
    await flash("You have been logged out.", "info")
    return redirect(url_for("auth.log_in"), 303)
