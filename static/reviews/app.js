// Verbatim reviewer page: keyboard moves between quotes, deep links open a quote's source,
// and the source pane scrolls to its highlighted paragraph after every swap.
// Static file only: the Content-Security-Policy allows no inline script.
(function () {
  "use strict";

  function quotes() {
    return Array.from(document.querySelectorAll("#response [data-quote], .unplaced [data-quote]"));
  }

  function current() {
    return document.querySelector("[data-quote].is-current");
  }

  function select(quote, open) {
    if (!quote) return;
    const previous = current();
    if (previous) previous.classList.remove("is-current");
    quote.classList.add("is-current");
    const link = quote.querySelector(".quote-text");
    link.focus({ preventScroll: true });
    quote.scrollIntoView({ block: "nearest", behavior: "smooth" });
    if (open) link.click();
  }

  function typing(target) {
    return target.closest("input, textarea, select, [contenteditable]") !== null;
  }

  // Moving loads the pane too, once the keys rest: holding j stays smooth.
  const PANE_DELAY_MS = 180;
  let paneTimer = null;

  function move(quote) {
    if (!quote) return;
    select(quote, false);
    clearTimeout(paneTimer);
    paneTimer = setTimeout(function () {
      if (current() === quote) quote.querySelector(".quote-text").click();
    }, PANE_DELAY_MS);
  }

  // The next (step 1) or previous (step -1) quote that needs attention: not verified.
  function needingAttention(all, index, step) {
    for (let at = index + step; at >= 0 && at < all.length; at += step) {
      if (all[at].dataset.status !== "verified") return all[at];
    }
    return null;
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    const all = quotes();
    if (!all.length) return;
    const index = all.indexOf(current());
    if (event.key === "j") {
      event.preventDefault();
      move(all[Math.min(index + 1, all.length - 1)]);
    } else if (event.key === "k") {
      event.preventDefault();
      move(all[Math.max(index - 1, 0)]);
    } else if (event.key === "n" || event.key === "p") {
      event.preventDefault();
      move(needingAttention(all, index < 0 && event.key === "p" ? all.length : index,
                            event.key === "n" ? 1 : -1));
    }
    // Enter on a focused quote link follows it at once.
  });

  document.addEventListener("click", function (event) {
    const link = event.target.closest(".quote-text");
    if (!link) return;
    const quote = link.closest("[data-quote]");
    if (quote) {
      const previous = current();
      if (previous) previous.classList.remove("is-current");
      quote.classList.add("is-current");
      history.replaceState(null, "", "#q" + quote.dataset.quote);
    }
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target.id !== "source-pane") return;
    scrollToFocus();
  });

  function scrollToFocus() {
    const pane = document.getElementById("source-pane");
    const focus = pane && pane.querySelector("[data-focus]");
    if (!focus) return;
    const mark = focus.querySelector("mark") || focus;
    mark.scrollIntoView({ block: "center", behavior: "instant" });
  }

  function openFromHash() {
    const match = /^#q(\d+)$/.exec(location.hash);
    if (!match) return;
    const quote = document.querySelector('[data-quote="' + match[1] + '"]');
    if (!quote) return;
    if (document.querySelector("#source-pane [data-focus]")) {
      // Rendered with its source already (no-JavaScript fallback URL).
      quote.classList.add("is-current");
      scrollToFocus();
      return;
    }
    select(quote, true);
  }

  document.addEventListener("htmx:load", function (event) {
    if (event.detail.elt === document.body) openFromHash();
  });
  window.addEventListener("hashchange", openFromHash);
})();
