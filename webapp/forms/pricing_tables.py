"""Pricing-table forms: create (name, slug, plans), settings, and adding one plan."""

from wtforms import BooleanField, SelectField, StringField
from wtforms.validators import InputRequired, Length

from billing.catalog.pricing_tables import clean_slug
from billing.core.validation import clean_name
from webapp.forms import TallyForm, service_rule
from webapp.forms.features import CheckboxesField

NAME_RULE = service_rule(lambda name: clean_name(name, "name"))
TABLE_ERRORS = (
    ("slug", "slug", "Slug"),
    ("name", "name", "Name"),
    ("planIds", "plan_ids", None),
)


class PricingTableForm(TallyForm):
    name = StringField(
        "Name",
        [InputRequired("Give the table a name"), Length(max=200), NAME_RULE],
        description="For you, e.g. “Website pricing”.",
        render_kw={"data-slug-source": ""},
    )
    slug = StringField(
        "Slug",
        [InputRequired("Enter a slug"), Length(max=100), service_rule(clean_slug)],
        description="Goes into the embed code: lowercase letters, digits and hyphens.",
        render_kw={"autocomplete": "off", "spellcheck": "false", "data-slug-target": ""},
    )
    plan_ids = CheckboxesField("Plans", choices=[])

    error_fields = TABLE_ERRORS


class TableSettingsForm(TallyForm):
    name = StringField("Name", [InputRequired("Give the table a name"), Length(max=200), NAME_RULE])
    slug = StringField(
        "Slug",
        [InputRequired("Enter a slug"), Length(max=100), service_rule(clean_slug)],
        description="Changing it breaks embeds that use the old slug.",
        render_kw={"autocomplete": "off", "spellcheck": "false"},
    )
    is_active = BooleanField("Published", description="Unpublished tables do not load in embeds.")

    error_fields = TABLE_ERRORS


class AddPlanForm(TallyForm):
    plan_id = SelectField("Plan", choices=[], validate_choice=False)

    error_fields = (("planId", "plan_id", None),)
