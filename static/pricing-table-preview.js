/* Dashboard preview of a pricing table: always fetch the table fresh.
   The public pricing-table endpoint may be cached by browsers for a minute, which is right for
   visitors but wrong while a merchant is editing the table: each change re-renders the preview,
   and it must show the change at once. Loaded before pricing-table.js on the dashboard only. */
(function () {
  "use strict";
  var original = window.fetch;
  window.fetch = function (input, init) {
    var url = typeof input === "string" ? input : (input && input.url) || "";
    if (url.indexOf("/v1/public/pricing-tables/") !== -1) {
      init = Object.assign({}, init, { cache: "no-store" });
    }
    return original.call(this, input, init);
  };
})();
