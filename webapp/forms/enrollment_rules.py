"""The "add a domain" form of the plan page's enrollment panel.

It only checks that something was typed; what a domain is, and whether another rule already
enrolls it, is the enrollment service's answer (billing/enrollment/rules.py), shown on the
field it is about.
"""

from wtforms import StringField
from wtforms.validators import InputRequired

from webapp.forms import TallyForm


class EnrollmentRuleForm(TallyForm):
    domain = StringField(
        "Email domain",
        [InputRequired("Enter a domain, e.g. example.com")],
        description="Matches exactly: eng.example.com needs a rule of its own.",
        render_kw={"placeholder": "example.com", "autocomplete": "off", "spellcheck": "false"},
    )

    error_fields = (("matcherValue", "domain", None),)
