"""localstripe with the two Stripe behaviours checkout's card keeping rests on, which it lacks.

The offline gateway of ``tally payments-sandbox`` and of the tests: run as
``python -m webapp.sandbox_gateway --port N --from-scratch`` (localstripe's own arguments).
localstripe 1.x refuses a PaymentIntent's ``setup_future_usage`` ("Unexpected
setup_future_usage") and sends no ``setup_intent.succeeded`` event. Stripe's documented
behaviour is added here and nothing else (only this module imports localstripe, a dev
dependency):

- ``setup_future_usage`` (``on_session`` / ``off_session``) is accepted and shown on the
  intent; when such an intent succeeds for a customer, its payment method is attached to that
  customer (Stripe does this so the card can be charged later);
- a SetupIntent confirmed to ``succeeded`` sends ``setup_intent.succeeded``.

Everything else is localstripe as published.
"""

from localstripe import resources
from localstripe.errors import UserError
from localstripe.webhooks import schedule_webhook

_create_intent = resources.PaymentIntent.__init__
_intent_success = resources.PaymentIntent._on_success
_setup_confirm = resources.SetupIntent._api_confirm.__func__


def _init_intent(self, setup_future_usage=None, **kwargs):
    if setup_future_usage not in (None, "on_session", "off_session"):
        raise UserError(400, "Bad request")
    _create_intent(self, **kwargs)
    self.setup_future_usage = setup_future_usage


def _on_success(self):
    if getattr(self, "setup_future_usage", None) and self.customer and self.payment_method:
        method = resources.PaymentMethod._api_retrieve(self.payment_method)
        if method.customer is None:
            method.customer = self.customer
    _intent_success(self)


def _confirm_setup(cls, id, **kwargs):
    intent = _setup_confirm(cls, id, **kwargs)
    if intent.status == "succeeded":
        schedule_webhook(resources.Event("setup_intent.succeeded", intent))
    return intent


resources.PaymentIntent.__init__ = _init_intent
resources.PaymentIntent._on_success = _on_success
resources.SetupIntent._api_confirm = classmethod(_confirm_setup)
# The server registers the extra routes from this list when it is imported: point the
# SetupIntent confirm route at the patched method first.
resources.extra_apis[:] = [
    (
        method,
        url,
        resources.SetupIntent._api_confirm
        if url.endswith("/confirm") and "setup_intents" in url
        else func,
    )
    for method, url, func in resources.extra_apis
]

from localstripe import server  # noqa: E402  (after the patch: it reads the routes)

if __name__ == "__main__":
    server.start()
