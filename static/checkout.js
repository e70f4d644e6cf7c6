/*
 * Tally hosted checkout page (templates/checkout/page.html). Plain JavaScript, no build step.
 *
 * 1. The customer's email, name and country go to POST /v1/public/payment-init (publishable
 *    key in X-Service-Key); its answer shows the total with tax.
 * 2. Provider A: in test mode the sandbox card form confirms the PaymentIntent through Tally
 *    (payment-init/confirm-card); in live mode the provider's own script (loaded by the page)
 *    draws the card fields and confirms it with payment-init's clientSecret, so the card goes
 *    to the provider only. Provider B: a button opens the payment link.
 * 3. The page listens to /v1/public/events/{paymentIntentId}?key=... (event `status`, data
 *    {paymentIntentId, status, invoiceId}) and shows the outcome in place; the confirm answer
 *    shows it too, whichever comes first. "Try again" starts payment-init again with
 *    retryOf (the subscriptionId of its first answer): the same customer, subscription and
 *    invoice, a new attempt. In live mode the page
 *    also tells Tally at once
 *    that the provider's script confirmed it (payment-init/confirmed), so the card is kept
 *    for renewals without waiting for the webhook.
 * 4. A trial (payment-init answers intentType "setup_intent"): nothing is charged; the card
 *    form saves the card for the trial's end (sandbox: confirm-card with setupIntentId; live:
 *    the provider's confirmCardSetup, then payment-init/confirmed) and the page says "Your
 *    trial has started". Provider B answers a mandate link instead; a trial without a card
 *    (status "trialing", no intent) has started already.
 */
