"""The in-memory gateway in a provider's place, for tests whose subject is not the provider
(a pytest plugin: ``tests/conftest.py`` lists it), with the records such a test starts from: a
merchant with provider A configured and cards stored for a customer, none of them at a real
gateway (the memory gateway charges whatever it is asked to)."""

import dataclasses

import pytest

from billing.customers.models import Customer
from billing.payments import setup as payments_setup
from billing.payments.gateways import use_gateway
from billing.payments.gateways.base import FAILED, ChargeAnswer
from billing.payments.gateways.memory import DECLINED, MemoryGateway
from billing.payments.methods.payment_methods import create_payment_method
from billing.payments.models import PaymentMethod, ProviderConfig

SECRET = "sk_test_51HxMemorySecret0c4d"
DECLINED_CARD = "4000000000000341"  # the memory gateway fixture declines it, as localstripe does
CARD_DECLINED = "Your card was declined."  # the card provider's words for a decline


class CardWordsGateway(MemoryGateway):
    """The memory gateway declining in the card provider's words (``CARD_DECLINED``, as
    localstripe says them), for tests that compare the message a decline leaves."""

    async def charge_off_session(self, payment, method) -> ChargeAnswer:
        answer = await super().charge_off_session(payment, method)
        if answer.status == FAILED and answer.message == DECLINED:
            return dataclasses.replace(answer, message=CARD_DECLINED)
        return answer


def _answering(gateway: MemoryGateway):
    gateway.decline(method_id(DECLINED_CARD))
    with use_gateway("provider_a", gateway):
        yield gateway


@pytest.fixture
def memory_gateway():
    """Provider A answered from memory for this test: charges succeed, but for the card
    ``DECLINED_CARD``, unless told otherwise."""
    yield from _answering(MemoryGateway("provider_a"))


@pytest.fixture
def memory_card_gateway():
    """The same, its declines in the card provider's words (``CardWordsGateway``)."""
    yield from _answering(CardWordsGateway("provider_a"))


def method_id(number: str) -> str:
    return f"pm_memory_{number}"


async def memory_card_merchant(make_merchant):
    """A test-mode merchant row with provider A configured (its row written directly: no
    gateway checks the key)."""
    from tests.conftest import in_test_mode  # the fixtures' module, imported when used

    account = await in_test_mode(await make_merchant())
    await ProviderConfig.create(
        merchant_id=account.id,
        provider="provider_a",
        public_key="pk_test_51HxMemoryPublic",
        secret_key_sealed=payments_setup.seal(SECRET),
    )
    return account


async def memory_card(merchant_id: str, customer: Customer, number: str) -> PaymentMethod:
    """A card stored for ``customer`` whose provider ids the memory gateway knows by number."""
    return await create_payment_method(
        merchant_id,
        {
            "customerId": customer.id,
            "provider": "provider_a",
            "paymentType": "card",
            "status": "active",
            "cardLastFour": number[-4:],
            "externalPspPaymentMethodId": method_id(number),
            "externalPspCustomerId": f"cus_memory_{customer.id}",
        },
    )
