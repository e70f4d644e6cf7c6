"""Enrollment rules on the plan page: the "Who joins this plan automatically" panel.

A rule belongs to the plan (its stable id), not to a version, so the panel reads the same on
every version's page; it is edited from the current one, like prices. Adding and removing are
one call each to billing/enrollment/rules.py, the service /v1/enrollment uses; its messages
(not a domain, already enrolled elsewhere) are shown on the form's field.
"""

from quart import flash, g, redirect, request, url_for

from billing.catalog import plans
from billing.core.errors import NotFound, ServiceError
from billing.enrollment import rules
from webapp.forms import error_words
from webapp.forms.enrollment_rules import EnrollmentRuleForm
from webapp.pages.common import INVALID_FORM, is_htmx, login_required, render_page
from webapp.pages.plans import DETAIL, bp, detail_context

PANEL = "dashboard/plans/_enrollment.html"


async def _answer(plan_id: str, status: int = 200, **extra):
    """The plan page (or, for HTMX, the panel) after adding or removing a rule."""
    if status == 200 and not is_htmx():
        return redirect(url_for("plans.detail", plan_id=plan_id) + "#enrollment", 303)
    try:
        context = await detail_context(plan_id, **extra)
    except NotFound as error:
        await flash(error_words.words(error), "error")
        return redirect(url_for("plans.index"), 303)
    return await render_page(DETAIL, PANEL, status, **context)


@bp.post("/<plan_id>/enrollment-rules")
@login_required
async def add_enrollment_rule(plan_id: str):
    form = EnrollmentRuleForm(formdata=await request.form)
    if form.validate():
        try:
            view = await plans.get_plan(g.merchant.id, plan_id, is_stable_id=True)
            rule = await rules.create_rule(
                g.merchant.id,
                plan_id=view.plan.id,
                matcher_type="domain",
                matcher_value=form.domain.data,
            )
        except NotFound as error:
            await flash(error_words.words(error), "error")
            return redirect(url_for("plans.index"), 303)
        except ServiceError as error:
            form.attach_error(error)
        else:
            await flash(f"People at {rule.matcher_value} now join this plan.", "success")
            return await _answer(plan_id)
    return await _answer(plan_id, INVALID_FORM, rule_form=form)


@bp.post("/<plan_id>/enrollment-rules/<rule_id>/delete")
@login_required
async def remove_enrollment_rule(plan_id: str, rule_id: str):
    """Remove one of this plan's rules; a rule of another plan or merchant is not found."""
    try:
        view = await plans.get_plan(g.merchant.id, plan_id, is_stable_id=True)
        rule = await rules.get_rule(g.merchant.id, rule_id)
        if rule.stable_plan_id != view.plan.stable_plan_id:
            raise NotFound(rules.RULE_NOT_FOUND)
        await rules.delete_rule(g.merchant.id, rule.id)
    except ServiceError as error:
        await flash(error_words.words(error), "error")
    else:
        await flash(f"People at {rule.matcher_value} no longer join this plan.", "success")
    return await _answer(plan_id)
