// A request that fails says so where it was made, never nothing (issue 31): the server
// answered with an error (htmx:responseError) or did not answer (htmx:sendError). The
// message stands right after the element that sent the request, for every hx- request of
// every page, until a request of that element succeeds or a swap takes the element away.
// Static file: the CSP allows no inline script.
(function () {
  "use strict";

  const shown = new Map(); // the element that sent a request -> its message

  // Where a request's message goes: after its element, else after its target (body, for a
  // request no element sent, heads the page's content).
  function place(message, detail) {
    const beside = [detail.elt, detail.target].find(function (elt) {
      return elt && elt !== document.body && elt.isConnected;
    });
    if (beside) beside.insertAdjacentElement("afterend", message);
    else document.getElementById("main").prepend(message);
  }

  function show(detail, text) {
    let message = shown.get(detail.elt);
    if (!message || !message.isConnected) {
      message = document.createElement("span");
      message.className = "error request-error";
      message.setAttribute("role", "alert");
      place(message, detail);
      shown.set(detail.elt, message);
    }
    message.textContent = text;
  }

  function loading(detail) {
    return detail.requestConfig && detail.requestConfig.verb === "get";
  }

  function failed(detail) {
    return loading(detail) ? "Could not load this" : "Not done";
  }

  document.addEventListener("htmx:responseError", function (event) {
    const xhr = event.detail.xhr;
    show(
      event.detail,
      failed(event.detail) + ": the server answered " + [xhr.status, xhr.statusText].join(" ").trim() + "." +
        reason(xhr) + (loading(event.detail) ? " Try again." : " Reload the page to see what was recorded, then try again.")
    );
  });

  // What the answer says is wrong, as text (never inserted as HTML): a plain-text answer, or
  // the alert of a fragment the page would not swap in (a 400's "Cannot show …").
  function reason(xhr) {
    const type = xhr.getResponseHeader("Content-Type") || "";
    let said = "";
    if (type.startsWith("text/plain")) said = xhr.responseText;
    if (type.startsWith("text/html")) {
      const alert = new DOMParser().parseFromString(xhr.responseText, "text/html").querySelector("[role=alert]");
      said = alert ? alert.textContent : "";
    }
    said = said.trim();
    return said && said.length <= 500 ? " " + said : "";
  }

  document.addEventListener("htmx:sendError", function (event) {
    show(
      event.detail,
      failed(event.detail) + ": no answer from the server (the network or the server is down). " +
        "Try again once it is back."
    );
  });

  // A request that succeeds clears its element's message, and those of elements it swapped
  // away (a list polled again after the filters replaced it).
  document.addEventListener("htmx:afterSettle", clearSettled);
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful) clear(event.detail.elt);
  });

  function clear(elt) {
    const message = shown.get(elt);
    if (message) message.remove();
    shown.delete(elt);
  }

  function clearSettled() {
    shown.forEach(function (message, elt) {
      if (!elt.isConnected) clear(elt);
    });
  }
})();
