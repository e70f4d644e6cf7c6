"""Fixtures that put the in-memory gateway in a provider's place, for tests whose subject is
not the provider (a pytest plugin: ``tests/conftest.py`` lists it)."""

import pytest

from billing.payments.gateways import use_gateway
from billing.payments.gateways.memory import MemoryGateway


@pytest.fixture
def memory_gateway():
    """Provider A answered from memory for this test: charges succeed unless told otherwise."""
    with use_gateway("provider_a", MemoryGateway("provider_a")) as gateway:
        yield gateway
