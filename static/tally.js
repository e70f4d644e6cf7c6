/* The dashboard's few behaviours, in a file so the Content-Security-Policy can forbid inline
   scripts. Loaded in <head> without defer: the "js" class must be set before the first paint,
   and the listeners below are on the document, which exists already. */
document.documentElement.classList.add("js");

/* Copy buttons, dismissible messages, the phone menu, and a message when an HTMX
   request fails (so a failed click never looks like nothing happened). */
document.addEventListener("click", function (event) {
  var copy = event.target.closest("[data-copy]");
  if (copy) {
    var source = document.querySelector(copy.getAttribute("data-copy"));
    var done = function () { copy.textContent = "Copied"; copy.classList.add("copied"); };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(source.value).then(done);
    } else {
      source.select(); document.execCommand("copy"); done();
    }
  }
  var dismiss = event.target.closest("[data-dismiss]");
  if (dismiss) { dismiss.parentElement.remove(); }
  var toggle = event.target.closest(".nav-toggle");
  if (toggle) {
    var open = toggle.getAttribute("aria-expanded") !== "true";
    toggle.setAttribute("aria-expanded", String(open));
    document.getElementById(toggle.getAttribute("aria-controls")).classList.toggle("open", open);
  }
});
/* An error page's own message (its <h1>, e.g. "Plan not found or access denied") says more
   than a status number; it is parsed, never inserted, so nothing in it runs. */
function errorPageMessage(xhr) {
  var type = xhr.getResponseHeader("Content-Type") || "";
  if (type.indexOf("text/html") !== 0 || xhr.status >= 500) { return null; }
  var page = new DOMParser().parseFromString(xhr.responseText, "text/html");
  var heading = page.querySelector(".error-card h1");
  return heading && heading.textContent.trim() ? heading.textContent.trim() : null;
}
document.addEventListener("htmx:responseError", function (event) {
  var box = document.getElementById("flashes");
  var note = document.createElement("div");
  var xhr = event.detail.xhr;
  note.className = "flash flash-error";
  note.setAttribute("role", "alert");
  note.textContent = xhr.status === 403
    ? "Your session has changed. Reload the page and try again."
    : errorPageMessage(xhr) || "Something went wrong (" + xhr.status + "). Please try again.";
  box.replaceChildren(note);
});

/* Busy state: while a request is in flight its button is disabled and marked aria-busy (Pico
   draws a spinner), so a slow answer never looks like a dead click and a second click cannot
   send the form twice. One hook covers every HTMX form and button, another every plain form;
   no template needs its own attribute. Only buttons and links are marked: a search box that
   asks as you type stays usable. */
function busyTargets(elt, submitter) {
  if (elt.tagName === "FORM") {
    var button = submitter && elt.contains(submitter) ? submitter
      : elt.querySelector('button[type="submit"], button:not([type]), input[type="submit"]');
    return button ? [button] : [];
  }
  return elt.matches("button, a, input[type='submit']") ? [elt] : [];
}
function markBusy(targets) {
  targets.forEach(function (target) {
    target.setAttribute("aria-busy", "true");
    if (target.tagName === "A") {
      target.setAttribute("aria-disabled", "true");
    } else if (!target.disabled) {
      target.disabled = true;
      target.setAttribute("data-busy-disabled", "");
    }
  });
}
function clearBusy(targets) {
  targets.forEach(function (target) {
    target.removeAttribute("aria-busy");
    if (target.tagName === "A") { target.removeAttribute("aria-disabled"); }
    if (target.hasAttribute("data-busy-disabled")) {
      target.disabled = false;
      target.removeAttribute("data-busy-disabled");
    }
  });
}
document.addEventListener("htmx:beforeRequest", function (event) {
  var trigger = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
  var targets = busyTargets(event.detail.elt, trigger && trigger.submitter);
  event.detail.elt.tallyBusy = targets;
  markBusy(targets);
});
document.addEventListener("htmx:afterRequest", function (event) {
  clearBusy(event.detail.elt.tallyBusy || []);
  event.detail.elt.tallyBusy = null;
});
document.addEventListener("submit", function (event) {
  var form = event.target;
  if (event.defaultPrevented || form.hasAttribute("target")) { return; }  // htmx's, or a new tab
  if (form.hasAttribute("data-submitting")) { event.preventDefault(); return; }
  form.setAttribute("data-submitting", "");
  var targets = busyTargets(form, event.submitter);
  targets.forEach(function (target) { target.setAttribute("aria-busy", "true"); });
  /* Disabled after this turn: a button disabled now would drop its own name=value. */
  setTimeout(function () { markBusy(targets); }, 0);
});
/* Back to a page kept in the browser's memory: its buttons must work again. */
window.addEventListener("pageshow", function (event) {
  if (!event.persisted) { return; }
  document.querySelectorAll("form[data-submitting]").forEach(function (form) {
    form.removeAttribute("data-submitting");
    clearBusy([].slice.call(form.querySelectorAll("[aria-busy]")));
  });
});

/* Confirmations (hx-confirm) open the app's own dialog instead of the browser's confirm():
   Cancel has the focus, Escape closes it, and the confirm button repeats the action's name. */
document.addEventListener("htmx:confirm", function (event) {
  var question = event.detail.question;
  var dialog = document.getElementById("confirm-dialog");
  if (!question || !dialog) { return; }
  event.preventDefault();
  var trigger = event.detail.elt;
  var named = busyTargets(trigger, null)[0] || trigger;  // a form is named by its button
  var ok = dialog.querySelector("[data-confirm-ok]");
  var cancel = dialog.querySelector("[data-confirm-cancel]");
  document.getElementById("confirm-message").textContent = question;
  ok.textContent = (named.textContent || "").trim() || "Confirm";
  /* "Cancel" beside "Cancel subscription" would be ambiguous: that one keeps it. */
  cancel.textContent = /^Cancel\b/.test(ok.textContent) ? "Keep it" : "Cancel";
  ok.classList.toggle("danger", named.classList.contains("danger")
    || /^(Delete|Revoke|Remove|Cancel|Deactivate)\b/.test(ok.textContent));
  var finish = function (confirmed) {
    ok.onclick = null;
    dialog.onclose = null;
    if (dialog.open) { dialog.close(); }
    if (confirmed) { event.detail.issueRequest(true); }
    if (!confirmed && document.contains(named)) { named.focus(); }
  };
  ok.onclick = function () { finish(true); };
  dialog.onclose = function () { finish(false); };
  dialog.showModal();
  cancel.focus();
});
document.addEventListener("click", function (event) {
  if (event.target.closest("[data-confirm-cancel]")) {
    event.target.closest("dialog").close();
  }
});
