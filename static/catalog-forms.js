/* Small helpers for the catalog forms; every form also works without them.
   - Slug suggestion: typing in [data-slug-source] fills the [data-slug-target] of the same
     [data-slug-scope] (or form) until the person edits the slug themselves.
   - Repeatable rows (the tiered-price editor, inline new features): a [data-rows] box holds
     rows marked [data-row]; [data-add-row] clones the box's <template data-row-template>
     before the box's fixed last row (if any); [data-remove-row] removes its row.
   - Feature picker: changing a feature's value ([data-pick-value]) ticks that feature. */
(function () {
  "use strict";

  function slugify(text) {
    return text.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
      .replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 100);
  }

  document.addEventListener("input", function (event) {
    var source = event.target.closest("[data-slug-source]");
    if (!source) { return; }
    var scope = source.closest("[data-slug-scope]") || source.form;
    var target = scope && scope.querySelector("[data-slug-target]");
    if (!target) { return; }
    if (target.value === "" || target.value === target.dataset.suggested) {
      target.value = slugify(source.value);
      target.dataset.suggested = target.value;
    }
  });

  document.addEventListener("change", function (event) {
    var value = event.target.closest("[data-pick-value]");
    var row = value && value.closest("[data-feature-pick]");
    var box = row && row.querySelector("input[type=checkbox]");
    if (box && !box.checked) { box.checked = true; }
  });

  function renumber(box) {
    box.querySelectorAll("[data-row-number]").forEach(function (label, index) {
      label.textContent = String(index + 1);
    });
    var rows = box.querySelectorAll("[data-row]");
    var min = Number(box.getAttribute("data-min-rows") || "0");
    rows.forEach(function (row) {
      var remove = row.querySelector("[data-remove-row]");
      if (remove) { remove.disabled = rows.length <= min; }
    });
  }

  document.addEventListener("click", function (event) {
    var add = event.target.closest("[data-add-row]");
    if (add) {
      var box = document.querySelector(add.getAttribute("data-add-row"));
      var template = box.querySelector("template[data-row-template]");
      var row = template.content.firstElementChild.cloneNode(true);
      var last = box.querySelector("[data-last-row]");
      (last ? last.parentNode : template.parentNode).insertBefore(row, last || template);
      renumber(box);
      var first = row.querySelector("input");
      if (first) { first.focus(); }
      return;
    }
    var remove = event.target.closest("[data-remove-row]");
    if (remove) {
      var rowsBox = remove.closest("[data-rows]");
      remove.closest("[data-row]").remove();
      renumber(rowsBox);
    }
  });

  document.querySelectorAll("[data-rows]").forEach(renumber);
  document.addEventListener("htmx:afterSettle", function () {
    document.querySelectorAll("[data-rows]").forEach(renumber);
  });
})();
