"""Payment gateways: the only code that speaks to a payment provider.

Each provider has one package here (``provider_a``: the Stripe-compatible card gateway through
the ``stripe`` SDK; ``provider_b``: the hosted payment-link provider through the
``dodopayments`` SDK) implementing ``base.Gateway``: the rest of Tally asks
``gateway_for(provider)`` (the provider name stored on a payment, a method or a configuration
row) and never imports an SDK nor branches on a provider's name: what differs between
providers is a capability flag of the protocol (``can(provider, "charges_without_method")``,
``providers_that(...)`` for a query) or a method that answers in Tally's words (a webhook
event parsed, an intent read back). ``events`` holds those words. Two import-linter contracts
keep the SDKs and the provider packages in here (the providers' configuration modules, whose
calls only one provider has, are the listed exceptions).

``memory`` is a gateway that answers from memory, for tests and benches whose subject is not
the provider; ``use_gateway`` swaps one in for a provider, process-wide, until the block ends.
"""

from collections.abc import Iterator
from contextlib import contextmanager

from billing.payments.gateways.base import Gateway

_registry: dict[str, Gateway] = {}


def _defaults() -> dict[str, Gateway]:
    # Imported here, not at the top: the provider packages read their configuration modules,
    # which import payments models; the registry must be importable from anywhere in payments.
    from billing.payments.gateways.provider_a.gateway import ProviderAGateway
    from billing.payments.gateways.provider_b.gateway import ProviderBGateway

    return {"provider_a": ProviderAGateway(), "provider_b": ProviderBGateway()}


def providers() -> tuple[str, ...]:
    """The provider names Tally has a gateway for, in preference order."""
    if not _registry:
        _registry.update(_defaults())
    return tuple(_registry)


def can(provider: str, capability: str) -> bool:
    """Whether ``provider``'s gateway has ``capability``, one of the protocol's flags (such as
    ``charges_without_method``): what the rest of Tally asks instead of naming a provider. A
    stand-in without the flag (a test's or a bench's) has not got it."""
    return bool(getattr(gateway_for(provider), capability, False))


def providers_that(capability: str) -> list[str]:
    """The provider names whose gateway has ``capability``: what a query filters on."""
    return [name for name in providers() if can(name, capability)]


def gateway_for(provider: str) -> Gateway:
    """The gateway of ``provider`` (a stored provider name); ``LookupError`` for a name no
    gateway answers to."""
    if not _registry:
        _registry.update(_defaults())
    try:
        return _registry[provider]
    except KeyError:
        raise LookupError(f"No payment gateway for provider {provider!r}") from None


@contextmanager
def use_gateway(provider: str, gateway: Gateway) -> Iterator[Gateway]:
    """``gateway`` answers for ``provider`` inside the block, for the whole process (tests,
    benches); the previous one is back on exit, however the block ends."""
    providers()
    previous = _registry.get(provider)
    _registry[provider] = gateway
    try:
        yield gateway
    finally:
        if previous is None:
            _registry.pop(provider, None)
        else:
            _registry[provider] = previous
