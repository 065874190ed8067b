// Verbatim reviewer page: one selected quote, always the one the source pane shows (keys,
// clicks, badges, #qN links); the tally singles out a status; ? lists the keys, c / x give
// the selected quote a verdict, a / r open the review box; the pane scrolls to its
// highlighted paragraph after every swap; a decision focuses the link to the next assessment.
// Static file only: the Content-Security-Policy allows no inline script.
(function () {
  "use strict";

  function allQuotes() {
    return Array.from(document.querySelectorAll("#response [data-quote], .unplaced [data-quote]"));
  }

  // The status the tally singles out ("" for none): the keys move among its quotes only.
  function statusFilter() {
    const split = document.querySelector(".split");
    return split ? split.dataset.filter : "";
  }

  function quotes() {
    const status = statusFilter();
    return allQuotes().filter(function (quote) {
      return !status || quote.dataset.status === status;
    });
  }

  // Without reloading: what the tally's links do without JavaScript (?status=…).
  function filterBy(status) {
    document.querySelector(".split").dataset.filter = status;
    document.querySelector("[data-filter-name]").textContent = status;
    document.querySelectorAll(".tally [data-filter-status]").forEach(function (chip) {
      const chosen = chip.dataset.filterStatus === status;
      if (chosen) chip.setAttribute("aria-current", "true");
      else chip.removeAttribute("aria-current");
      chip.setAttribute("href", chosen ? location.pathname : "?status=" + chip.dataset.filterStatus);
    });
    const url = new URL(location.href);
    if (status) url.searchParams.set("status", status);
    else url.searchParams.delete("status");
    history.replaceState(null, "", url);
    const selected = current();
    if (status && (!selected || selected.dataset.status !== status)) {
      // On to the first such quote after the selection, else the first of all.
      const all = allQuotes();
      const after = all.slice(all.indexOf(selected) + 1).concat(all);
      select(after.find(function (quote) { return quote.dataset.status === status; }), "now");
    }
  }

  function current() {
    return document.querySelector("[data-quote].is-current");
  }

  function quoteNumbered(hash) {
    const match = /^#q(\d+)$/.exec(hash);
    return match && document.querySelector('[data-quote="' + match[1] + '"]');
  }

  // The quote the pane shows, as its header says: a pane rendered with the page (the
  // no-JavaScript URL) or loaded for an earlier selection.
  function paneShows(quote) {
    const head = document.querySelector("#source-pane [data-pane-quote]");
    return head !== null && head.dataset.paneQuote === quote.dataset.quote;
  }

  // Moving loads the pane too, once the keys rest: holding j stays smooth.
  const PANE_DELAY_MS = 180;
  let paneTimer = null;

  // One selection: the quote outlined is the one the pane shows or is loading. `load` is
  // "now", "soon" (after PANE_DELAY_MS, if still selected) or false.
  function select(quote, load, keepFocus) {
    if (!quote) return;
    document.querySelectorAll("[data-quote].is-current").forEach(function (other) {
      if (other !== quote) other.classList.remove("is-current");
    });
    quote.classList.add("is-current");
    const link = quote.querySelector(".quote-text");
    if (!keepFocus) link.focus({ preventScroll: true });
    quote.scrollIntoView({ block: "nearest", behavior: "smooth" });
    clearTimeout(paneTimer);
    if (load === "now") {
      loadPane(quote);
    } else if (load === "soon") {
      paneTimer = setTimeout(function () {
        if (current() === quote) loadPane(quote);
      }, PANE_DELAY_MS);
    }
  }

  function loadPane(quote) {
    history.replaceState(null, "", "#q" + quote.dataset.quote);
    if (paneShows(quote)) {
      scrollToFocus();
    } else {
      // htmx sends the link's hx-get; hx-sync queues it behind one still on its way, and
      // only the last (aborting it instead would log an htmx error in the console).
      quote.querySelector(".quote-text").click();
    }
  }

  // Letters typed into a field are text; on a radio or a checkbox they are the page's keys.
  function typing(target) {
    const field = "input:not([type=radio]):not([type=checkbox]), textarea, select, [contenteditable]";
    return target.closest(field) !== null;
  }

  // The next (step 1) or previous (step -1) quote that needs a look: not verified, or with
  // attention, and no reviewer's verdict yet (issue 31, item 2).
  function needingAttention(all, index, step) {
    for (let at = index + step; at >= 0 && at < all.length; at += step) {
      if (needsLook(all[at])) return all[at];
    }
    return null;
  }

  function needsLook(quote) {
    const verdict = document.getElementById("q" + quote.dataset.quote + "-verdict");
    if (verdict && verdict.dataset.verdict) return false;
    return quote.dataset.status !== "verified" || quote.dataset.attention === "1";
  }

  // c / x: a verdict on the selected quote, into the pane's verdict box when it shows the
  // quote (with the comment typed there), else into the verdict beside the quote's badge; an
  // error shows in either. Posted from here, not by clicking the box's button: a box swapped
  // in a moment ago may not be wired by htmx yet, and its form would leave the page.
  function giveVerdict(quote, action) {
    const box = document.querySelector('#quote-verdict[data-verdict-quote="' + quote.dataset.quote + '"]');
    const comment = box && box.querySelector("textarea[name=comment]");
    htmx.ajax("POST", quote.dataset.verdictUrl, {
      source: box || quote,
      target: box ? "#quote-verdict" : "#q" + quote.dataset.quote + "-verdict",
      swap: "outerHTML",
      values: { action: action, comment: comment ? comment.value : "" },
    });
  }

  // a / r: the review box, at what the decision needs next; Ctrl+Enter in its comment then
  // records that decision. The review box is swapped whole after a decision, intent and all.
  function openReview(action) {
    const panel = document.getElementById("review");
    panel.dataset.intent = action;
    const button = panel.querySelector('button[value="' + action + '"]');
    const confirm = panel.querySelector("input[name=confirm_unverified]");
    let target = panel.querySelector("textarea[name=comment]");
    if (action === "approve") target = confirm && !confirm.checked ? confirm : button;
    // Decided already, or approval waiting for verification: the box says why.
    if (!button || button.disabled || !target) target = panel;
    target.focus({ preventScroll: true });
    panel.scrollIntoView({ block: "center", behavior: "smooth" });
  }

  function recordIntent(event) {
    const panel = event.target.closest("#review[data-intent]");
    const button = panel && panel.querySelector('button[value="' + panel.dataset.intent + '"]');
    if (!button || button.disabled) return;
    event.preventDefault();
    button.click();
  }

  // Enter / Shift+Enter in the box of a search already shown: the next / previous place it
  // found, in the paragraphs shown, then in the next / previous paragraph the list names
  // (which loads the pane there). Words changed: Enter searches them (issue 31, item 3).
  function stepHit(event) {
    const pane = document.getElementById("source-pane");
    const hits = pane.querySelector(".source-hits");
    if (!hits || event.target.value.trim() !== hits.dataset.find.trim()) return false;
    event.preventDefault();
    const step = event.shiftKey ? -1 : 1;
    const marks = Array.from(pane.querySelectorAll(".source-text mark.hit"));
    const now = pane.querySelector("mark.hit.is-current-hit");
    const next = marks[marks.indexOf(now) + step];
    if (next && now) {
      showHit(next);
      return true;
    }
    const from = paragraphNumber(now || pane.querySelector("[data-focus]"));
    const links = Array.from(hits.querySelectorAll("ol a"));
    const further = links.filter(function (link) {
      const number = Number(/[?&]at=(\d+)/.exec(link.getAttribute("href"))[1]);
      return step > 0 ? number > from : number < from;
    });
    const link = step > 0 ? further[0] : further[further.length - 1];
    // Requested from here, not clicked: the list came in with the pane a moment ago and htmx
    // may not have wired it yet, so a click would leave the page.
    if (link) {
      htmx.ajax("GET", link.getAttribute("hx-get"), { source: link, target: "#source-pane", swap: "innerHTML" });
    }
    else announce(step > 0 ? "No more places found below" : "No more places found above");
    return true;
  }

  function paragraphNumber(element) {
    const paragraph = element && element.closest(".para");
    return paragraph ? Number(paragraph.id.slice(1)) : 0;
  }

  function showHit(mark) {
    document.querySelectorAll("#source-pane mark.hit.is-current-hit").forEach(function (other) {
      other.classList.remove("is-current-hit");
    });
    mark.classList.add("is-current-hit");
    scrollPaneTo(mark);
  }

  function announce(text) {
    const status = document.getElementById("pane-status");
    if (status) status.textContent = text;
  }

  document.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && event.target.matches("#review textarea")) {
      recordIntent(event);
      return;
    }
    if (event.key === "Enter" && event.target.matches("#source-pane .source-find input[name=find]") && stepHit(event)) {
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    const help = document.getElementById("key-help");
    if (event.key === "?" && help) {
      event.preventDefault();
      help.togglePopover();
      return;
    }
    if ((event.key === "a" || event.key === "r") && document.getElementById("review")) {
      event.preventDefault();
      openReview(event.key === "a" ? "approve" : "reject");
      return;
    }
    if ((event.key === "c" || event.key === "x") && current()) {
      event.preventDefault();
      giveVerdict(current(), event.key === "c" ? "confirm" : "overrule");
      return;
    }
    const all = quotes();
    if (!all.length) return;
    const index = all.indexOf(current());
    if (event.key === "j") {
      event.preventDefault();
      select(all[Math.min(index + 1, all.length - 1)], "soon");
    } else if (event.key === "k") {
      event.preventDefault();
      select(all[Math.max(index - 1, 0)], "soon");
    } else if (event.key === "n" || event.key === "p") {
      event.preventDefault();
      const from = index < 0 && event.key === "p" ? all.length : index;
      select(needingAttention(all, from, event.key === "n" ? 1 : -1), "soon");
    }
    // Enter on a focused quote link follows it at once.
  });

  document.addEventListener("click", function (event) {
    const link = event.target.closest(".quote-text");
    if (link) {
      const quote = link.closest("[data-quote]");
      select(quote, false, true);
      history.replaceState(null, "", "#q" + quote.dataset.quote);
      return;
    }
    const chip = event.target.closest("[data-filter-status]");
    if (chip) {
      event.preventDefault();
      const status = chip.dataset.filterStatus;
      filterBy(status === statusFilter() ? "" : status);
      return;
    }
    // A badge opens its quote's details (its popover) and selects the quote too.
    const badge = event.target.closest("[data-quote] > .badge");
    if (badge) {
      select(badge.closest("[data-quote]"), "now", true);
      return;
    }
    // A link to a quote on this page (the approve box's, the pane's "Quote N") selects it
    // and loads its source, also when the address already ends in that #qN.
    const jump = event.target.closest('a[href^="#q"]');
    const target = jump && quoteNumbered(jump.getAttribute("href"));
    if (target) {
      event.preventDefault();
      history.pushState(null, "", jump.getAttribute("href"));
      select(target, "now");
    }
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    // Decided: on to the next assessment with Enter.
    const next = event.detail.target.id === "review" && document.getElementById("next-assessment");
    if (next) next.focus();
    if (event.detail.target.id !== "source-pane") return;
    announcePane();
    followPane();
    scrollToFocus();
    // A search inside the source: its first place marked, and its box again, to go on with
    // Enter. A hit opened from the list of all sources: that source's box.
    const first = document.querySelector("#source-pane [data-focus] mark.hit");
    if (first) showHit(first);
    const box = document.querySelector("#source-pane .source-find input[name=find]");
    const searched = event.detail.requestConfig.elt.closest(".source-find, .source-hits, .sources-hits");
    if (box && searched) box.focus({ preventScroll: true });
    if (event.detail.requestConfig.elt.matches(".sources-find")) {
      document.querySelector("#source-pane .sources-find input[name=find]").focus({ preventScroll: true });
    }
  });

  function announcePane() {
    const head = document.querySelector("#source-pane .pane-head");
    const status = document.getElementById("pane-status");
    if (head && status) status.textContent = head.dataset.announce;
  }

  // A source opened on its own: the selection is the quote whose citation opened it, if
  // any, so the quote outlined is never one the pane does not show.
  function followPane() {
    const head = document.querySelector("#source-pane .pane-head");
    if (!head || head.dataset.paneQuote) return;
    const citing = head.dataset.paneCitedBy;
    document.querySelectorAll("[data-quote].is-current").forEach(function (quote) {
      if (quote.dataset.quote !== citing) quote.classList.remove("is-current");
    });
  }

  function scrollToFocus() {
    const pane = document.getElementById("source-pane");
    const focus = pane && pane.querySelector("[data-focus]");
    if (!focus) {
      if (pane) pane.scrollTop = 0; // a source opened from its start
      return;
    }
    scrollPaneTo(focus.querySelector("mark") || focus);
  }

  // The pane alone (scrollIntoView would scroll the page too, away from the selected quote),
  // centred in what the sticky header and notes leave visible.
  function scrollPaneTo(element) {
    const pane = document.getElementById("source-pane");
    const top = pane.querySelector(".pane-top");
    const covered = top ? top.offsetHeight : 0;
    const mark = element.getBoundingClientRect();
    const box = pane.getBoundingClientRect();
    const room = pane.clientHeight - covered;
    pane.scrollTop += mark.top - box.top - covered - Math.max(0, (room - mark.height) / 2);
  }

  function openFromHash() {
    select(quoteNumbered(location.hash), "now");
  }

  document.addEventListener("htmx:load", function (event) {
    if (event.detail.elt === document.body) openFromHash();
  });
  window.addEventListener("hashchange", openFromHash);
})();
