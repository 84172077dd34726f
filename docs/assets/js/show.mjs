// @ts-check
// Scrollhammer Rules: Show, a rule held up across the table.
//
// The rule menu's "Show" fills the screen with the rule's words (as large as fit), its
// place, the date of the words, and a QR code of the rule's card address (with the
// version of the words), for the opponent's phone to scan. The QR code is drawn in the
// page by the npm package uqr (copied into the site at build time, loaded on first use,
// kept offline by the service worker). Close, Escape and Back leave it.
import { cardUrl, wordsDate } from "./cards.mjs";
import { ruleWords } from "./quote.mjs";
import { el, pageData } from "./site.mjs";

const SVG = "http://www.w3.org/2000/svg";
/** The QR encoder (assets/vendor/uqr.mjs), from the site root this module is in. */
const ENCODER = new URL("../vendor/uqr.mjs", import.meta.url).href;

/** @type {HTMLDialogElement | null} */
let open = null;
let pushed = false;
/** @type {HTMLElement | null} */
let returnFocus = null;
/** Show's own history.back() is under way: its popstate is Show's, not a navigation. */
let leaving = false;

/**
 * The QR code of `text` as an SVG element (dark modules on a white quiet zone).
 * @param {string} text
 * @param {string} [label] what the code holds, for a screen reader
 * @returns {Promise<SVGSVGElement>}
 */
export async function qrCode(text, label = `QR code of this rule's link: ${text}`) {
  /** @type {{encode: (data: string, options: {ecc: string, border: number}) => {size: number, data: boolean[][]}}} */
  const uqr = await import(ENCODER);
  const code = uqr.encode(text, { ecc: "M", border: 4 });
  const svg = /** @type {SVGSVGElement} */ (document.createElementNS(SVG, "svg"));
  svg.setAttribute("viewBox", `0 0 ${code.size} ${code.size}`);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  const paper = document.createElementNS(SVG, "rect");
  paper.setAttribute("width", String(code.size));
  paper.setAttribute("height", String(code.size));
  paper.setAttribute("fill", "#fff");
  let d = "";
  code.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  const ink = document.createElementNS(SVG, "path");
  ink.setAttribute("d", d);
  ink.setAttribute("fill", "#000");
  svg.append(paper, ink);
  return svg;
}

/**
 * Shrink the words until the card fits the screen.
 * @param {HTMLElement} words
 * @param {HTMLElement} box
 */
function fitWords(words, box) {
  for (let rem = 2.6; rem >= 0.9; rem -= 0.1) {
    words.style.fontSize = `${rem.toFixed(1)}rem`;
    if (box.scrollHeight <= box.clientHeight + 1) return;
  }
}

/** Leave Show (and its history entry, when it is still the current one). */
function close() {
  if (!open) return;
  const dialog = open;
  open = null;
  const control = returnFocus;
  returnFocus = null;
  if (dialog.open) dialog.close();
  dialog.remove();
  if (pushed) {
    pushed = false;
    leaving = true;
    history.back();
  } else {
    window.scrollhammerBack?.release();
  }
  control?.focus();
}

/**
 * Back while Show is open leaves Show, and the popstate of Show's own history.back() is
 * Show's too: neither reaches Material's instant navigation (see back-guard.js).
 * @param {PopStateEvent} _event
 */
function onBack(_event) {
  if (open) {
    pushed = false; // Back already left the entry Show added
    close();
    return true;
  }
  if (leaving) {
    leaving = false;
    window.scrollhammerBack?.release();
    return true;
  }
  return false;
}

/**
 * Show the rule `id` full screen.
 * @param {string} id
 * @param {HTMLElement} rule
 * @param {HTMLElement} [returnTo] Where focus goes back on closing.
 */
export async function showRule(id, rule, returnTo) {
  close();
  const dialog = el("dialog", "sh-show");
  dialog.setAttribute("aria-label", "Show this rule");
  const box = el("div", "sh-show__box");
  const known = pageData("rule-places")[id];
  const place = el("p", "sh-show__place", typeof known === "string" ? known : document.title);
  const words = el("blockquote", "sh-show__words");
  for (const line of ruleWords(rule).split("\n")) words.append(el("p", "", line));
  const date = wordsDate(id);
  const foot = el("div", "sh-show__foot");
  const about = el(
    "p",
    "sh-show__date",
    date ? `These words since ${date} · Scrollhammer Rules` : "Scrollhammer Rules",
  );
  const qr = el("div", "sh-show__qr");
  const closeButton = el("button", "sh-show__close", "Close");
  closeButton.type = "button";
  closeButton.addEventListener("click", () => close());
  foot.append(qr, about);
  box.append(place, words, foot);
  dialog.append(box, closeButton);
  dialog.addEventListener("cancel", (event) => {
    event.preventDefault();
    close();
  });
  returnFocus = returnTo || null;
  document.body.append(dialog);
  open = dialog;
  window.scrollhammerBack?.claim(onBack);
  history.pushState({ ...(history.state || {}), shShow: id }, "", window.location.href);
  pushed = true;
  dialog.showModal();
  closeButton.focus();
  fitWords(words, box);
  const url = cardUrl(id) || window.location.href;
  try {
    qr.append(await qrCode(url));
  } catch {
    qr.append(el("p", "sh-show__qr-missing", "The QR code could not be drawn; the link is in the rule's menu."));
  }
  qr.dataset.url = url;
  fitWords(words, box);
}
