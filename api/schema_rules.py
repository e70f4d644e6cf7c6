"""The rules the services check, stated in the OpenAPI document.

Most /v1 fields are taken loosely by the request model and checked by the service, so a bad
value gets the spec's own message ("Email is required", "name must not contain control
characters") rather than pydantic's. The document must still say what the service refuses,
or a client that follows it gets a 400 it could not foresee: these helpers give such a field
the JSON schema of exactly what its service accepts (``WithJsonSchema`` changes the document,
never the validation). A field the service refuses to go without is listed in the model's
``required_fields`` (``api.common.Body``).

So that the two cannot drift apart, every limit, pattern and choice given to these helpers is
the service's own constant (``billing.core.validation.MAX_NAME``, a column's ``max_length``,
``billing.catalog.pricing.MAX_TIERS``...), never a number written again here; a test compares
the document's bounds with those constants (tests/api/test_schema_rules.py).
"""

from typing import Annotated, Any, Union  # noqa: F401 (Union: read by TypeAliasType)

from pydantic import WithJsonSchema
from typing_extensions import TypeAliasType

from billing.catalog.pricing import MAX_AMOUNT_CENTS
from billing.core.currencies import ISO_4217

# Unicode category Cc (control characters): ``billing.core.validation`` refuses them, and lone
# surrogates, in every stored text. (JSON text from a conforming encoder has no lone surrogate,
# so the document need not name them; a pattern naming surrogates also reads differently in
# ECMA-262 and Python regular expressions.)
CONTROL = r"\x00-\x1f\x7f-\x9f"
# Free text of several lines: tab, newline and carriage return allowed.
CONTROL_BUT_LINES = r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f"


def nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` or null (null meaning "not given")."""
    return {"anyOf": [schema, {"type": "null"}]}


def text_schema(
    max_length: int | None = None, *, blank: bool = False, lines: bool = False
) -> dict[str, Any]:
    """A string without control characters; unless ``blank``, with something besides spaces
    (services trim text and refuse what is left empty)."""
    refused = CONTROL_BUT_LINES if lines else CONTROL
    if blank:
        schema = {"type": "string", "pattern": f"^[^{refused}]*$"}
    else:
        schema = {
            "type": "string",
            "minLength": 1,
            "pattern": rf"^[^{refused}]*[^\s{CONTROL}][^{refused}]*$",
        }
    if max_length is not None:
        schema["maxLength"] = max_length
    return schema


def text(
    max_length: int | None = None,
    *,
    blank: bool = False,
    lines: bool = False,
    optional: bool = False,
) -> WithJsonSchema:
    """``text_schema`` as a field's documented schema; ``optional`` also allows null."""
    schema = text_schema(max_length, blank=blank, lines=lines)
    return WithJsonSchema(nullable(schema) if optional else schema)


def documented(schema: dict[str, Any], *, optional: bool = False) -> WithJsonSchema:
    """Any other rule the service checks, as a field's documented schema."""
    return WithJsonSchema(nullable(schema) if optional else schema)


def pattern(regex: str, *, optional: bool = False) -> WithJsonSchema:
    return documented({"type": "string", "pattern": regex}, optional=optional)


def integer(minimum: int, maximum: int, *, optional: bool = False) -> WithJsonSchema:
    return documented(
        {"type": "integer", "minimum": minimum, "maximum": maximum}, optional=optional
    )


def one_of(*values: str, optional: bool = False) -> WithJsonSchema:
    return documented({"type": "string", "enum": list(values)}, optional=optional)


# A query flag as ``api.common.query_flag`` reads it.
FLAG = one_of("true", "false", "1", "0", "")

# ``billing.core.timestamps.parse_timestamp``: ISO 8601, a bare date or a datetime with ``Z``
# or an offset, years 1970-2199 (documented a little inside those bounds, so no offset can
# carry a documented instant outside them; days up to 28, valid in every month).
DATETIME_PATTERN = (
    r"^(19[89]\d|20\d\d|21[0-8]\d)-(0[1-9]|1[0-2])-(0[1-9]|1\d|2[0-8])"
    r"(T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{3}|\.\d{6})?(Z|[+-](0\d|1[0-3]):[0-5]\d)?)?$"
)
DATETIME = pattern(DATETIME_PATTERN)
OPTIONAL_DATETIME = pattern(DATETIME_PATTERN, optional=True)


# A known ISO 4217 code (``billing.core.currencies``), in either letter case.
CURRENCY_CODES = sorted(ISO_4217) + sorted(code.lower() for code in ISO_4217)


def currency(*, optional: bool = False) -> WithJsonSchema:
    return documented({"type": "string", "enum": CURRENCY_CODES}, optional=optional)


def amount(*, optional: bool = True) -> WithJsonSchema:
    """Integer cents, 0 up to ``billing.catalog.pricing.MAX_AMOUNT_CENTS``."""
    return integer(0, MAX_AMOUNT_CENTS, optional=optional)


def http_url(max_length: int = 2000, *, optional: bool = True) -> WithJsonSchema:
    """An absolute http(s) address without spaces or control characters."""
    schema = {
        "type": "string",
        "maxLength": max_length,
        "pattern": rf"^https?://[A-Za-z0-9.-]+(:[0-9]{{1,5}})?(/[^\s{CONTROL}]*)?$",
    }
    return documented(schema, optional=optional)


def record_id(prefix: str, *, optional: bool = False) -> WithJsonSchema:
    """An id of one type (``billing.core.ids``): the prefix, ``_`` and 22 letters or digits."""
    return pattern(f"^{prefix}_[0-9A-Za-z]{{22}}$", optional=optional)


NO_NUL = {"type": "string", "pattern": "^[^\\x00]*$"}


class _KeysWithoutNul:
    """Adds ``propertyNames`` to an object's schema: its keys have no NUL either."""

    def __get_pydantic_json_schema__(self, core_schema, handler):
        return {**handler(core_schema), "propertyNames": NO_NUL}


# Any JSON value without the NUL character in a string or key: PostgreSQL's jsonb refuses it.
JSONValueWithoutNul = TypeAliasType(
    "JSONValueWithoutNul",
    "Union[Annotated[str, WithJsonSchema(NO_NUL)], float, bool, None, "
    "list[JSONValueWithoutNul], Annotated[dict[str, JSONValueWithoutNul], _KeysWithoutNul()]]",
)
JSONObjectWithoutNul = Annotated[dict[str, JSONValueWithoutNul], _KeysWithoutNul()]
