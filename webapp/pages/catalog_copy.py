"""Copy to live: the test catalog's diff against live, and one button that applies it
(billing/catalog/catalog_copy.py; ``tally copy-catalog`` does the same from a shell).

The page always copies from the business's test mode to its live mode, whichever mode the
dashboard is in, so the link can sit in test mode where the catalog is built. The form carries
the fingerprint of the diff it showed: if the catalog changed in between, nothing is copied
and the page shows the new diff with a message in place, so what is applied is what was seen.
A successful copy redirects (303) back to the page, which then says there is nothing left.
"""

from quart import Blueprint, flash, g, redirect, request, url_for

from billing.catalog import catalog_copy
from billing.core.errors import ServiceError
from webapp.forms.error_words import words
from webapp.pages.catalog_copy_words import sections, summary
from webapp.pages.common import login_required, page_headers, render_page

bp = Blueprint("catalog_copy", __name__, url_prefix="/dashboard/catalog-copy")
bp.after_request(page_headers)

PAGE = "dashboard/catalog_copy/index.html"


async def _page(status: int = 200, error: str | None = None):
    """The page with the current diff; a catalog that cannot be copied as it stands (a slug
    taken in live by a row made there) shows why in place of the diff."""
    try:
        source, target = await catalog_copy.modes(g.merchant.id, "test", "live")
        copy = await catalog_copy.plan_copy(source, target)
    except ServiceError as problem:
        return await render_page(PAGE, status=problem.status, copy=None, error=words(problem))
    return await render_page(
        PAGE,
        status=status,
        copy=copy,
        summary=summary(copy),
        sections=sections(copy),
        error=error,
    )


@bp.get("")
@login_required
async def index():
    return await _page()


@bp.post("")
@login_required
async def apply():
    form = await request.form
    try:
        source, target = await catalog_copy.modes(g.merchant.id, "test", "live")
        done = await catalog_copy.apply_copy(source, target, expected=form.get("fingerprint") or "")
    except ServiceError as error:
        return await _page(error.status, error=words(error))
    await flash(summary(done), "success")
    return redirect(url_for("catalog_copy.index"), 303)
