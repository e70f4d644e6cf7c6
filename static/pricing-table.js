/*
 * Tally pricing table embed. Plain JavaScript, no build step.
 *
 *   <script src="https://YOUR-TALLY-HOST/static/pricing-table.js" defer></script>
 *   <tally-pricing-table slug="pricing" publishable-key="pk_live_..."></tally-pricing-table>
 *
 * The element fetches GET {api-base}/v1/public/pricing-tables/{slug} with the publishable key
 * in the X-Service-Key header and renders the plans in its own Shadow DOM, so the host page's
 * CSS cannot break it (theme it with --tally-accent, --tally-text, --tally-radius...).
 * api-base defaults to the origin this script was loaded from. Clicking a plan's button fires
 * `tally:plan-selected` ({planId, priceId, interval}) on the element; enterprise plans link to
 * their enterpriseRedirectUrl instead. With checkout="hosted" (the iframe: &checkout=hosted)
 * the button also opens Tally's checkout page for that plan and price in a new tab.
 *
 * The same file also drives the iframe page (/embed/pricing-tables/{slug}): loaded there with
 * data-tally-document, it styles the server-rendered table and wires its monthly/yearly switch,
 * so both embeds share one stylesheet and one switch.
 */
(function () {
  "use strict";

  var script = document.currentScript;
  var scriptOrigin = (function () {
    try {
      return new URL(script.src, location.href).origin;
    } catch (error) {
      return location.origin;
    }
  })();

  var CSS = [
    ":host { display: block; }",
    "body.tpt-page { margin: 0; padding: 16px; background: transparent; }",
    ".tpt { --accent: var(--tally-accent, #4f46e5); --text: var(--tally-text, #111827);",
    "  --muted: var(--tally-muted, #6b7280); --line: var(--tally-border, #e5e7eb);",
    "  --card: var(--tally-card, #ffffff); --radius: var(--tally-radius, 14px);",
    "  font-family: var(--tally-font, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);",
    "  color: var(--text); line-height: 1.5; box-sizing: border-box; }",
    ".tpt *, .tpt *::before, .tpt *::after { box-sizing: inherit; }",
    ".tpt-switch { display: flex; width: max-content; max-width: 100%; margin: 0 auto 1.5rem;",
    "  padding: 4px; border: 1px solid var(--line); border-radius: 999px; background: #f9fafb; }",
    ".tpt-switch button { font: inherit; font-size: .9rem; font-weight: 600; color: var(--muted);",
    "  border: 0; background: transparent; border-radius: 999px; padding: .45rem 1.1rem;",
    "  cursor: pointer; display: inline-flex; gap: .4rem; align-items: center; }",
    ".tpt-switch button[aria-pressed='true'] { background: var(--card); color: var(--text);",
    "  box-shadow: 0 1px 3px rgba(0,0,0,.12); }",
    ".tpt-switch button:focus-visible, .tpt-button:focus-visible {",
    "  outline: 2px solid var(--accent); outline-offset: 2px; }",
    ".tpt-save { font-size: .72rem; color: #047857; background: #d1fae5; border-radius: 999px;",
    "  padding: .05rem .45rem; }",
    ".tpt-grid { display: grid; gap: 1.25rem;",
    "  grid-template-columns: repeat(auto-fit, minmax(min(100%, 240px), 1fr)); }",
    ".tpt-card { display: flex; flex-direction: column; gap: .9rem; padding: 1.5rem;",
    "  background: var(--card); border: 1px solid var(--line); border-radius: var(--radius);",
    "  box-shadow: 0 1px 2px rgba(0,0,0,.04); }",
    ".tpt-name { margin: 0; font-size: 1.15rem; font-weight: 700; }",
    ".tpt-card { min-width: 0; }",
    /* A description of any length (older ones may exceed today's 500 characters) stays a few
       lines: clamped, long words broken, the whole text in its title. */
    ".tpt-desc { margin: -.5rem 0 0; color: var(--muted); font-size: .92rem;",
    "  overflow-wrap: anywhere; display: -webkit-box; -webkit-box-orient: vertical;",
    "  -webkit-line-clamp: 5; line-clamp: 5; overflow: hidden; }",
    ".tpt-price { display: flex; align-items: baseline; gap: .3rem; min-height: 2.6rem; }",
    ".tpt-amount { font-size: 2.1rem; font-weight: 750; letter-spacing: -.02em; }",
    ".tpt-per, .tpt-trial { color: var(--muted); font-size: .9rem; }",
    ".tpt-usage { display: block; color: var(--muted); font-size: .85rem; }",
    ".tpt-trial { margin: -.6rem 0 0; }",
    ".tpt[data-interval='month'] [data-interval='year'],",
    ".tpt[data-interval='year'] [data-interval='month'] { display: none; }",
    ".tpt-button { display: block; width: 100%; text-align: center; text-decoration: none;",
    "  font: inherit; font-weight: 600; padding: .7rem 1rem; border-radius: 10px; cursor: pointer;",
    "  border: 1px solid var(--accent); background: var(--accent); color: #fff; }",
    ".tpt-button:hover { filter: brightness(1.08); }",
    ".tpt-button[disabled] { opacity: .45; cursor: not-allowed; filter: none; }",
    ".tpt-card--enterprise .tpt-button { background: transparent; color: var(--accent); }",
    ".tpt-features { list-style: none; margin: 0; padding: .9rem 0 0; border-top: 1px solid var(--line);",
    "  display: grid; gap: .55rem; font-size: .92rem; }",
    ".tpt-feature { display: flex; gap: .55rem; align-items: flex-start; }",
    ".tpt-mark { flex: none; width: 1.15rem; height: 1.15rem; border-radius: 50%; margin-top: .15rem;",
    "  display: inline-grid; place-items: center; font-size: .72rem; font-weight: 700;",
    "  background: #eef2ff; color: var(--accent); }",
    ".tpt-feature--off { color: var(--muted); }",
    ".tpt-feature--off .tpt-mark { background: #f3f4f6; color: #9ca3af; }",
    ".tpt-value { font-weight: 600; }",
    ".tpt-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);",
    "  white-space: nowrap; }",
    ".tpt-message { padding: 1.25rem; border: 1px solid var(--line); border-radius: var(--radius);",
    "  color: var(--muted); text-align: center; }",
    ".tpt-message--error { border-color: #fecaca; background: #fef2f2; color: #991b1b; }",
    ".tpt-message strong { display: block; color: inherit; margin-bottom: .2rem; }",
  ].join("\n");

  var sheet = null;
  function stylesheet() {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
    }
    return sheet;
  }

  /* As the server's embed writes it (webapp/pages/embed.py format_money): $29, $29.50,
     ¥1,250, 29 CHF. Amounts are in the currency's minor units, whose number of digits Intl
     knows (none for JPY), never a guess of 100; the symbols are the server's. */
  var SYMBOLS = { USD: "$", EUR: "€", GBP: "£", JPY: "¥", INR: "₹", CAD: "CA$", AUD: "A$" };

  function formatMoney(cents, currency) {
    var code = String(currency || "").toUpperCase(), minor = 2;
    try {
      minor = new Intl.NumberFormat("en-US", { style: "currency", currency: code })
        .resolvedOptions().maximumFractionDigits;
    } catch (error) { /* an unknown code: two decimals, as the server reads it */ }
    var size = Math.pow(10, minor), whole = Math.floor(Math.abs(cents) / size);
    var part = Math.abs(cents) % size;
    var text = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    if (part) text += "." + String(part).padStart(minor, "0");
    var sign = cents < 0 ? "-" : "";
    return SYMBOLS[code] ? sign + SYMBOLS[code] + text : (sign + text + " " + code).trim();
  }

  function safeUrl(value) {
    try {
      var url = new URL(value);
      return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
    } catch (error) {
      return null;
    }
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  /* Largest yearly saving against twelve monthly payments, in whole percent (0 when none). */
  function yearlySaving(plans) {
    var best = 0;
    plans.forEach(function (plan) {
      var month = plan.prices.month, year = plan.prices.year;
      if (month && year && month.amountCents > 0) {
        best = Math.max(best, Math.floor((1 - year.amountCents / (12 * month.amountCents)) * 100));
      }
    });
    return best;
  }

  function featureItem(feature) {
    var off = feature.featureType === "boolean" && feature.value !== true;
    var item = el("li", "tpt-feature" + (off ? " tpt-feature--off" : ""));
    item.appendChild(el("span", "tpt-mark", off ? "–" : "✓")).setAttribute("aria-hidden", "true");
    var text = el("span", "tpt-feature-text", feature.displayName);
    if (feature.featureType !== "boolean" && feature.value !== null && feature.value !== "") {
      text.appendChild(document.createTextNode(": "));
      var shown = typeof feature.value === "number" ? feature.value.toLocaleString("en-US") : feature.value;
      text.appendChild(el("span", "tpt-value", shown));
    }
    if (off) text.appendChild(el("span", "tpt-sr", " (not included)"));
    item.appendChild(text);
    return item;
  }

  function priceBlock(plan, interval) {
    var block = el("div", "tpt-price");
    block.setAttribute("data-interval", interval);
    var price = plan.prices[interval];
    if (plan.isEnterprisePlan && !price) {
      block.appendChild(el("span", "tpt-amount", "Custom"));
    } else if (!price) {
      block.appendChild(el("span", "tpt-amount", "—"));
      block.appendChild(el("span", "tpt-per", interval === "year" ? "no yearly option" : "no monthly option"));
    } else {
      block.appendChild(el("span", "tpt-amount", formatMoney(price.amountCents, price.currency)));
      block.appendChild(el("span", "tpt-per", interval === "year" ? "/ year" : "/ month"));
      if (price.plusUsage) {
        block.appendChild(el("span", "tpt-usage", "+ usage"));
      }
    }
    return block;
  }

  function card(plan, host) {
    var node = el("article", "tpt-card" + (plan.isEnterprisePlan ? " tpt-card--enterprise" : ""));
    node.setAttribute("data-plan-id", plan.id);
    node.appendChild(el("h3", "tpt-name", plan.name));
    if (plan.description) {
      var description = node.appendChild(el("p", "tpt-desc", plan.description));
      description.title = plan.description;
    }
    node.appendChild(priceBlock(plan, "month"));
    node.appendChild(priceBlock(plan, "year"));
    if (plan.trialDays) node.appendChild(el("p", "tpt-trial", plan.trialDays + "-day free trial"));
    var url = plan.isEnterprisePlan ? safeUrl(plan.enterpriseRedirectUrl) : null;
    var button;
    if (url) {
      button = el("a", "tpt-button", plan.buttonText || "Contact sales");
      button.href = url;
      button.rel = "noopener";
    } else {
      button = el("button", "tpt-button", plan.buttonText || "Get started");
      button.type = "button";
      button.setAttribute("data-plan-id", plan.id);
      ["month", "year"].forEach(function (interval) {
        var price = plan.prices[interval];
        if (price) button.setAttribute("data-" + interval + "-price-id", price.id);
      });
      button.addEventListener("click", function () {
        var detail = selection(button, host.interval);
        host.dispatchEvent(new CustomEvent("tally:plan-selected", {
          bubbles: true,
          composed: true,
          detail: detail,
        }));
        if (host.getAttribute("checkout") === "hosted") {
          openCheckout(host._base(), host.getAttribute("slug"), host.getAttribute("publishable-key"), detail);
        }
      });
    }
    node.appendChild(button);
    if (plan.features.length) {
      var list = el("ul", "tpt-features");
      plan.features.forEach(function (feature) { list.appendChild(featureItem(feature)); });
      node.appendChild(list);
    }
    return node;
  }

  function switchControl(saving) {
    var group = el("div", "tpt-switch");
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", "Billing period");
    [["month", "Monthly"], ["year", "Yearly"]].forEach(function (pair) {
      var button = el("button", null, pair[1]);
      button.type = "button";
      button.setAttribute("data-switch", pair[0]);
      if (pair[0] === "year" && saving > 0) button.appendChild(el("span", "tpt-save", "Save " + saving + "%"));
      group.appendChild(button);
    });
    return group;
  }

  /* checkout="hosted" (opt-in): a plan button also opens Tally's checkout page for that plan
     and price in a new tab; tally:plan-selected still fires first. */
  function openCheckout(base, slug, key, detail) {
    if (!detail.priceId) return;
    var url = base + "/checkout/" + encodeURIComponent(slug) + "/" + encodeURIComponent(detail.planId) +
      "?price=" + encodeURIComponent(detail.priceId) + "&key=" + encodeURIComponent(key);
    window.open(url, "_blank", "noopener");
  }

  function selection(button, interval) {
    return {
      planId: button.getAttribute("data-plan-id"),
      priceId: button.getAttribute("data-" + interval + "-price-id") || null,
      interval: interval,
    };
  }

  /* Show one interval; the switch buttons reflect it, and a plan that has prices but none for
     this interval cannot be chosen. Used by both embeds. */
  function selectInterval(root, interval) {
    root.setAttribute("data-interval", interval);
    root.querySelectorAll("[data-switch]").forEach(function (button) {
      button.setAttribute("aria-pressed", String(button.getAttribute("data-switch") === interval));
    });
    root.querySelectorAll("button.tpt-button[data-plan-id]").forEach(function (button) {
      var priced = button.hasAttribute("data-month-price-id") || button.hasAttribute("data-year-price-id");
      button.disabled = priced && !button.hasAttribute("data-" + interval + "-price-id");
    });
  }

  function wireSwitch(root, onChange) {
    root.querySelectorAll("[data-switch]").forEach(function (button) {
      button.addEventListener("click", function () {
        selectInterval(root, button.getAttribute("data-switch"));
        if (onChange) onChange(button.getAttribute("data-switch"));
      });
    });
    selectInterval(root, root.getAttribute("data-interval") || "month");
  }

  var UNAVAILABLE = "This pricing table is not available right now.";

  function message(text, detail, isError) {
    var box = el("div", "tpt-message" + (isError ? " tpt-message--error" : ""));
    if (isError) box.setAttribute("role", "alert");
    box.appendChild(el("strong", null, text));
    if (detail) box.appendChild(el("span", null, detail));
    var root = el("div", "tpt");
    root.appendChild(box);
    return root;
  }

  class TallyPricingTable extends HTMLElement {
    static get observedAttributes() { return ["slug", "publishable-key", "api-base", "fresh"]; }

    constructor() {
      super();
      this.interval = "month";
      this._request = 0;
      var shadow = this.attachShadow({ mode: "open" });
      shadow.adoptedStyleSheets = [stylesheet()];
    }

    connectedCallback() { this._load(); }

    attributeChangedCallback() { if (this.isConnected) this._load(); }

    _show(node) { this.shadowRoot.replaceChildren(node); }

    _base() { return (this.getAttribute("api-base") || scriptOrigin).replace(/\/+$/, ""); }

    _load() {
      var slug = this.getAttribute("slug"), key = this.getAttribute("publishable-key");
      var base = this._base();
      var request = ++this._request, self = this;
      if (!slug || !key) {
        this._fail("The embed needs a slug and a publishable-key attribute.");
        return;
      }
      this._show(message("Loading plans…"));
      fetch(base + "/v1/public/pricing-tables/" + encodeURIComponent(slug), {
        headers: { "X-Service-Key": key },
        credentials: "omit",
        // `fresh` (the dashboard preview) skips the one-minute browser cache visitors get.
        cache: this.hasAttribute("fresh") ? "no-store" : "default",
      })
        .then(function (response) {
          return response.json().catch(function () { return {}; }).then(function (body) {
            if (!response.ok) throw new Error(body.error || "The server answered " + response.status);
            return body.pricingTable;
          });
        })
        .then(function (table) {
          if (request === self._request) self._render(table);
        })
        .catch(function (error) {
          if (request !== self._request) return;
          self._fail(error.message || "Network error");
        });
    }

    /* Visitors of the merchant's site get a neutral sentence; why it failed (a wrong key, a
       missing table) is for the merchant's developer: the console and the tally:error event. */
    _fail(reason) {
      this._show(message(UNAVAILABLE, null, true));
      if (window.console) console.warn("Tally pricing table: " + reason);
      this.dispatchEvent(new CustomEvent("tally:error", { detail: { message: reason } }));
    }

    _render(table) {
      var self = this;
      var root = el("div", "tpt");
      root.setAttribute("data-interval", this.interval);
      if (!table.plans.length) {
        this._show(message("No plans to show yet."));
        return;
      }
      if (table.plans.some(function (plan) { return plan.prices.year; })) {
        root.appendChild(switchControl(yearlySaving(table.plans)));
      }
      var grid = el("div", "tpt-grid");
      table.plans.forEach(function (plan) { grid.appendChild(card(plan, self)); });
      root.appendChild(grid);
      wireSwitch(root, function (interval) { self.interval = interval; });
      this._show(root);
      this.dispatchEvent(new CustomEvent("tally:loaded", { detail: { slug: table.slug } }));
    }
  }

  if (!customElements.get("tally-pricing-table")) {
    customElements.define("tally-pricing-table", TallyPricingTable);
  }

  /* The iframe page: style the server-rendered table and wire its switch and buttons. */
  if (script && script.hasAttribute("data-tally-document")) {
    document.adoptedStyleSheets = document.adoptedStyleSheets.concat([stylesheet()]);
    document.addEventListener("DOMContentLoaded", function () {
      var root = document.querySelector(".tpt");
      if (!root) return;
      var state = { interval: root.getAttribute("data-interval") || "month" };
      wireSwitch(root, function (interval) { state.interval = interval; });
      root.querySelectorAll("button.tpt-button[data-plan-id]").forEach(function (button) {
        button.addEventListener("click", function () {
          var detail = selection(button, state.interval);
          window.parent.postMessage({ type: "tally:plan-selected", detail: detail }, "*");
          if (root.getAttribute("data-checkout") === "hosted") {
            openCheckout(location.origin, root.getAttribute("data-slug"), root.getAttribute("data-key"), detail);
          }
        });
      });
    });
  }
})();
