"""Moving an older version's subscribers to the plan's current version (issue 19, point 5).

The plan page lists the older versions that still have subscribers, each with two buttons:
move them now, or at their next billing cycle (the one ``compare`` recommends comes first).
HTMX asks first with ``hx-confirm`` and the number of subscribers; without JavaScript the
buttons lead to a confirmation page (GET) that asks the same. The move is one call to
``prorations.migrate`` (the service /v1 uses: the move, prorated at once when immediate);
its result comes back as a flash on the plan page: how many moved or will move, and how many
stayed because no price matched.
"""

from quart import flash, g, redirect, request, url_for

from billing.catalog.plans import find_plan
from billing.core.errors import NotFound, ServiceError
from billing.invoicing import prorations
from billing.subscriptions import plan_migration_options
from webapp.forms import error_words
from webapp.pages.common import is_htmx, login_required, render_page
from webapp.pages.plans import bp

CONFIRM = "dashboard/plans/confirm_migrate.html"
WHEN = {"immediate": "now", "next_billing_cycle": "at their next billing cycle"}


def subscribers(count: int) -> str:
    return f"{count} subscriber" + ("" if count == 1 else "s")


def question(count: int, from_version: int, to_version: int, strategy: str) -> str:
    """The confirmation: who moves, where to, when, and what it means for them."""
    ask = f"Move {subscribers(count)} from v{from_version} to v{to_version} {WHEN[strategy]}?"
    if strategy == "immediate":
        return ask + " Their prices and features change at once."
    return ask + " Each moves when its current billing period ends."


@bp.context_processor
async def migrate_helpers() -> dict:
    return {"migrate_question": question}


def _outcome(result, to_version: int) -> str:
    migration = result.migration
    moved = migration.scheduled_count
    if migration.strategy == "immediate":
        text = f"{subscribers(moved)} moved to v{to_version}."
    else:
        text = f"{subscribers(moved)} will move to v{to_version} at their next billing cycle."
    if result.skipped:
        text += (
            f" {subscribers(len(result.skipped))} stayed on v{migration.from_version}: "
            f"v{to_version} has no price in the same currency and billing interval as theirs."
        )
    return text


def _back(plan_id: str):
    target = url_for("plans.detail", plan_id=plan_id)
    if is_htmx():
        return "", 200, {"HX-Redirect": target}
    return redirect(target, 303)


async def _waiting(plan_id: str, from_version: str | None):
    """The older version the merchant picked, with its current version; None when it has
    no subscribers (any more) or is not a version of this plan."""
    waiting = await plan_migration_options.waiting_versions(g.merchant.id, plan_id)
    return next((w for w in waiting if str(w.plan.version_number) == from_version), None)


@bp.get("/<plan_id>/migrate")
@login_required
async def confirm_migrate(plan_id: str):
    """The confirmation step without JavaScript (HTMX asks with hx-confirm)."""
    strategy = request.args.get("strategy", "")
    try:
        item = await _waiting(plan_id, request.args.get("from_version"))
    except NotFound as error:
        await flash(error_words.words(error), "error")
        return redirect(url_for("plans.index"), 303)
    if item is None or strategy not in WHEN:
        await flash("That version has no subscribers to move.", "error")
        return _back(plan_id)
    current = await find_plan(g.merchant.id, plan_id, is_stable_id=True)
    text = question(item.subscribers, item.plan.version_number, current.version_number, strategy)
    return await render_page(CONFIRM, plan=current, item=item, strategy=strategy, text=text)


@bp.post("/<plan_id>/migrate")
@login_required
async def migrate(plan_id: str):
    form = await request.form
    from_version = form.get("from_version", "")
    try:
        current = await find_plan(g.merchant.id, plan_id, is_stable_id=True)
        if not from_version.isdigit() or len(from_version) > 9:
            raise NotFound("That version of the plan does not exist")
        result = await prorations.migrate(
            g.merchant.id,
            plan_id,
            strategy=form.get("strategy", ""),
            from_version=int(from_version),
            to_version=current.version_number,
        )
    except ServiceError as error:
        await flash(error_words.words(error), "error")
    else:
        await flash(_outcome(result, current.version_number), "success")
    return _back(plan_id)
