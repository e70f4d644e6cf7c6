"""The dashboard's test-mode switch.

The session remembers the mode; every page then works on that mode's merchant row (see
``login_required``), so test data and live data never show on one page. In test mode every
page carries a banner. Switching lands back on the page it was made from.
"""

from quart import Blueprint, redirect, request, session, url_for

from webapp.pages.common import login_required, safe_next

bp = Blueprint("mode", __name__, url_prefix="/dashboard")


@bp.post("/mode")
@login_required
async def switch():
    form = await request.form
    session["mode"] = "test" if form.get("mode") == "test" else "live"
    back = safe_next(form.get("next")) or url_for("onboarding.checklist")
    return redirect(back, 303)
