"""Pricing-table forms: create (name, slug, plans), settings, and adding one plan."""

from wtforms import BooleanField, SelectField, StringField
from wtforms.validators import InputRequired, Length

from webapp.forms import TallyForm
from webapp.forms.features import CheckboxesField

TABLE_ERRORS = (
    ("slug", "slug", "Slug"),
    ("name", "name", "Name"),
    ("plan IDs", "plan_ids", None),
)


class PricingTableForm(TallyForm):
    name = StringField(
        "Name",
        [InputRequired("Give the table a name"), Length(max=200)],
        description="For you, e.g. “Website pricing”.",
        render_kw={"data-slug-source": ""},
    )
    slug = StringField(
        "Slug",
        [InputRequired("Enter a slug"), Length(max=100)],
        description="Goes into the embed code: lowercase letters, digits and hyphens.",
        render_kw={"autocomplete": "off", "spellcheck": "false", "data-slug-target": ""},
    )
    plan_ids = CheckboxesField("Plans", choices=[])

    error_fields = TABLE_ERRORS


class TableSettingsForm(TallyForm):
    name = StringField("Name", [InputRequired("Give the table a name"), Length(max=200)])
    slug = StringField(
        "Slug",
        [InputRequired("Enter a slug"), Length(max=100)],
        description="Changing it breaks embeds that use the old slug.",
        render_kw={"autocomplete": "off", "spellcheck": "false"},
    )
    is_active = BooleanField("Published", description="Unpublished tables do not load in embeds.")

    error_fields = TABLE_ERRORS


class AddPlanForm(TallyForm):
    plan_id = SelectField("Plan", choices=[], validate_choice=False)

    error_fields = (("plan", "plan_id", None),)
