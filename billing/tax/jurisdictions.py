"""The jurisdiction codes the tax engine can match, for the dashboard's rate and registration
forms: offered by name, and anything else refused with a message that says what to type.

The API keeps ``jurisdiction`` free text (the interface contract gives it no format), but
the engine (``tax_rules``) only ever matches these forms, so a rate for "California" would
never apply:

- a rate definition: ``US-CA`` (a state or territory with nexus), ``US-CA-San Francisco``
  (a city of that state) or a country code such as ``DE`` (with a registration there);
- a registration: a country code outside the US, or ``EU`` for the One-Stop Shop.
"""

from billing.core.errors import Invalid
from billing.tax.countries import COUNTRIES
from billing.tax.tax_rules import US_TERRITORIES
from billing.tax.us_states import STATES

US_PLACES = frozenset({"US", *US_TERRITORIES})
EU_NAME = "European Union (One-Stop Shop)"


def rate_choices() -> list[tuple[str, str]]:
    """(code, "code — name") for every US state and territory, then every other country."""
    states = [(f"US-{code}", f"US-{code} — {name}") for code, name in sorted(STATES.items())]
    countries = [
        (code, f"{code} — {name}") for code, name in COUNTRIES.items() if code not in US_PLACES
    ]
    return states + countries


def registration_choices() -> list[tuple[str, str]]:
    countries = [
        (code, f"{code} — {name}") for code, name in COUNTRIES.items() if code not in US_PLACES
    ]
    return [("EU", f"EU — {EU_NAME}"), *countries]


def _suggestion(text: str) -> str | None:
    """The code of a place typed by name ("California" -> US-CA, "Germany" -> DE)."""
    wanted = " ".join(text.split()).casefold()
    for code, name in STATES.items():
        if name.casefold() == wanted:
            return f"US-{code}"
    for code, name in COUNTRIES.items():
        if name.casefold() == wanted and code not in US_PLACES:
            return code
    return None


def _unknown(text: str, example: str) -> Invalid:
    code = _suggestion(text)
    if code:
        return Invalid(f"Enter the code {code} for {text.strip()}, not its name.")
    return Invalid(f"“{text.strip()}” is not a jurisdiction Tax can match. {example}")


def rate_jurisdiction(text: str | None) -> str | None:
    """The rate definition's jurisdiction as the engine matches it (codes uppercased, a
    city kept as typed), None for blank; Invalid for anything the engine would never match."""
    text = (text or "").strip()
    if not text:
        return None
    example = "Choose one from the list, like US-CA for California or DE for Germany."
    upper = text.upper()
    if upper.startswith("US-"):
        state, dash, city = text[3:].partition("-")
        if state.upper() not in STATES:
            raise Invalid(f"US-{state} is not a US state. {example}")
        if dash and not city.strip():
            raise Invalid("Add the city after the state, like US-CA-San Francisco.")
        return f"US-{state.upper()}" + (f"-{city.strip()}" if city.strip() else "")
    if upper in US_PLACES:
        code = "US-CA" if upper == "US" else f"US-{upper}"
        raise Invalid(f"US tax is set per state: use a code like {code}.")
    if upper == "EU":
        raise Invalid("EU rates are set per country: add one for each country, like DE.")
    if upper in COUNTRIES:
        return upper
    raise _unknown(text, example)


def registration_jurisdiction(text: str | None) -> str:
    """A registration's country code (or EU); Invalid for US places (they use nexus) and
    for anything that is no country."""
    text = (text or "").strip()
    upper = text.upper()
    if upper == "EU" or (upper in COUNTRIES and upper not in US_PLACES):
        return upper
    if upper in US_PLACES or upper.startswith("US-"):
        raise Invalid("For the United States, turn on nexus per state in US nexus below.")
    raise _unknown(text, "Choose a country from the list, like DE for Germany, or EU.")
