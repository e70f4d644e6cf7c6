"""WTForms classes for the dashboard.

Quart has no Flask-WTF, so a form is built with ``Form(formdata=await request.form)`` and CSRF
is checked once for the whole app (``webapp.pages.common.check_csrf``), not per form. Forms
only check shape (required, number, one of the choices); the business rules live in the
services, and their messages are put back onto the matching field by ``attach_error``.

Every field error comes in one round: a service's format rule (a slug's characters, a URL)
runs as a field validator (``service_rule``) beside the form's own checks, and the service's
database checks of single fields (a slug already taken) run with them in
``validate_together``, so a merchant never fixes one error only to be shown the next.
"""

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from wtforms import Form, ValidationError
from wtforms.validators import Length

from billing.core.currencies import ISO_4217
from billing.core.currency_names import CURRENCY_NAMES
from billing.core.errors import ServiceError
from webapp.forms import error_words


def strip_text(value):
    """A text field's filter: the value without surrounding white space (None stays None)."""
    return value.strip() if isinstance(value, str) else value


def description_length(max_length: int) -> Length:
    """A description's limit with the count the merchant needs to shorten it (the textarea
    also gets ``maxlength``); the service refuses the same length for API callers."""
    return Length(
        max=max_length,
        message=f"Keep the description to {max_length} characters or fewer "
        "(this one has %(length)d)",
    )


def currency_choices() -> list[tuple[str, str]]:
    """Every currency as ``("EUR", "EUR — Euro")``: the code is what is stored, the name is
    what lets a person find theirs."""
    return [(code, f"{code} — {CURRENCY_NAMES[code]}") for code in sorted(ISO_4217)]


class TallyForm(Form):
    """A form that can show a service error next to the field it is about.

    ``error_fields`` maps the API's field name (camelCase, as an error's ``field`` names it)
    to the form field and, optionally, the form's words for it ("legalName is required" ->
    "Legal name is required"); the words themselves come from the error's code
    (``error_words``; ``code_words`` a form's own words by code ahead of those, ``currency`` the
    one its amounts are in). An error is routed by its ``field`` only, never by the words of
    its message: one that names no field of this form goes above the form, as do messages
    that are not service errors (a check's answer), shown as they are.
    """

    error_fields: tuple[tuple[str, str, str | None], ...] = ()
    code_words: Mapping[str, error_words.Template] = error_words.WORDS
    currency = ""

    def _route(self, error: ServiceError | str) -> tuple[str | None, str]:
        """The form field an error is about, and the error in the form's words."""
        if isinstance(error, str):
            return None, error
        for api_field, field_name, label in self.error_fields:
            if error.field is not None and api_field == error.field:
                return field_name, error_words.words(error, label, self.code_words, self.currency)
        return None, error_words.words(error, table=self.code_words, currency=self.currency)

    def relabel(self, error: ServiceError | str) -> str:
        """An error in the form's words."""
        return self._route(error)[1]

    def attach_error(self, error: ServiceError | str) -> None:
        field_name, message = self._route(error)
        if field_name is None:
            self.form_errors.append(message)
            return
        field = self[field_name]
        field.errors = [*field.errors, message]

    async def validate_together(self, **checks: Callable[[Any], Awaitable[Any]]) -> bool:
        """``validate()`` plus the service's database checks of single fields (``slug=`` a
        check that raises when the slug is taken), so those errors come in the same round as
        every other; a field that already has an error, or is blank, is not checked again."""
        valid = self.validate()
        for field_name, check in checks.items():
            field = self[field_name]
            value = field.data.strip() if isinstance(field.data, str) else field.data
            if field.errors or not value:
                continue
            try:
                await check(value)
            except ServiceError as error:
                field.errors = [*field.errors, self.relabel(error)]
                valid = False
        return valid

    @property
    def has_errors(self) -> bool:
        return bool(self.form_errors or any(field.errors for field in self))


def service_rule(check: Callable[[Any], Any]):
    """A field validator running a service's own format rule (``features.validate_slug``)
    in the form's round, its message in the form's words. Blank is left to the field's
    InputRequired or Optional."""

    def validator(form: TallyForm, field) -> None:
        value = field.data.strip() if isinstance(field.data, str) else field.data
        if value is None or value == "":
            return
        try:
            check(value)
        except ServiceError as error:
            raise ValidationError(form.relabel(error)) from None

    return validator
