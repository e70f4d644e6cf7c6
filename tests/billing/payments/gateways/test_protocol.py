"""Every gateway answers the whole protocol: each method ``Gateway`` declares, as a coroutine."""

import inspect

import pytest

from billing.payments import setup
from billing.payments.gateways import gateway_for, providers, use_gateway
from billing.payments.gateways.base import Gateway
from billing.payments.gateways.memory import MemoryGateway
from billing.payments.gateways.provider_a.gateway import ProviderAGateway
from billing.payments.gateways.provider_b.gateway import ProviderBGateway
from tests.support.factories.webhooks import configure

OPERATIONS = [
    name for name, member in vars(Gateway).items() if callable(member) and not name.startswith("_")
]


def test_the_protocol_has_its_operations():
    assert set(OPERATIONS) >= {
        "charge_off_session",
        "accepts",
        "is_configured",
        "browser_card_form",
        "start_checkout_payment",
        "start_setup",
        "fetch_payment",
        "refund",
        "fetch_refund",
        "verify_webhook",
    }


@pytest.mark.parametrize("gateway_class", [ProviderAGateway, ProviderBGateway, MemoryGateway])
def test_each_gateway_has_every_operation(gateway_class):
    gateway = gateway_class()
    assert isinstance(gateway, Gateway)
    for name in ("charges_without_method", "needs_billing_country", "refunds_part_by_product"):
        assert isinstance(getattr(gateway, name), bool), name
    for name in OPERATIONS:
        declared = inspect.iscoroutinefunction(getattr(Gateway, name))
        assert inspect.iscoroutinefunction(getattr(gateway, name)) == declared, name


def test_the_registry_answers_by_stored_provider_name():
    assert providers() == ("provider_a", "provider_b")
    assert isinstance(gateway_for("provider_a"), ProviderAGateway)
    assert isinstance(gateway_for("provider_b"), ProviderBGateway)
    with pytest.raises(LookupError):
        gateway_for("provider_c")


def test_use_gateway_swaps_one_provider_and_restores_it():
    real = gateway_for("provider_a")
    memory = MemoryGateway()
    with use_gateway("provider_a", memory):
        assert gateway_for("provider_a") is memory
        assert isinstance(gateway_for("provider_b"), ProviderBGateway)
    assert gateway_for("provider_a") is real
    with pytest.raises(RuntimeError), use_gateway("provider_a", memory):
        raise RuntimeError("the block fails")
    assert gateway_for("provider_a") is real


async def test_only_a_provider_with_a_browser_script_takes_cards_on_live_pages(merchant):
    await configure(merchant.id, "provider_a", None)
    form = await gateway_for("provider_a").browser_card_form(merchant.id)
    assert form.public_key == "pk_live_webhooktests"
    assert form.script_url == setup.provider_a_script_url()
    assert form.script_origins == setup.provider_a_script_origins()
    assert await gateway_for("provider_b").browser_card_form(merchant.id) is None
