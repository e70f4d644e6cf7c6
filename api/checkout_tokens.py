"""/v1/customers/{id}/checkout-tokens: the merchant's server vouches for a checkout's customer.

``POST`` (secret key, no body) answers 201 ``{token, expiresAt}``: an opaque token (encrypted
and authenticated by Tally: nothing in it is readable) that names this customer of the key's
merchant and mode, valid for one hour. The merchant's server
puts it in its checkout page (or pricing table), which sends it as ``customerToken`` in
``POST /v1/public/payment-init``; the checkout is then this customer's, as with its ``cust_…``
id. Without a token or a ``cust_…`` id a checkout never attaches to an existing customer
(billing/payments/checkout/checkout_customers.py). 404 ``Customer not found or access denied`` for
an unknown customer, another merchant's or the other mode's
(billing/payments/checkout/checkout_tokens.py).
"""

from pydantic import BaseModel, Field
from quart import Blueprint
from quart_schema import document_response

from api.common import ErrorBody, iso
from billing.payments.checkout import checkout_tokens
from webapp.auth import merchant_id

bp = Blueprint("checkout_tokens", __name__, url_prefix="/customers")


class CheckoutTokenOut(BaseModel):
    token: str = Field(description="Send as customerToken in POST /v1/public/payment-init")
    expiresAt: str


@bp.post("/<customer_id>/checkout-tokens")
@document_response(CheckoutTokenOut, 201)
@document_response(ErrorBody, 404)
async def create_checkout_token(customer_id: str):
    """A token that vouches for this customer in a checkout for one hour (module docstring)."""
    made = await checkout_tokens.issue(merchant_id(), customer_id)
    return {"token": made.token, "expiresAt": iso(made.expires_at)}, 201