(function () {
  "use strict";

  var root, key, started = null, stream = null, settled = false;
  var gateway = null, cardElement = null;  /* live mode: the provider's script and its fields */

  function $(id) { return document.getElementById(id); }

  /* As the server's format_money writes it: "$12.50", "¥1,250", "29.50 CHF"; the symbol and
     the currency's minor-unit digits come from the page (data-money-*), never a guess of 100. */
  function money(cents, currency) {
    var digits = parseInt(root.getAttribute("data-money-digits"), 10);
    if (isNaN(digits)) digits = 2;
    var symbol = root.getAttribute("data-money-symbol") || "";
    var size = Math.pow(10, digits), whole = Math.floor(Math.abs(cents) / size);
    var text = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    if (digits) text += "." + String(Math.abs(cents) % size).padStart(digits, "0");
    var sign = cents < 0 ? "-" : "";
    return symbol ? sign + symbol + text : sign + text + " " + currency;
  }

  function day(iso) {
    return new Date(iso).toLocaleDateString("en-US",
      { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
  }

  function isTrial() { return started && (started.intentType === "setup_intent" || started.intentType === "mandate"); }

  function trialStarted() {
    settled = true;
    $("card-form").hidden = true;
    $("link-step").hidden = true;
    var ends = started && started.trialEndDate ? " Your card is first charged on " + day(started.trialEndDate) + "." : "";
    show("Your trial has started." + ends, "paid");
  }

  /* kind: "busy", "paid", "failed" (the payment failed: "Try again" starts a new attempt),
     "error" (the details were refused: the customer corrects the form) or "". */
  function show(text, kind) {
    var status = $("status");
    status.textContent = text;
    status.setAttribute("data-state", kind || "");
    status.setAttribute("aria-busy", kind === "busy" ? "true" : "false");
    $("retry").hidden = kind !== "failed";
  }

  /* A submit button while its request runs: disabled (no second click) and aria-busy. */
  function busy(button, on) {
    button.disabled = on;
    if (on) button.setAttribute("aria-busy", "true");
    else button.removeAttribute("aria-busy");
  }

  function post(path, body) {
    return fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Service-Key": key },
      body: JSON.stringify(body),
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (answer) {
        if (!response.ok) throw new Error(answer.error || "The server answered " + response.status);
        return answer;
      });
    });
  }

  function finish(status, message) {
    if (settled) return;
    if (status === "succeeded" && isTrial()) {
      trialStarted();
    } else if (status === "succeeded") {
      settled = true;
      $("card-form").hidden = true;
      $("link-step").hidden = true;
      show("Paid — you're subscribed", "paid");
    } else if (status === "already_subscribed") {
      settled = true;
      $("card-form").hidden = true;
      $("link-step").hidden = true;
      show(message || "You already have a subscription: this payment is refunded", "failed");
    } else if (status === "failed") {
      $("card-form").hidden = true;
      var what = isTrial() ? "The card was not saved: " : "The payment failed: ";
      show(what + (message || "the card was declined"), "failed");
    } else {
      show("Processing…", "busy");
    }
    if (stream && status !== "pending" && status !== "processing") { stream.close(); stream = null; }
  }

  function listen(id) {
    if (!window.EventSource || !id) return;
    if (stream) stream.close();
    stream = new EventSource("/v1/public/events/" + encodeURIComponent(id) + "?key=" + encodeURIComponent(key));
    stream.addEventListener("status", function (event) {
      var data = {};
      try { data = JSON.parse(event.data); } catch (error) { return; }
      if (data.status === "succeeded" || data.status === "failed" || data.status === "already_subscribed") {
        finish(data.status, data.errorMessage);
      }
    });
    /* A dropped connection is reopened by the browser (the stream sends the status afresh);
       only one the browser gave up on is let go. The outcome's own end closes it in finish(). */
    stream.onerror = function () {
      if (stream && stream.readyState === EventSource.CLOSED) stream = null;
    };
  }

  function begin(answer) {
    started = answer;
    $("customer-form").hidden = true;
    $("summary").hidden = false;
    root.querySelector("[data-subtotal]").textContent = money(answer.subtotalCents, answer.currency);
    root.querySelector("[data-tax]").textContent = money(answer.taxCents, answer.currency);
    root.querySelector("[data-total]").textContent = money(answer.amountCents, answer.currency);
    var line = root.querySelector("[data-line]");
    if (line && (isTrial() || answer.status === "trialing")) line.textContent = line.getAttribute("data-trial-line");
    if (answer.status === "active") { finish("succeeded"); return; }
    if (answer.status === "trialing") { trialStarted(); return; }
    var submit = $("card-form").querySelector("button[type=submit]");
    if (submit) submit.textContent = isTrial() ? "Start free trial" : "Pay";
    if (answer.intentType === "mandate") {
      $("pay-link").href = answer.paymentLink;
      $("pay-link").textContent = "Add your card on the payment page";
      $("link-step").hidden = false;
      show("Your trial starts once your card is added on the payment page.", "");
    } else if (answer.intentType === "setup_intent") {
      $("card-form").hidden = false;
      mountCard(answer.publishableKey);
      show("", "");
    } else if (answer.provider === "provider_b") {
      $("pay-link").href = answer.paymentLink;
      $("link-step").hidden = false;
      show("Waiting for your payment on the payment page…", "busy");
      listen(answer.paymentId);
    } else {
      $("card-form").hidden = false;
      mountCard(answer.publishableKey);
      show("", "");
      listen(answer.paymentIntentId);
    }
  }

  /* Live mode: the provider's card fields, drawn once into the card form. */
  function mountCard(publishableKey) {
    var place = root.querySelector("[data-card-element]");
    if (!place || cardElement) return;
    if (typeof window.Stripe !== "function") {
      show("The card form could not load. Refresh the page to try again.", "error");
      return;
    }
    gateway = window.Stripe(publishableKey);
    cardElement = gateway.elements().create("card");
    cardElement.mount(place);
  }

  /* Live mode: the provider confirms the payment with the card; the stream (or this answer)
     shows the outcome. */
  function payWithProvider(button) {
    var trial = started.intentType === "setup_intent";
    var confirm = trial ? gateway.confirmCardSetup(started.clientSecret, { payment_method: { card: cardElement } })
                        : gateway.confirmCardPayment(started.clientSecret, { payment_method: { card: cardElement } });
    confirm
      .then(function (result) {
        if (result.error) { finish("failed", result.error.message); return; }
        var intent = trial ? result.setupIntent : result.paymentIntent;
        if (!intent || intent.status !== "succeeded") { finish("processing"); return; }
        /* Tell Tally at once, so the card is kept before the webhook arrives. */
        var body = trial ? { setupIntentId: started.setupIntentId } : { paymentIntentId: started.paymentIntentId };
        return post("/v1/public/payment-init/confirmed", body)
          .then(function (answer) {
            if (answer && answer.status === "already_subscribed") finish(answer.status, answer.message);
            else finish("succeeded");
          }, function () { finish("succeeded"); });
      }, function (error) { finish("failed", error && error.message); })
      .then(function () { busy(button, false); });
  }

  function customer() {
    var form = $("customer-form");
    var person = { email: form.email.value.trim(), name: form.name.value.trim() || null };
    if (form.country.value) person.country = form.country.value;  /* a code from the list */
    if (form.postalCode.value.trim()) person.postalCode = form.postalCode.value.trim();
    return person;
  }

  /* The API's refusals are written for developers; the ones a customer can cause are said
     in their words, next to the field to correct. */
  function refusal(message) {
    var form = $("customer-form");
    if (/customer\.email/.test(message)) return [form.email, "Enter your email address."];
    if (/country/.test(message)) return [form.country, "Choose your country from the list."];
    if (/email/i.test(message)) return [form.email, "Check your email address."];
    return [null, message];
  }

  function refuse(message) {
    var said = refusal(message);
    ["email", "country"].forEach(function (name) { $("customer-form")[name].removeAttribute("aria-invalid"); });
    if (said[0]) { said[0].setAttribute("aria-invalid", "true"); said[0].focus(); }
    show(said[1], "error");
  }

  function init(event) {
    if (event) event.preventDefault();
    if (!$("customer-form").email.value.trim()) { refuse("customer.email"); return; }
    var button = $("customer-form").querySelector("button[type=submit]");
    var again = $("retry");
    settled = false;
    busy(button, true);
    busy(again, true);
    show("Processing…", "busy");
    var body = {
      planId: root.getAttribute("data-plan-id"),
      priceId: root.getAttribute("data-price-id"),
      customer: customer(),
    };
    /* A retry continues this page's own checkout (same subscription and invoice). */
    if (started && started.subscriptionId) body.retryOf = started.subscriptionId;
    post("/v1/public/payment-init", body).then(begin, function (error) {
      $("customer-form").hidden = false;
      $("summary").hidden = true;
      $("card-form").hidden = true;
      $("link-step").hidden = true;
      refuse(error.message);
    }).then(function () { busy(button, false); busy(again, false); });
  }

  function pay(event) {
    event.preventDefault();
    var form = $("card-form");
    if (cardElement) {
      busy(form.querySelector("button[type=submit]"), true);
      show("Processing…", "busy");
      payWithProvider(form.querySelector("button[type=submit]"));
      return;
    }
    var card = {
      number: form.number.value.replace(/\s+/g, ""),
      expMonth: parseInt(form.expMonth.value, 10) || 0,
      expYear: parseInt(form.expYear.value, 10) || 0,
      cvc: form.cvc.value.trim(),
    };
    var button = form.querySelector("button[type=submit]");
    busy(button, true);
    show("Processing…", "busy");
    var which = started.intentType === "setup_intent" ? { setupIntentId: started.setupIntentId } : { paymentIntentId: started.paymentIntentId };
    which.card = card;
    post("/v1/public/payment-init/confirm-card", which)
      .then(function (answer) { finish(answer.status, answer.message); },
            function (error) { finish("failed", error.message); })
      .then(function () { busy(button, false); });
  }

  document.addEventListener("DOMContentLoaded", function () {
    root = $("checkout");
    if (!root) return;
    key = root.getAttribute("data-key");
    $("customer-form").addEventListener("submit", init);
    $("card-form").addEventListener("submit", pay);
    $("retry").addEventListener("click", function () { init(null); });
  });
})();
