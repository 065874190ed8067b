// The source pane's page view (issue 34, item 4): a PDF source's page drawn by pdf.js
// (vendored, static/vendor/pdfjs/) into a canvas with its text layer over it, the quote's
// text marked on it, drawn again when the pane's width changes. pdf.js is imported only once
// a page view is opened. The chosen view (text or page) stays as the pane loads other quotes,
// and the address says it (?view=page), so a link or a reload opens the same view. Static
// module only: the Content-Security-Policy allows no inline script.

const REDRAW_DELAY_MS = 150; // a window dragged wider redraws once it rests

let chosenView = new URLSearchParams(location.search).get("view") === "page" ? "page" : "text";
let library = null;
let shown = null; // the page view open now: its element, PDF document and ResizeObserver

function pane() {
  return document.getElementById("source-pane");
}

function showView(view) {
  const page = pane().querySelector("#pdf-page");
  const text = pane().querySelector("#source-text");
  if (!page || !text) return;
  pane().querySelectorAll("[data-pane-view]").forEach(function (link) {
    if (link.dataset.paneView === view) link.setAttribute("aria-current", "true");
    else link.removeAttribute("aria-current");
  });
  page.hidden = view !== "page";
  text.hidden = view === "page";
  if (view === "page" && !page.dataset.rendered) {
    page.dataset.rendered = "loading";
    openPage(page).then(
      function (found) {
        page.dataset.rendered = "done";
        say(page, found ? "" : "The quote's text was not found on this page's text.");
        announce(page.getAttribute("aria-label") + (found ? ", the quote's text marked" : ""));
      },
      function (error) {
        if (!page.isConnected) return; // the pane moved on meanwhile
        page.dataset.rendered = "failed";
        say(page, "The page could not be shown: " + error.message + ". The PDF opens from the link above.");
      },
    );
  }
}

// The address names the view, for a reload or a copied link; its #qN stays as it is.
function rememberView(view) {
  const url = new URL(location.href);
  if (view === "page") url.searchParams.set("view", "page");
  else url.searchParams.delete("view");
  history.replaceState(history.state, "", url);
}

// Screen readers hear what the pane shows now (app.js announces each pane the same way).
function announce(words) {
  const status = document.getElementById("pane-status");
  if (status) status.textContent = words;
}

function say(page, words) {
  const status = page.querySelector(".pdf-status");
  status.textContent = words;
  status.hidden = !words;
}

function loadLibrary(page) {
  library ??= import(page.dataset.pdfLibrary).then(function (pdfjs) {
    pdfjs.GlobalWorkerOptions.workerSrc = page.dataset.pdfWorker;
    return pdfjs;
  });
  return library;
}

// Opens the PDF, draws its page and keeps it open while the pane shows it, to draw it again
// at each new width; true when the quote's text was found and marked on it.
async function openPage(page) {
  const pdfjs = await loadLibrary(page);
  if (!page.isConnected) throw new Error("the pane moved on");
  closePage();
  const task = pdfjs.getDocument({
    url: page.dataset.pdfUrl,
    // Fonts a PDF names without embedding them, and the CMaps of CJK text, from the files
    // vendored beside pdf.js (fetched from 'self', as the CSP's connect-src allows).
    standardFontDataUrl: page.dataset.pdfFonts,
    cMapUrl: page.dataset.pdfCmaps,
    cMapPacked: true,
  });
  // `drawn`: the width drawn at; `found`: whether the quote's text was marked there.
  const open = { page: page, task: task, drawn: 0, found: false, drawing: null, timer: 0 };
  shown = open;
  const pdfPage = await (await task.promise).getPage(Number(page.dataset.pdfPage));
  open.drawing = drawPage(pdfjs, pdfPage, open);
  const found = await open.drawing;
  open.observer = new ResizeObserver(function () {
    clearTimeout(open.timer);
    open.timer = setTimeout(function () {
      // One drawing at a time; the last waits for the one under way, then draws at the width then.
      open.drawing = open.drawing
        .then(function () {
          return drawPage(pdfjs, pdfPage, open);
        })
        .catch(function (error) {
          if (shown === open) say(page, "The page could not be drawn again: " + error.message + ".");
        });
    }, REDRAW_DELAY_MS);
  });
  open.observer.observe(page);
  return found;
}

// The pane is loading another quote or source: the PDF's worker goes with its page view.
function closePage() {
  if (!shown) return;
  clearTimeout(shown.timer);
  if (shown.observer) shown.observer.disconnect();
  shown.task.destroy();
  shown = null;
}

