"""Pricing-table services: the default table, ordering, the resolved view and its query count."""

import asyncio
from contextlib import contextmanager

import pytest
from tortoise import connections

from billing.catalog import pricing_table_views as views
from billing.catalog import pricing_tables
from billing.catalog.models import Plan, Price, PricingTable, PricingTablePlan
from billing.catalog.pricing import fixed_price_data
from billing.core.errors import Invalid, NotFound
from tests.support.factories.catalog import make_plan


async def test_default_table_is_made_on_first_use_and_plans_are_added_once(merchant):
    basic = await make_plan(merchant.id, name="Basic", monthly_cents=900)
    pro = await make_plan(merchant.id, name="Pro", monthly_cents=2900)
    await pricing_tables.add_plan_to_default_table(merchant.id, basic.stable_plan_id)
    await pricing_tables.add_plan_to_default_table(merchant.id, pro.stable_plan_id)
    await pricing_tables.add_plan_to_default_table(merchant.id, basic.stable_plan_id)
    tables = await PricingTable.filter(merchant_id=merchant.id)
    assert [(t.name, t.slug, t.is_default, t.is_active) for t in tables] == [
        ("Pricing", "pricing", True, True)
    ]
    entries = await PricingTablePlan.filter(pricing_table_id=tables[0].id)
    assert sorted(e.stable_plan_id for e in entries) == sorted([basic.id, pro.id])


async def test_default_table_takes_the_first_free_slug(merchant):
    plan = await make_plan(merchant.id, name="Basic", monthly_cents=900)
    await pricing_tables.create_table(merchant.id, name="Main", slug="pricing")
    await pricing_tables.create_table(merchant.id, name="Other", slug="pricing-2")
    await pricing_tables.add_plan_to_default_table(merchant.id, plan.stable_plan_id)
    default = await PricingTable.get(merchant_id=merchant.id, is_default=True)
    assert default.slug == "pricing-3"


async def test_concurrent_first_uses_make_one_default_table(merchant):
    plans = [await make_plan(merchant.id, name=f"Plan {n}", monthly_cents=n) for n in range(4)]
    await asyncio.gather(
        *(pricing_tables.add_plan_to_default_table(merchant.id, p.stable_plan_id) for p in plans)
    )
    [table] = await PricingTable.filter(merchant_id=merchant.id)
    assert await PricingTablePlan.filter(pricing_table_id=table.id).count() == 4


@contextmanager
def counted_queries():
    """Counts the statements Tortoise sends (the public read must not grow with the table)."""
    client_class = type(connections.get("default"))
    counter = {"queries": 0}
    originals = {
        name: getattr(client_class, name) for name in ("execute_query", "execute_query_dict")
    }

    def counting(original):
        async def wrapper(self, *args, **kwargs):
            counter["queries"] += 1
            return await original(self, *args, **kwargs)

        return wrapper

    for name, original in originals.items():
        setattr(client_class, name, counting(original))
    try:
        yield counter
    finally:
        for name, original in originals.items():
            setattr(client_class, name, original)


async def test_public_read_uses_a_fixed_number_of_queries(make_merchant):
    counts = []
    for size in (1, 8):
        merchant = await make_merchant()
        plans = [
            await make_plan(
                merchant.id,
                name=f"Plan {n}",
                monthly_cents=100 * n,
                yearly_cents=1000 * n,
                features=[("Seats", n), ("SSO", True)],
            )
            for n in range(size)
        ]
        await pricing_tables.create_table(
            merchant.id, name="Main", slug="main", plan_ids=[p.id for p in plans]
        )
        with counted_queries() as counter:
            view = await views.public_table(merchant.id, "main")
        assert len(view.plans) == size
        assert all(len(p.features) == 2 and p.monthly and p.yearly for p in view.plans)
        counts.append(counter["queries"])
    assert counts[0] == counts[1] <= 5


@pytest.mark.parametrize(
    ("feature_type", "raw", "value"),
    [
        ("boolean", True, True),
        ("boolean", "true", True),
        ("boolean", "false", False),
        ("boolean", None, False),
        ("number", 5, 5),
        ("number", "12", 12),
        ("number", "2.5", 2.5),
        ("number", "Unlimited", "Unlimited"),
        ("number", None, None),
        ("string", "Email", "Email"),
        ("string", 3, "3"),
        ("string", None, ""),
    ],
)
def test_feature_values_take_their_declared_type(feature_type, raw, value):
    assert views.feature_value(feature_type, raw) == value


def _view(name, *, monthly=None, yearly=None, enterprise=False, order=None):
    plan = Plan(plan_name=name, is_enterprise_plan=enterprise, stable_plan_id="s", currency="USD")
    prices = [
        Price(pricing_data=fixed_price_data(cents, interval))
        for interval, cents in (("month", monthly), ("year", yearly))
        if cents is not None
    ]
    return views.PlanView(PricingTablePlan(display_order=order), plan, prices)


def test_ordering_rule():
    plans = [
        _view("Enterprise", enterprise=True),
        _view("pro", monthly=4900, yearly=49000),
        _view("Basic", monthly=900),
        _view("Yearly", yearly=6000),
        _view("Pinned last", monthly=1, order=9),
        _view("Pinned first", enterprise=True, order=0),
        _view("No price"),
        _view("apex", monthly=900),
    ]
    ordered = [view.plan.plan_name for view in sorted(plans, key=views.PlanView.sort_key)]
    assert ordered == [
        "Pinned first",
        "Pinned last",
        "Yearly",
        "apex",
        "Basic",
        "pro",
        "No price",
        "Enterprise",
    ]


async def test_moving_a_plan_swaps_neighbours_and_fixes_every_position(make_merchant):
    merchant, other = await make_merchant(), await make_merchant()
    plans = [
        await make_plan(merchant.id, name=name, monthly_cents=cents)
        for name, cents in (("Basic", 900), ("Pro", 2900), ("Team", 9900))
    ]
    table = await pricing_tables.create_table(
        merchant.id, name="Main", slug="main", plan_ids=[p.id for p in plans]
    )
    team = table.plans[2].entry.id

    async def names() -> list[str]:
        view = await views.detailed_view(merchant.id, table.table.id)
        return [plan.plan.plan_name for plan in view.plans]

    await pricing_tables.move_plan_entry(merchant.id, table.table.id, team, direction="up")
    assert await names() == ["Basic", "Team", "Pro"]
    orders = await PricingTablePlan.filter(pricing_table_id=table.table.id).values_list(
        "display_order", flat=True
    )
    assert sorted(orders) == [0, 1, 2]
    await pricing_tables.move_plan_entry(merchant.id, table.table.id, team, direction="down")
    await pricing_tables.move_plan_entry(merchant.id, table.table.id, team, direction="down")
    assert await names() == ["Basic", "Pro", "Team"]  # already last: nothing moves

    with pytest.raises(Invalid):
        await pricing_tables.move_plan_entry(merchant.id, table.table.id, team, direction="left")
    with pytest.raises(NotFound):
        await pricing_tables.move_plan_entry(other.id, table.table.id, team, direction="up")
    assert await names() == ["Basic", "Pro", "Team"]
