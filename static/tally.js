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
  if (!toggle && event.target.closest(".soon-link")) {
    toggle = document.querySelector('.nav-toggle[aria-expanded="false"]');
  }
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