// Draws the page as wide as the page view, its text layer over it, in place of the drawing
// before (if any); true when the quote's text was found and marked on it. Nothing to draw
// when the view is hidden (no width) or as wide as it was drawn.
async function drawPage(pdfjs, pdfPage, open) {
  const width = open.page.clientWidth;
  if (!width || width === open.drawn) return open.found;
  const unscaled = pdfPage.getViewport({ scale: 1 });
  const viewport = pdfPage.getViewport({ scale: width / unscaled.width });
  const ratio = window.devicePixelRatio || 1;

  const sheet = document.createElement("div");
  sheet.className = "pdf-sheet";
  sheet.style.setProperty("--total-scale-factor", String(viewport.scale));
  sheet.style.width = viewport.width + "px";
  sheet.style.height = viewport.height + "px";
  const canvas = document.createElement("canvas");
  canvas.width = Math.floor(viewport.width * ratio);
  canvas.height = Math.floor(viewport.height * ratio);
  canvas.setAttribute("aria-hidden", "true"); // its text is the text layer's
  const layer = document.createElement("div");
  layer.className = "textLayer";
  sheet.append(canvas, layer);

  await pdfPage.render({
    canvas: canvas,
    canvasContext: canvas.getContext("2d"),
    viewport: viewport,
    transform: ratio === 1 ? null : [ratio, 0, 0, ratio, 0, 0],
  }).promise;
  // Drawn off the page, then swapped in whole: a redraw never shows a blank sheet.
  const old = open.page.querySelector(".pdf-sheet");
  if (old) old.replaceWith(sheet);
  else open.page.append(sheet);
  open.drawn = width;
  const textLayer = new pdfjs.TextLayer({
    textContentSource: pdfPage.streamTextContent(),
    container: layer,
    viewport: viewport,
  });
  await textLayer.render();
  const marks = markText(textLayer.textDivs, textLayer.textContentItemsStr, open.page.dataset.pdfFind);
  if (marks.length) scrollPaneTo(marks[0]);
  open.found = marks.length > 0;
  return open.found;
}

// The quote's text in the page's text items, whitespace ignored (the PDF's line breaks and
// spacing are not the extracted paragraph's), each matched run wrapped in a <mark>.
function markText(divs, items, find) {
  const wanted = find.replace(/\s+/g, "");
  if (!wanted) return [];
  let joined = "";
  const places = []; // [item, offset] of each character of `joined`
  items.forEach(function (text, item) {
    for (let offset = 0; offset < text.length; offset++) {
      if (/\s/.test(text[offset])) continue;
      joined += text[offset];
      places.push([item, offset]);
    }
  });
  const at = joined.indexOf(wanted);
  if (at < 0) return [];
  const first = places[at];
  const last = places[at + wanted.length - 1];
  const marks = [];
  for (let item = first[0]; item <= last[0]; item++) {
    const text = items[item];
    const start = item === first[0] ? first[1] : 0;
    const end = item === last[0] ? last[1] + 1 : text.length;
    if (start >= end) continue;
    const mark = document.createElement("mark");
    mark.className = "pdf-match";
    mark.textContent = text.slice(start, end);
    divs[item].replaceChildren(text.slice(0, start), mark, text.slice(end));
    marks.push(mark);
  }
  return marks;
}

// The pane alone, centred below its sticky header (as app.js scrolls to a paragraph).
function scrollPaneTo(element) {
  const top = pane().querySelector(".pane-top");
  const covered = top ? top.offsetHeight : 0;
  const mark = element.getBoundingClientRect();
  const box = pane().getBoundingClientRect();
  const room = pane().clientHeight - covered;
  pane().scrollTop += mark.top - box.top - covered - Math.max(0, (room - mark.height) / 2);
}

// The view's links: by mouse or keyboard (Enter), which keeps its focus on the link.
document.addEventListener("click", function (event) {
  const link = event.target.closest("#source-pane [data-pane-view]");
  if (!link) return;
  event.preventDefault();
  chosenView = link.dataset.paneView;
  rememberView(chosenView);
  showView(chosenView);
});

document.addEventListener("htmx:beforeSwap", function (event) {
  if (event.detail.target.id === "source-pane") closePage();
});

document.addEventListener("htmx:afterSwap", function (event) {
  if (event.detail.target.id === "source-pane" && chosenView === "page") showView("page");
});

// A pane the server rendered with the page (its no-JavaScript address), opened as asked.
if (pane() && chosenView === "page") showView("page");
