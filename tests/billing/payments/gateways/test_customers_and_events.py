"""The gateway operations the rest of Tally asks instead of naming a provider: the provider's
customer, the capability flags, and each provider's webhook events parsed into Tally's words."""

import pytest

from billing.payments.gateways import can, providers_that
from billing.payments.gateways.base import GatewayRefused
from billing.payments.gateways.events import EventKind
from billing.payments.gateways.memory import MemoryGateway
from billing.payments.gateways.provider_a.gateway import ProviderAGateway
from billing.payments.gateways.provider_b.gateway import ProviderBGateway
from tests.support.factories.card_payments import GOOD_CARD, card_merchant, stored_card
from tests.support.factories.subscriptions import make_customer

FLAGS = ("keeps_card_from_checkout", "confirms_in_browser")


@pytest.mark.parametrize("gateway_class", [ProviderAGateway, ProviderBGateway, MemoryGateway])
def test_each_gateway_says_what_it_can(gateway_class):
    gateway = gateway_class()
    for name in FLAGS:
        assert isinstance(getattr(gateway, name), bool), name


def test_capabilities_are_asked_by_provider_name():
    assert providers_that("charges_without_method") == ["provider_b"]
    assert providers_that("confirms_in_browser") == ["provider_a"]
    assert can("provider_a", "keeps_card_from_checkout")
    assert not can("provider_b", "keeps_card_from_checkout")
    assert not can("provider_a", "no_such_flag")


async def test_the_memory_gateway_answers_one_customer_per_customer(merchant):
    ada, bob = await make_customer(merchant.id), await make_customer(merchant.id)
    gateway = MemoryGateway()
    first = await gateway.customer(merchant.id, ada, key="k1")
    assert await gateway.customer(merchant.id, ada, key="k2") == first
    assert await gateway.customer(merchant.id, bob, key="k3") != first
    gateway.unreachable()
    with pytest.raises(GatewayRefused):
        await gateway.customer(merchant.id, ada, key="k4")


async def test_provider_a_makes_a_customer_then_answers_the_one_its_cards_hang_on(
    client, make_merchant, provider_a_api
):
    merchant = await card_merchant(client, make_merchant)
    customer = await make_customer(merchant.id)
    gateway = ProviderAGateway()
    made = await gateway.customer(merchant.id, customer, key=f"{customer.id}-1")
    assert made.startswith("cus_")
    card = await stored_card(provider_a_api, merchant.id, customer, GOOD_CARD)
    assert card.external_psp_customer_id
    known = await gateway.customer(merchant.id, customer, key=f"{customer.id}-2")
    assert known == card.external_psp_customer_id


async def test_a_provider_without_configuration_makes_no_customer(merchant):
    customer = await make_customer(merchant.id)
    for gateway in (ProviderAGateway(), ProviderBGateway()):
        with pytest.raises(GatewayRefused) as refused:
            await gateway.customer(merchant.id, customer, key="never")
        assert refused.value.kind == "not_configured"


def test_provider_a_events_in_tallys_words():
    paid = {
        "type": "payment_intent.succeeded",
        "created": 1_900_000_000,
        "data": {
            "object": {
                "id": "pi_1",
                "customer": "cus_1",
                "metadata": {"payment_id": "pay_1"},
                "payment_method": {"id": "pm_1", "card": {"last4": "4242", "brand": "visa"}},
            }
        },
    }
    parsed = ProviderAGateway().parse_webhook(paid)
    assert (parsed.kind, parsed.succeeded, parsed.provider_id, parsed.tally_id) == (
        EventKind.PAYMENT,
        True,
        "pi_1",
        "pay_1",
    )
    assert parsed.method.method_id == "pm_1"
    assert parsed.method.fields["card_last_four"] == "4242"
    assert parsed.method.fields["external_psp_customer_id"] == "cus_1"
    unpaid = {"type": "checkout.session.completed", "data": {"object": {"payment_status": "x"}}}
    assert ProviderAGateway().parse_webhook(unpaid).kind == EventKind.IGNORED


def test_provider_b_events_in_tallys_words():
    mandate = {
        "type": "subscription.active",
        "data": {
            "payment_method_id": "pm_b",
            "subscription_id": "sub_b",
            "product_id": "prod_b",
            "customer": {"customer_id": "cus_b"},
            "metadata": {"customer_id": "cust_1"},
        },
    }
    parsed = ProviderBGateway().parse_webhook(mandate)
    assert (parsed.kind, parsed.customer_id) == (EventKind.METHOD, "cust_1")
    assert parsed.method.payment_type == "mandate"
    assert parsed.method.fields["external_psp_metadata"] == {
        "subscription_id": "sub_b",
        "product_id": "prod_b",
    }
    refund = {"type": "refund.failed", "data": {"refund_id": "rf_1"}}
    assert ProviderBGateway().parse_webhook(refund).kind == EventKind.REFUND
    assert ProviderBGateway().parse_webhook({"type": "odd"}).reason == (
        "Tally does not act on odd events"
    )
