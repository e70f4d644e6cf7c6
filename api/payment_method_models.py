"""Request, query and response models of /v1/payment-methods (see api/payment_methods.py).

The create body is documented here but read raw: billing/payments/payment_method_fields.py
checks it, so every refused body answers the spec's one message, ``Invalid input``, with
``details`` naming the field, instead of quart-schema's generic validation messages.
"""

from typing import Any

from pydantic import BaseModel

from api.common import ErrorBody


class CreatePaymentMethod(BaseModel):
    """``customerId`` (a ``cust_`` id), ``provider`` (``provider_a`` or ``provider_b``),
    ``paymentType`` and ``status`` (lower-case words such as ``card`` and ``active``) are
    required; every other field is optional and nullable."""

    customerId: str
    provider: str
    paymentType: str
    status: str
    verificationStatus: str | None = None
    cardLastFour: str | None = None
    cardBrand: str | None = None
    cardExpiryMonth: int | None = None
    cardExpiryYear: int | None = None
    cardIssuerCountry: str | None = None
    cardNetwork: str | None = None
    bankLastFour: str | None = None
    bankName: str | None = None
    bankAccountType: str | None = None
    bankRoutingNumber: str | None = None
    bankAccountHolderName: str | None = None
    bankAccountHolderType: str | None = None
    bankCurrency: str | None = None
    bankCountry: str | None = None
    paypalEmail: str | None = None
    paypalPayerId: str | None = None
    paypalMerchantId: str | None = None
    externalPspPaymentMethodId: str | None = None
    externalPspCustomerId: str | None = None
    externalPspAccountId: str | None = None
    externalPspMetadata: dict[str, Any] | None = None


class PaymentMethodOut(BaseModel):
    """The spec's Payment method record."""

    id: str
    merchantId: str
    customerId: str
    provider: str | None
    paymentType: str | None
    status: str | None
    verificationStatus: str | None
    cardLastFour: str | None
    cardBrand: str | None
    cardExpiryMonth: int | None
    cardExpiryYear: int | None
    cardIssuerCountry: str | None
    cardNetwork: str | None
    bankLastFour: str | None
    bankName: str | None
    bankAccountType: str | None
    bankRoutingNumber: str | None
    bankAccountHolderName: str | None
    bankAccountHolderType: str | None
    bankCurrency: str | None
    bankCountry: str | None
    paypalEmail: str | None
    paypalPayerId: str | None
    paypalMerchantId: str | None
    externalPspPaymentMethodId: str | None
    externalPspCustomerId: str | None
    externalPspAccountId: str | None
    externalPspMetadata: dict[str, Any] | None
    createdAt: str
    deletedAt: str | None


class PaymentMethodListEnvelope(BaseModel):
    """A customer's live payment methods, newest first."""

    paymentMethods: list[PaymentMethodOut]


class PaymentMethodQuery(BaseModel):
    customerId: str | None = None


class InvalidPaymentMethod(ErrorBody):
    """``Invalid input``; ``details`` names the field and the problem."""

    details: str | None = None
