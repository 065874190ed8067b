// The source pane's page view (issue 34, item 4): a PDF source's page drawn by pdf.js
// (vendored, static/vendor/pdfjs/) into a canvas with its text layer over it, the quote's
// text marked on it. pdf.js is imported only once a page view is opened. The chosen view
// (text or page) stays as the pane loads other quotes, and the address says it (?view=page),
// so a link or a reload opens the same view. Static module only: the
// Content-Security-Policy allows no inline script.

let chosenView = new URLSearchParams(location.search).get("view") === "page" ? "page" : "text";
let library = null;

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
    renderPage(page).then(
      function (found) {
        page.dataset.rendered = "done";
        say(page, found ? "" : "The quote's text was not found on this page's text.");
        announce(page.getAttribute("aria-label") + (found ? ", the quote's text marked" : ""));
      },
      function (error) {
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

// Draws the page as wide as the pane, its text layer over it; true when the quote's text
// was found and marked on it.
async function renderPage(page) {
  const pdfjs = await loadLibrary(page);
  const documentTask = pdfjs.getDocument({
    url: page.dataset.pdfUrl,
    // Fonts a PDF names without embedding them, and the CMaps of CJK text, from the files
    // vendored beside pdf.js (fetched from 'self', as the CSP's connect-src allows).
    standardFontDataUrl: page.dataset.pdfFonts,
    cMapUrl: page.dataset.pdfCmaps,
    cMapPacked: true,
  });
  try {
    return await drawPage(pdfjs, await documentTask.promise, page);
  } finally {
    documentTask.destroy(); // its worker too: the pane loads page after page
  }
}

async function drawPage(pdfjs, pdf, page) {
  const pdfPage = await pdf.getPage(Number(page.dataset.pdfPage));
  const unscaled = pdfPage.getViewport({ scale: 1 });
  const viewport = pdfPage.getViewport({ scale: page.clientWidth / unscaled.width });
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
  page.append(sheet);

  await pdfPage.render({
    canvas: canvas,
    canvasContext: canvas.getContext("2d"),
    viewport: viewport,
    transform: ratio === 1 ? null : [ratio, 0, 0, ratio, 0, 0],
  }).promise;
  const textLayer = new pdfjs.TextLayer({
    textContentSource: pdfPage.streamTextContent(),
    container: layer,
    viewport: viewport,
  });
  await textLayer.render();
  const marks = markText(textLayer.textDivs, textLayer.textContentItemsStr, page.dataset.pdfFind);
  if (marks.length) scrollPaneTo(marks[0]);
  return marks.length > 0;
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

document.addEventListener("htmx:afterSwap", function (event) {
  if (event.detail.target.id === "source-pane" && chosenView === "page") showView("page");
});

// A pane the server rendered with the page (its no-JavaScript address), opened as asked.
if (pane() && chosenView === "page") showView("page");
