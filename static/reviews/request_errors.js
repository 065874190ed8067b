// A request that fails says so where it was made, never nothing (issue 31): the server
// answered with an error (htmx:responseError) or did not answer (htmx:sendError). The
// message stands right after the element that sent the request, for every hx- request of
// every page, until a request of that element succeeds. Static file: the CSP allows no
// inline script.
(function () {
  "use strict";

  const shown = new WeakMap(); // the element that sent a request -> its message

  // Where a request's message goes: after its element (body, for a request no element
  // sent, heads the page's content).
  function place(message, elt) {
    if (elt === document.body || !elt.isConnected) {
      document.getElementById("main").prepend(message);
    } else {
      elt.insertAdjacentElement("afterend", message);
    }
  }

  function show(elt, text) {
    let message = shown.get(elt);
    if (!message || !message.isConnected) {
      message = document.createElement("span");
      message.className = "error request-error";
      message.setAttribute("role", "alert");
      place(message, elt);
      shown.set(elt, message);
    }
    message.textContent = text;
  }

  function failed(detail) {
    return detail.requestConfig && detail.requestConfig.verb === "get" ? "Could not load this" : "Not done";
  }

  document.addEventListener("htmx:responseError", function (event) {
    const xhr = event.detail.xhr;
    let said = "";
    // A plain-text answer is a sentence for the reviewer (shown as text, never as HTML).
    const type = xhr.getResponseHeader("Content-Type") || "";
    if (type.startsWith("text/plain") && xhr.responseText.length <= 300) said = " " + xhr.responseText.trim();
    show(
      event.detail.elt,
      failed(event.detail) + ": the server answered " + [xhr.status, xhr.statusText].join(" ").trim() + "." + said +
        " Reload the page to see what stands, then try again."
    );
  });

  document.addEventListener("htmx:sendError", function (event) {
    show(
      event.detail.elt,
      failed(event.detail) + ": no answer from the server (the network or the server is down). " +
        "Try again once it is back."
    );
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    const message = event.detail.successful && shown.get(event.detail.elt);
    if (message) {
      message.remove();
      shown.delete(event.detail.elt);
    }
  });
})();
