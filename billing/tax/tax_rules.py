"""Which tax rates apply to one customer on one day: the decision half of the tax engine,
free of the database so every rule can be tested from a table of cases. The README's "Tax"
section states the same rules for merchants.

1. Automatic calculation off (or never configured): the default rate (or 0) applies to
   everything, as one ``default`` row; no jurisdiction.
2. US customers (billing country US, a US territory code, or no country with a state given):
   the state is the explicit one, else the one of the billing ZIP code. Tax applies only where
   the merchant has active nexus in that state in effect on the day (no effective date: in
   effect). Then every active rate definition for ``US-<state>`` applies, plus those for
   ``US-<state>-<locality>`` whose locality is the customer's billing city (case and spacing
   ignored); each is a breakdown row.
3. Other countries: tax applies where the merchant holds an active registration in force on
   the day (effective date to expiration date, inclusive) whose jurisdiction is the customer's
   billing country, or ``EU`` for a customer in an EU member state. Then every active rate
   definition for that country applies. A customer with a tax id of another jurisdiction than
   the registration's (the id's two-letter prefix, else the billing country; ``EU`` differs
   from every country) is a reverse charge: nothing is taxed and the whole amount is exempt.
4. Anything else (no country, an unknown ZIP, no nexus or registration): no tax.

Every decision also says why, in a merchant's words (``reason``: "No nexus in California
(US-CA)", "Automatic tax calculation is off"), so the dashboard's preview can explain a "no
tax" instead of leaving the merchant to guess; the API's preview answer keeps its spec shape.
"""

import re
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from billing.tax.countries import COUNTRIES
from billing.tax.us_states import STATES
from billing.tax.zip_states import state_for_zip

EU = frozenset(
    "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE".split()
)
US_TERRITORIES = frozenset({"PR", "VI", "GU", "AS", "MP"})
TAX_ID_PREFIX = re.compile(r"^\s*([A-Za-z]{2})")
TAX_ID_ALIASES = {"EL": "GR"}  # Greek VAT ids start with EL


@dataclass(frozen=True)
class Rate:
    type: str
    rate: Decimal


@dataclass
class Decision:
    """What applies: ``rates`` to every line (empty: no tax), ``taxed`` whether the lines
    count as taxable, ``exempt`` whether they are a reverse charge, ``reason`` why."""

    jurisdiction: str | None = None
    rates: list[Rate] = field(default_factory=list)
    taxed: bool = False
    exempt: bool = False
    reason: str | None = None


@dataclass(frozen=True)
class Facts:
    """Everything the rules read (rows as the models hold them)."""

    auto: bool
    default_rate: Decimal | None
    country: str | None
    postal_code: str | None
    city: str | None
    tax_id: str | None
    nexus: list  # TaxNexus rows of the merchant
    definitions: list  # active TaxRateDefinition rows
    registrations: list  # TaxRegistration rows


def _locality(text: str | None) -> str:
    return " ".join((text or "").split()).casefold()


def us_state(facts: Facts, explicit: str | None) -> str | None:
    """The customer's US state or territory, or None when not a US customer."""
    country = (facts.country or "").upper()
    if country in US_TERRITORIES:
        return explicit or country
    if country not in ("US", "") or (country == "" and explicit is None):
        return None
    return explicit or state_for_zip(facts.postal_code)


def _us(facts: Facts, state: str, on: date) -> Decision:
    jurisdiction = f"US-{state}"
    place = f"{STATES[state]} ({jurisdiction})"
    rows = [row for row in facts.nexus if row.state == state and row.is_active]
    in_effect = any(row.effective_date is None or row.effective_date <= on for row in rows)
    if not in_effect:
        if rows:
            starts = min(row.effective_date for row in rows).isoformat()
            return Decision(jurisdiction, reason=f"Your nexus in {place} starts on {starts}.")
        return Decision(jurisdiction, reason=f"No nexus in {place}.")
    city = _locality(facts.city)
    local = f"{jurisdiction}-".casefold()
    rates = []
    for row in facts.definitions:
        code = (row.jurisdiction or "").strip()
        if code.upper() == jurisdiction:
            rates.append(Rate(row.category or "state", row.tax_rate))
        elif city and code.casefold().startswith(local) and _locality(code[len(local) :]) == city:
            rates.append(Rate(row.category or "local", row.tax_rate))
    reason = None if rates else f"Nexus in {place}, but no active rate for {jurisdiction}."
    return Decision(jurisdiction, rates, taxed=True, reason=reason)


def tax_id_country(tax_id: str | None, country: str) -> str | None:
    if not tax_id or not tax_id.strip():
        return None
    match = TAX_ID_PREFIX.match(tax_id)
    prefix = match.group(1).upper() if match else country
    return TAX_ID_ALIASES.get(prefix, prefix)


def _abroad(facts: Facts, country: str, on: date) -> Decision:
    registration = next(
        (
            row
            for row in facts.registrations
            if row.is_active
            and (row.jurisdiction == country or (row.jurisdiction == "EU" and country in EU))
            and row.effective_date <= on
            and (row.expiration_date is None or on <= row.expiration_date)
        ),
        None,
    )
    if registration is None:
        place = f"{COUNTRIES.get(country, country)} ({country})"
        where = f"{place} or the EU" if country in EU else place
        return Decision(country, reason=f"No registration in force for {where}.")
    id_country = tax_id_country(facts.tax_id, country)
    if id_country is not None and id_country != registration.jurisdiction:
        reason = f"Reverse charge: the customer's tax ID is from {id_country}, so they account "
        reason += "for the tax."
        return Decision(country, exempt=True, reason=reason)
    rates = [
        Rate(row.category or "vat", row.tax_rate)
        for row in facts.definitions
        if (row.jurisdiction or "").strip().upper() == country
    ]
    reason = None if rates else f"Registered, but no active rate for {country}."
    return Decision(country, rates, taxed=True, reason=reason)


def decide(facts: Facts, on: date, explicit_state: str | None = None) -> Decision:
    if not facts.auto:
        rate = facts.default_rate or Decimal(0)
        reason = "Automatic tax calculation is off" + (
            ", so the default rate applies to everything."
            if rate
            else " and no default rate is set."
        )
        return Decision(None, [Rate("default", rate)] if rate else [], taxed=True, reason=reason)
    state = us_state(facts, explicit_state)
    if state in STATES:
        return _us(facts, state, on)
    country = (facts.country or "").upper()
    if country and country != "US" and country not in US_TERRITORIES:
        return _abroad(facts, country, on)
    if country and (facts.postal_code or "").strip():
        return Decision(reason="The customer's ZIP code does not match a US state.")
    if country:
        return Decision(reason="The customer's billing address has no ZIP code to find the state.")
    return Decision(reason="The customer has no billing country, so no jurisdiction applies.")
