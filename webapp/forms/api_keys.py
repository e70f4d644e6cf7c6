"""The create-an-API-key form."""

from wtforms import RadioField, StringField
from wtforms.validators import InputRequired, Length

from webapp.forms import TallyForm


class ApiKeyForm(TallyForm):
    name = StringField(
        "Name",
        [InputRequired("Give the key a name"), Length(max=200)],
        description="Say where it is used, e.g. “Production backend”.",
    )
    key_type = RadioField(
        "Type",
        choices=[
            ("secret", "Secret: for your servers"),
            ("publishable", "Publishable: for browsers and apps"),
        ],
        default="secret",
    )

    # No environment field: keys are made in the dashboard's current mode (live or test).
    error_fields = (
        ("name", "name", "Name"),
        ("keyType", "key_type", "Type"),
    )
