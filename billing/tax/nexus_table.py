"""The dashboard's US nexus table saved in one action: every state's switch, effective date
and registration number checked together, then written in one transaction.

One Save for the whole table (instead of one per state) means a merchant sets up several
states at once and sees one confirmation; any bad row stops the whole save (nothing is
half-stored) and its message is given per state. Only rows that change are written, and a
state never touched and left off gets no row, so the API's nexus list stays as it was. The
rows are the same ``TaxNexus`` rows ``tax_settings.update_nexus`` (the API) writes.
"""

from dataclasses import dataclass

from tortoise.transactions import in_transaction

from billing.accounts.merchants import lock_merchant
from billing.core.errors import Invalid
from billing.tax.models import TaxNexus
from billing.tax.tax_fields import MISSING, Fields
from billing.tax.tax_settings import MAX_REGISTRATION_NUMBER
from billing.tax.us_states import STATES

SAVE_FAILED = "Nothing was saved: correct the states marked below."


class InvalidNexusRows(Invalid):
    """Bad rows of the table; ``states`` maps each state code to its errors, each with its
    code and field, so a page words them itself rather than rewriting joined messages."""

    def __init__(self, states: dict[str, list[Invalid]]) -> None:
        super().__init__(SAVE_FAILED, code="nexus_rows_invalid")
        self.states = states


@dataclass
class NexusTableSaved:
    active: list[str]  # state codes with nexus after the save
    changed: int  # rows written


def _values(body: dict) -> dict:
    """One row's stored values; Invalid naming the fields that are wrong."""
    fields = Fields(body)
    values = {
        "is_active": fields.flag("isActive"),
        "effective_date": fields.day("effectiveDate"),
        "registration_number": fields.text(
            "registrationNumber", max_length=MAX_REGISTRATION_NUMBER
        ),
    }
    fields.done()
    values = {name: (None if value is MISSING else value) for name, value in values.items()}
    values["is_active"] = values["is_active"] is True  # a switch left off is not sent
    return values


def _issue_error(issue: dict) -> Invalid:
    """One issue of a row (``{code, message, path}``) as an error naming its field."""
    path = issue.get("path") or [None]
    return Invalid(issue["message"], code=issue.get("code"), field=path[0])


async def save_nexus_table(merchant_id: str, rows: dict[str, dict]) -> NexusTableSaved:
    """Save ``{state: {isActive, effectiveDate, registrationNumber}}`` for the states given;
    a state that is not a US state or territory, or any bad value, saves nothing."""
    values, errors = {}, {}
    for state, body in rows.items():
        if state not in STATES:
            errors[state] = [Invalid("Not a US state or territory.", code="not_a_state")]
            continue
        try:
            values[state] = _values(body)
        except Invalid as error:
            issues = getattr(error, "issues", None)
            errors[state] = [error] if not issues else [_issue_error(issue) for issue in issues]
    if errors:
        raise InvalidNexusRows(errors)
    changed = 0
    async with in_transaction():
        await lock_merchant(merchant_id)  # one table save at a time per merchant
        stored = {row.state: row for row in await TaxNexus.filter(merchant_id=merchant_id)}
        for state, new in values.items():
            row = stored.get(state)
            if row is None:
                if new["is_active"] or new["effective_date"] or new["registration_number"]:
                    stored[state] = await TaxNexus.create(
                        merchant_id=merchant_id, state=state, **new
                    )
                    changed += 1
            elif any(getattr(row, name) != value for name, value in new.items()):
                row.update_from_dict(new)
                await row.save(update_fields=[*new, "updated_at"])
                changed += 1
    active = sorted(state for state, row in stored.items() if row.is_active)
    return NexusTableSaved(active=active, changed=changed)
