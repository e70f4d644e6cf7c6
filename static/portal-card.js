// The portal's live card form: provider A's own script (loaded before this one) draws the
// card fields and confirms a SetupIntent Tally makes for the customer, so the card number
// goes to the provider only. Tally is then told the intent's id, records the card (the
// provider's webhook would too) and answers the payment methods section, put in place here
// and handed to htmx for its buttons.
(function () {
  'use strict';

  var stripe = null;
  var card = null;

  function say(form, text, failed) {
    var status = form.querySelector('[data-card-status]');
    status.textContent = text;
    status.dataset.kind = failed ? 'failed' : 'paid';
    status.setAttribute('role', failed ? 'alert' : 'status');
    status.hidden = false;
  }

  // Mount the card fields into a freshly drawn form (the page, or the section after a swap).
  function mount() {
    var form = document.querySelector('form[data-live-card]');
    var place = form && form.querySelector('[data-card-element]');
    if (!place || place.childElementCount) return;
    if (typeof window.Stripe !== 'function') {
      say(form, 'The card form could not load. Refresh the page to try again.', true);
      return;
    }
    stripe = stripe || window.Stripe(form.dataset.key);
    if (card) card.destroy();
    card = stripe.elements().create('card');
    card.mount(place);
  }

  function busy(form, on) {
    var button = form.querySelector('button[type="submit"]');
    button.disabled = on;
    if (on) button.setAttribute('aria-busy', 'true');
    else button.removeAttribute('aria-busy');
  }

  async function intent(form, csrf) {
    var response = await fetch(form.dataset.intent, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'X-CSRF-Token': csrf },
    });
    var body = await response.json().catch(function () { return {}; });
    if (!response.ok || !body.clientSecret) {
      throw new Error(body.error || 'The card could not be saved; try again in a moment.');
    }
    return body.clientSecret;
  }

  // Record the confirmed card and put the re-read methods section in place of the old one.
  async function showMethods(form, csrf, intentId) {
    var body = new URLSearchParams({ setupIntent: intentId, csrf_token: csrf });
    var response = await fetch(form.dataset.confirmed, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'X-CSRF-Token': csrf, 'HX-Request': 'true' },
      body: body,
    });
    var html = await response.text();
    var section = document.getElementById('methods');
    section.outerHTML = html;
    window.htmx.process(document.getElementById('methods'));
    mount();
  }

  async function save(event) {
    var form = event.target.closest && event.target.closest('form[data-live-card]');
    if (!form) return;
    event.preventDefault();
    if (!card) return;
    var csrf = form.querySelector('[name="csrf_token"]').value;
    busy(form, true);
    try {
      var secret = await intent(form, csrf);
      var result = await stripe.confirmCardSetup(secret, { payment_method: { card: card } });
      if (result.error) {
        throw new Error(result.error.message || 'The card was declined.');
      }
      say(form, 'Card added — it will appear here in a moment.', false);
      await showMethods(form, csrf, result.setupIntent.id);
    } catch (error) {
      say(form, error.message || String(error), true);
      busy(form, false);
    }
  }

  document.addEventListener('submit', save);
  document.addEventListener('DOMContentLoaded', mount);
  document.addEventListener('htmx:afterSettle', mount);
})();
