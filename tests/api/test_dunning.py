"""/v1/merchants/dunning-config: defaults until saved, partial updates, strict validation."""

import pytest

from billing.subscriptions.models import DunningConfig

PATH = "/v1/merchants/dunning-config"
DEFAULTS = {"retryScheduleDays": [1, 3, 5], "gracePeriodDays": 7, "endAction": "cancel"}


async def test_defaults_before_any_post(client, merchant):
    response = await client.get(PATH, headers=merchant.headers)
    assert response.status_code == 200
    assert await response.get_json() == {**DEFAULTS, "isDefault": True}
    assert not await DunningConfig.filter(merchant_id=merchant.id).exists()


async def test_post_stores_and_get_reads_back(client, merchant):
    record = {"retryScheduleDays": [2, 4, 8, 16], "gracePeriodDays": 0, "endAction": "unpaid"}
    response = await client.post(PATH, json=record, headers=merchant.headers)
    assert response.status_code == 200
    assert await response.get_json() == {**record, "isDefault": False}
    read = await client.get(PATH, headers=merchant.headers)
    assert await read.get_json() == {**record, "isDefault": False}
    stored = await DunningConfig.get(merchant_id=merchant.id)
    assert (stored.retry_schedule_days, stored.grace_period_days, stored.end_action) == (
        [2, 4, 8, 16],
        0,
        "unpaid",
    )


async def test_partial_update_keeps_other_fields(client, merchant):
    await client.post(PATH, json={"endAction": "pause"}, headers=merchant.headers)
    response = await client.post(PATH, json={"gracePeriodDays": 90}, headers=merchant.headers)
    assert await response.get_json() == {
        "retryScheduleDays": [1, 3, 5],
        "gracePeriodDays": 90,
        "endAction": "pause",
        "isDefault": False,
    }
    assert await DunningConfig.filter(merchant_id=merchant.id).count() == 1


async def test_limits_are_inclusive(client, merchant):
    days = list(range(81, 91))
    response = await client.post(
        PATH, json={"retryScheduleDays": days, "gracePeriodDays": 0}, headers=merchant.headers
    )
    assert response.status_code == 200
    assert (await response.get_json())["retryScheduleDays"] == days


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"retryScheduleDays": []}, "retryScheduleDays"),
        ({"retryScheduleDays": [3, 2]}, "retryScheduleDays"),
        ({"retryScheduleDays": [1, 1]}, "retryScheduleDays"),
        ({"retryScheduleDays": [0, 2]}, "retryScheduleDays"),
        ({"retryScheduleDays": [1, 91]}, "retryScheduleDays"),
        ({"retryScheduleDays": [-1]}, "retryScheduleDays"),
        ({"retryScheduleDays": list(range(1, 12))}, "retryScheduleDays"),
        ({"retryScheduleDays": [1.5]}, "retryScheduleDays"),
        ({"retryScheduleDays": [1.0]}, "retryScheduleDays"),
        ({"retryScheduleDays": ["1"]}, "retryScheduleDays"),
        ({"retryScheduleDays": [True]}, "retryScheduleDays"),
        ({"retryScheduleDays": [None]}, "retryScheduleDays"),
        ({"retryScheduleDays": 3}, "retryScheduleDays"),
        ({"retryScheduleDays": {"a": 1}}, "retryScheduleDays"),
        ({"retryScheduleDays": [10**40]}, "retryScheduleDays"),
        ({"retryScheduleDays": list(range(100_000))}, "retryScheduleDays"),
        ({"gracePeriodDays": -1}, "gracePeriodDays"),
        ({"gracePeriodDays": 91}, "gracePeriodDays"),
        ({"gracePeriodDays": "7"}, "gracePeriodDays"),
        ({"gracePeriodDays": 7.5}, "gracePeriodDays"),
        ({"gracePeriodDays": 10**40}, "gracePeriodDays"),
        ({"endAction": "delete"}, "endAction"),
        ({"endAction": "PAUSE"}, "endAction"),
        ({"endAction": 1}, "endAction"),
        ({"endAction": "x" * 100_000}, "endAction"),
    ],
)
async def test_invalid_input_is_400_and_stores_nothing(client, merchant, body, field):
    response = await client.post(
        PATH, json={"endAction": "pause", **body}, headers=merchant.headers
    )
    assert response.status_code == 400
    error = (await response.get_json())["error"]
    assert isinstance(error, str) and field in error
    assert not await DunningConfig.filter(merchant_id=merchant.id).exists()
    assert await (await client.get(PATH, headers=merchant.headers)).get_json() == {
        **DEFAULTS,
        "isDefault": True,
    }


async def test_invalid_update_keeps_stored_record(client, merchant):
    await client.post(PATH, json={"gracePeriodDays": 3}, headers=merchant.headers)
    response = await client.post(
        PATH, json={"gracePeriodDays": 5, "retryScheduleDays": [5, 1]}, headers=merchant.headers
    )
    assert response.status_code == 400
    assert (await DunningConfig.get(merchant_id=merchant.id)).grace_period_days == 3


async def test_config_is_per_merchant(client, make_merchant):
    alice = await make_merchant()
    bob = await make_merchant()
    await client.post(PATH, json={"gracePeriodDays": 30}, headers=alice.headers)
    bob_view = await (await client.get(PATH, headers=bob.headers)).get_json()
    assert bob_view == {**DEFAULTS, "isDefault": True}


async def test_concurrent_first_saves_do_not_fail(client, merchant):
    import asyncio

    responses = await asyncio.gather(
        *(
            client.post(PATH, json={"gracePeriodDays": days}, headers=merchant.headers)
            for days in range(1, 7)
        )
    )
    assert [response.status_code for response in responses] == [200] * 6
    assert await DunningConfig.filter(merchant_id=merchant.id).count() == 1
