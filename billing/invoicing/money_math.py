"""The money math of invoices: every rule an invoice line follows, in one place.

Amounts are integers of the currency's minor unit ("cents"). Prices in the catalog are
integers too, except a usage price's unit prices, which may be exact decimals of a cent
(``unit_amount_decimal``, up to 12 places: 0.0004 USD a call is 0.04 cents). Quantities may be
fractional (2.5 GB). The rules:

1. **Exact until the line.** Every intermediate value is an exact ``Decimal``; nothing is
   rounded inside a line (not a unit price, not a tier's part, not a prorated fraction).
2. **One rounding per line**, half-even to the cent (banker's rounding: 0.5 → 0, 1.5 → 2,
   2.5 → 2), so rounding errors do not drift one way over thousands of lines.
3. **Per unit**: ``quantity × unitAmount``, the unit price exact (0.04 cents stays 0.04: a
   sub-cent price is never rounded to a cent before it is multiplied; 12,345 calls at 0.04
   cents are 493.8 cents, one line of 494).
4. **Graduated tiers** (the default ``tiersMode``): tier *i* covers the units above the
   previous tier's ``upTo`` up to and including its own ``upTo``; the last tier has no
   ``upTo`` and covers everything above. Each unit is priced at the tier it falls in, and a
   tier's ``flatAmount`` is added once when any part of the quantity falls in it.
5. **Volume tiers** (``tiersMode: "volume"``): the tier the whole quantity reaches prices
   every unit, plus that tier's ``flatAmount``. A quantity exactly on an edge (``upTo``)
   belongs to that tier.
6. **Nothing used, nothing charged**: a quantity of 0 costs 0 in both tier modes (no flat
   amount), so an idle usage period leaves an empty line rather than a base fee. A base fee
   is a fixed price, billed in advance, not a tier.
7. **Proration to the second**: a fixed fee for part of a period costs
   ``amount × seconds used / seconds in the period``. A mid-period change is two lines: a
   credit (negative) for the old fee's unused time and a charge for the new fee over the
   same remaining time, each rounded once (rule 2). Splitting a period in two and
   prorating both parts therefore adds up to the whole fee within one cent per split.
   Every instant is taken at the whole second (``core/timestamps.whole_second``), the one
   precision billing compares and measures instants in: whether an instant lies in a paid
   period (``in_period``) and how many seconds a share covers are both decided on whole
   seconds, so a change recorded at the second and a period that began a fraction into that
   second agree.
8. **Negative quantities are refused**; a quantity is a count or a measure of use.
9. **A ceiling on amounts**: a line, and an invoice's total, of more than ``MAX_AMOUNT_CENTS``
   (10^15 cents, ten trillion in the currency's major unit) in size is refused with
   :class:`AmountTooLarge` naming the line, never stored and never an overflow. Nothing real
   costs that much (a runaway usage value does), and the ceiling keeps every amount, and the
   sum of thousands of them, well inside the 64-bit integer columns invoices are stored in
   (2^63 is about 9.2 × 10^18).
10. **Packages**: ``ceil(quantity / package_size) × package price``. A partial package costs
    a whole one (1,001 units in packages of 1,000 are two packages); 0 units, 0 packages.
11. **Sub-cent unit prices stay exact in tiers too**: a tier's unit price may be a decimal
    of a cent; each tier's part is exact and only the line's sum is rounded (rule 2).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import ROUND_CEILING, ROUND_HALF_EVEN, Decimal
from typing import Any

from billing.core.errors import Invalid
from billing.core.timestamps import whole_second

GRADUATED = "graduated"
VOLUME = "volume"
TIERS_MODES = (GRADUATED, VOLUME)
MAX_AMOUNT_CENTS = 10**15


class MoneyMathError(ValueError):
    """Input the rules above do not cover (a negative quantity, an empty period)."""


class AmountTooLarge(Invalid):
    """Rule 9: an amount above the ceiling. A ``ServiceError`` (400 through the API), so a
    preview answers it in words and a due pass records it as the subscription's billing
    problem (``subscriptions/billing_problems.py``) rather than failing with an overflow."""

    def __init__(self, what: str, amount: Decimal | int) -> None:
        size = "more than" if amount > 0 else "less than minus"
        super().__init__(
            f"{what} comes to {size} {MAX_AMOUNT_CENTS:,} cents, the most one invoice may "
            "bill; correct the usage or price behind it"
        )


def check_amount(what: str, amount: Decimal | int) -> None:
    """Rule 9: refuse an amount (a line's or an invoice's total) above the ceiling."""
    if not abs(amount) <= MAX_AMOUNT_CENTS:
        raise AmountTooLarge(what, amount)


def round_line(amount: Decimal, what: str = "An invoice line") -> int:
    """Rule 2: the one rounding of a line, half-even to the cent; rule 9 before it (a huge
    amount could not even be rounded in Decimal's 28 digits)."""
    check_amount(what, amount)
    return int(amount.quantize(Decimal(1), rounding=ROUND_HALF_EVEN))


def as_quantity(value: Any) -> Decimal:
    """A quantity as an exact Decimal; floats go through their shortest text (0.1 is 0.1)."""
    quantity = Decimal(str(value)) if isinstance(value, float) else Decimal(value)
    if not quantity.is_finite() or quantity < 0:
        raise MoneyMathError(f"quantity must be a finite number of at least 0, not {value}")
    return quantity


def per_unit(unit_amount: int | Decimal, quantity: Any, what: str = "An invoice line") -> int:
    """Rule 3, rounded once; ``unit_amount`` may be a sub-cent Decimal."""
    return round_line(as_quantity(quantity) * unit_amount, what)


def packages(quantity: Any, package_size: int) -> int:
    """Rule 10: the packages ``quantity`` units take, a partial one counted whole."""
    if package_size < 1:
        raise MoneyMathError(f"a package holds at least 1 unit, not {package_size}")
    return int((as_quantity(quantity) / package_size).to_integral_value(rounding=ROUND_CEILING))


def package(
    package_amount: int | Decimal, package_size: int, quantity: Any, what: str = "An invoice line"
) -> int:
    """Rule 10 for a whole line, rounded once (rule 2)."""
    return round_line(packages(quantity, package_size) * Decimal(package_amount), what)


@dataclass(frozen=True)
class TierPart:
    """The share of a quantity one tier prices: shown as its own line detail on invoices."""

    quantity: Decimal
    unit_amount: int | Decimal  # exact cents, a fraction of one for a sub-cent price
    flat_amount: int

    @property
    def amount(self) -> Decimal:
        return self.quantity * self.unit_amount + self.flat_amount


def tier_parts(tiers: list[dict], quantity: Any, mode: str = GRADUATED) -> list[TierPart]:
    """Rules 4–6: which tiers price which units (exact, unrounded)."""
    units = as_quantity(quantity)
    if mode not in TIERS_MODES:
        raise MoneyMathError(f"tiersMode must be graduated or volume, not {mode}")
    if units == 0:
        return []
    if mode == VOLUME:
        reached = next(t for t in tiers if t.get("upTo") is None or units <= _edge(t))
        return [TierPart(units, reached["unitAmount"], reached.get("flatAmount", 0))]
    parts, floor = [], Decimal(0)
    for tier in tiers:
        ceiling = None if tier.get("upTo") is None else _edge(tier)
        in_tier = units - floor if ceiling is None else min(units, ceiling) - floor
        if in_tier <= 0:
            break
        parts.append(TierPart(in_tier, tier["unitAmount"], tier.get("flatAmount", 0)))
        if ceiling is None:
            break
        floor = ceiling
    return parts


def tiered(
    tiers: list[dict], quantity: Any, mode: str = GRADUATED, what: str = "An invoice line"
) -> int:
    """Rules 4–6 for a whole line, rounded once (rule 2)."""
    parts = tier_parts(tiers, quantity, mode)
    return round_line(sum((part.amount for part in parts), Decimal(0)), what)


def _edge(tier: dict) -> Decimal:
    return as_quantity(tier["upTo"])


def in_period(start: datetime, end: datetime, at: datetime) -> bool:
    """Whether ``at`` lies in the period [start, end), compared at the whole second (rule 7)."""
    return whole_second(start) <= whole_second(at) < whole_second(end)


def fraction_of_period(start: datetime, end: datetime, since: datetime, until: datetime) -> Decimal:
    """Rule 7's share: the whole seconds of [since, until) inside [start, end) over the
    period's."""
    start, end, since, until = (whole_second(t) for t in (start, end, since, until))
    whole = Decimal((end - start).total_seconds())
    if whole <= 0:
        raise MoneyMathError("a billing period must end after it starts")
    since, until = max(since, start), min(until, end)
    used = Decimal(max((until - since).total_seconds(), 0))
    return used / whole


def prorated(amount: int, start: datetime, end: datetime, since: datetime, until: datetime) -> int:
    """Rule 7: the fee for [since, until) of the period [start, end), rounded once."""
    return round_line(amount * fraction_of_period(start, end, since, until))


@dataclass(frozen=True)
class Proration:
    """The two lines of a mid-period change of a fixed fee (rule 7)."""

    credit: int  # negative: the unused time of the old fee
    charge: int  # the new fee over the same remaining time


def proration(
    old_amount: int, new_amount: int, start: datetime, end: datetime, changed_at: datetime
) -> Proration:
    """Rule 7 for a change at ``changed_at`` inside the paid period [start, end)."""
    return Proration(
        credit=-prorated(old_amount, start, end, changed_at, end),
        charge=prorated(new_amount, start, end, changed_at, end),
    )
