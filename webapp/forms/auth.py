"""Sign-up (which is also merchant onboarding) and log-in forms."""

from wtforms import EmailField, HiddenField, PasswordField, SelectField, StringField
from wtforms.validators import InputRequired, Length, Optional

from webapp.forms import TallyForm, currency_choices


class SignUpForm(TallyForm):
    email = EmailField("Work email", [InputRequired("Enter your email address"), Length(max=320)])
    password = PasswordField(
        "Password",
        [InputRequired("Choose a password")],
        description="At least 10 characters, mixing letters with digits or symbols.",
    )
    legal_name = StringField(
        "Business legal name",
        [InputRequired("Enter your business's legal name"), Length(max=200)],
        description="As it should appear on invoices.",
    )
    display_name = StringField(
        "Display name",
        [Optional(), Length(max=200)],
        description="What customers see. Leave empty to use the legal name.",
    )
    default_currency = SelectField("Default currency", choices=currency_choices(), default="USD")

    error_fields = (
        ("email", "email", None),
        ("password", "password", None),
        ("legalName", "legal_name", "Legal name"),
        ("displayName", "display_name", "Display name"),
        ("defaultCurrency", "default_currency", "Default currency"),
    )


class LogInForm(TallyForm):
    email = EmailField("Email", [InputRequired("Enter your email address")])
    password = PasswordField("Password", [InputRequired("Enter your password")])
    next = HiddenField()
