"""Countries as people pick them: by name from a list, the two-letter code sent, so a typed
"United States" is never cut to "Un" nor "Austria" read as AU. One list, sorted by name, for
the dashboard's forms, the portal's and the hosted checkout."""

from wtforms import SelectField
from wtforms.validators import ValidationError

from billing.tax.countries import COUNTRIES

BY_NAME = sorted(COUNTRIES.items(), key=lambda item: item[1])


def country_choices(empty: str = "Choose a country", *, codes: bool = True) -> list[tuple]:
    """The select's choices, ``empty`` first: "Germany (DE)" for a merchant who may know the
    codes, "Germany" alone (``codes=False``) for a customer."""
    named = ((code, f"{name} ({code})" if codes else name) for code, name in BY_NAME)
    return [("", empty), *named]


class CountryField(SelectField):
    """A country select whose value must be one of its choices (or empty), ``refused`` in
    words otherwise."""

    def __init__(self, *args, refused: str = "Choose the country from the list", **kwargs):
        super().__init__(*args, **kwargs)
        self.refused = refused

    def pre_validate(self, form) -> None:
        if self.data not in ("", None) and self.data not in {code for code, _ in self.choices}:
            raise ValidationError(self.refused)
