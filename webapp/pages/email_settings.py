"""Settings → Customer e-mails: the sender and brand, which e-mails go, a preview of each, and
"Send me a test".

The form saves through ``billing.emails.settings.update`` (the function /v1 uses), so its rules
and their errors, shown next to the field, live there. Each preview is the e-mail rendered
with sample data by the very renderer that renders what is sent (``contexts.sample`` +
``rendering.render``), in the saved brand; it is shown in a sandboxed ``iframe`` through
``srcdoc``, autoescaped like every other value (never marked safe), so nothing in it can run
or reach the page. A preview's inline styles and remote logo would be refused by the page's
own policy, which an ``srcdoc`` frame inherits, so these pages allow exactly those
(``security_headers.allow_email_previews``). "Send me a test" queues the e-mail to the
signed-in user's address (``send_test``) and links to it in the sent-mail log.

The routes are on the settings blueprint, so the sidebar marks "Settings" here too.
"""

from quart import flash, g, redirect, request, url_for

from billing.core.errors import ServiceError
from billing.emails import contexts, kinds, rendering, settings
from billing.emails.send_test import send_test
from webapp.forms import error_words
from webapp.forms.emails import EmailSettingsForm
from webapp.pages.common import INVALID_FORM, is_htmx, login_required, render_page
from webapp.pages.settings import bp
from webapp.security_headers import allow_email_previews

PAGE = "dashboard/settings/emails.html"
TEST_NOTE = "dashboard/settings/_email_test_note.html"


async def previews(merchant_id: str) -> dict[str, rendering.Rendered]:
    """Each e-mail rendered with sample data in the merchant row's saved brand."""
    brand = await contexts.branding(merchant_id)
    return {
        kind.template: rendering.render(kind.template, contexts.sample(kind.template, brand))
        for kind in kinds.KINDS
    }


async def _page(form: EmailSettingsForm, status: int = 200):
    allow_email_previews()
    shown = await previews(g.merchant.id)
    return await render_page(PAGE, None, status, form=form, kinds=kinds.KINDS, previews=shown)


@bp.get("/emails")
@login_required
async def emails():
    return await _page(EmailSettingsForm.of(await settings.get(g.merchant.id)))


@bp.post("/emails")
@login_required
async def update_emails():
    form = EmailSettingsForm(formdata=await request.form)
    if form.validate():
        try:
            await settings.update(g.merchant.id, **form.values())
        except ServiceError as error:
            form.attach_error(error)
    if form.has_errors:
        return await _page(form, INVALID_FORM)
    await flash("Customer e-mail settings saved.", "success")
    return redirect(url_for("settings.emails"), 303)


@bp.post("/emails/<template>/test")
@login_required
async def test_email(template: str):
    """Queue a test of ``template`` to the signed-in user; HTMX shows a note beside the
    button, a plain post goes to the message in the log."""
    try:
        email = await send_test(g.merchant.id, template=template, user_id=g.user_id)
    except ServiceError as error:
        if is_htmx():
            return await render_page(TEST_NOTE, TEST_NOTE, 400, error=error_words.words(error))
        await flash(error_words.words(error), "error")
        return redirect(url_for("settings.emails"), 303)
    if is_htmx():
        return await render_page(TEST_NOTE, TEST_NOTE, 202, email=email)
    await flash(f"Test e-mail queued to {email.recipient}.", "success")
    return redirect(url_for("emails.message", email_id=email.id), 303)
