// @ts-check
// Scrollhammer Rules: the offer to keep the whole book on the phone (the service worker's
// second tier), in each place a page has for it (.sh-keep): how much it stores, a button,
// and its progress as the service worker tells it. In a Safari tab on an iPhone it also
// says that Safari clears a site unused for seven days and that the Home Screen keeps it;
// where a book kept here has been cleared since, the next visit says so and offers to keep
// it again (book-mark.mjs).
import { bookCleared, mark, SAFARI_CLEARS, safariTab, unmark } from "./book-mark.mjs";
import { el, SITE_ROOT } from "./site.mjs";

/** The offer's button where every page is kept already and what is left is to print. */
const KEEP_PDF = { one: "Keep the PDF to print on this phone", more: "Keep the PDFs to print on this phone" };

/**
 * An amount of storage as a player reads it: "3.2 MB", or "640 KB" under a megabyte (never "0.0 MB").
 * @param {number} bytes
 */
export function amount(bytes) {
  if (bytes < 1e6) return `${Math.max(1, Math.round(bytes / 1e3))} KB`;
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/**
 * @typedef {{ files: number, bytes: number }} Amount
 * @typedef {Amount & { pages?: number, pdfs?: number }} BookAmount the second tier, and of
 *   its files how many are pages and how many PDFs to print (an older worker says neither)
 * @typedef {{ build: string, total: BookAmount, kept: Amount, keeping: boolean }} BookStatus
 */

/**
 * What keeping the book adds, in words: the button's, the sentence under it, and the line
 * once it is kept. Where every page is kept already (the core is the whole rulebook), what
 * is left is the PDF to print, and the offer says so, not "the whole book".
 * @param {BookAmount} total
 * @returns {{ button: string, adds: string, done: string }}
 */
export function offerWords(total) {
  const size = amount(total.bytes);
  const pages = total.pages ?? total.files;
  const pdfs = total.pdfs ?? 0;
  const printed = pdfs === 1 ? "the PDF to print" : `the ${pdfs} PDFs to print`;
  if (!pages && pdfs) {
    return {
      button: pdfs === 1 ? KEEP_PDF.one : KEEP_PDF.more,
      adds: `Every page of the rules is on this phone already. This stores ${printed} too (${size}).`,
      done: `The whole book is on this phone, ${printed} included (${size}).`,
    };
  }
  const more = `${pages} more page${pages === 1 ? "" : "s"} of the rules`;
  return {
    button: "Keep the whole book on this phone",
    adds: `It stores ${size} more: ${more}${pdfs ? ` and ${printed}` : ""}, to read with no network.`,
    done: `The whole book is on this phone (${size}).`,
  };
}

/** How long to wait for a service worker that is not there yet (a first visit registers one later). */
const WAIT_MS = 10_000;

/**
 * This site's active service worker: the one registered already, else the one being
 * registered, waited for a while (offline.mjs offers the book again once one takes over);
 * null when there is none.
 * @returns {Promise<ServiceWorker | null>}
 */
async function activeWorker() {
  const sw = navigator.serviceWorker;
  const registered = await sw.getRegistration(SITE_ROOT.href).catch(() => undefined);
  if (registered?.active) return registered.active;
  return Promise.race([
    sw.ready.then((ready) => ready.active),
    new Promise((resolve) => window.setTimeout(resolve, WAIT_MS, null)),
  ]);
}

/**
 * Where the browser keeps no offline copy (no service worker here: a private window, site
 * data blocked, an old browser), each place that offers the book says so.
 */
export function sayNoOfflineCopy() {
  for (const box of keepBoxes()) {
    box.replaceChildren(
      el(
        "p",
        "sh-keep__none",
        "This browser does not keep the rules on this phone (a private window, or site data turned off): the pages need the network.",
      ),
    );
    box.hidden = false;
  }
}

/**
 * What the service worker says of the book's second tier, or null when none answers.
 * @returns {Promise<BookStatus | null>}
 */
async function bookStatus() {
  const worker = await activeWorker();
  if (!worker) return null;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    worker.postMessage({ type: "BOOK" }, [channel.port2]);
    window.setTimeout(() => resolve(null), 5000);
  });
}

/**
 * Draw one place's offer to keep the book, from the service worker's status.
 * @param {HTMLElement} box
 * @param {BookStatus} status
 */
function drawKeep(box, status) {
  const { total, kept } = status;
  box.replaceChildren(...clearedLead(box, "The core rules are on this phone again."));
  box.hidden = false;
  if (!total.files) {
    box.append(el("p", "", "Every page of the rules is kept on this phone with the first visit."), ...safariNote());
    mark(); // the whole book is the core: kept
    return;
  }
  const words = offerWords(total);
  if (kept.files >= total.files && !status.keeping) {
    box.append(el("p", "sh-keep__done", words.done), ...safariNote());
    mark();
    return;
  }
  const button = el("button", "md-button md-button--primary sh-keep__button", words.button);
  button.type = "button";
  const size = el("p", "sh-keep__size", words.adds);
  const progress = el("progress", "sh-keep__progress");
  progress.max = total.bytes;
  progress.value = kept.bytes;
  progress.hidden = !status.keeping;
  progress.setAttribute("aria-label", "Keeping the book");
  const said = el("p", "sh-keep__status");
  said.setAttribute("role", "status");
  if (status.keeping) {
    button.disabled = true;
    said.textContent = keptText(kept, total);
  } else if (!navigator.onLine) {
    button.disabled = true;
    said.textContent = "The phone is offline: this can be done once it is online again.";
  }
  button.addEventListener("click", async () => {
    button.disabled = true;
    progress.hidden = false;
    said.textContent = "Keeping the book…";
    if (navigator.storage?.persist) navigator.storage.persist().catch(() => false);
    (await activeWorker())?.postMessage({ type: "KEEP_BOOK" });
  });
  box.append(button, size, progress, said, ...safariNote());
  if (box.dataset.cleared) box.append(notNow(box));
}

/** In a Safari tab on an iPhone, the sentence on its seven days (else nothing). */
function safariNote() {
  return safariTab() ? [el("p", "sh-keep__safari", SAFARI_CLEARS)] : [];
}

/**
 * Where the book kept here was cleared since: the sentence that says so (and `after`, once
 * the core is stored again).
 * @param {HTMLElement} box
 * @param {string} [after]
 */
function clearedLead(box, after) {
  if (!box.dataset.cleared) return [];
  const said = "This phone had kept the whole book, and the browser has cleared it since.";
  return [el("p", "sh-keep__cleared", after ? `${said} ${after}` : said)];
}

/**
 * The button that forgets the book kept before (no more notices of its clearing).
 * @param {HTMLElement} box
 */
function notNow(box) {
  const button = el("button", "md-button sh-keep__not-now", "Not now");
  button.type = "button";
  button.addEventListener("click", () => {
    unmark();
    if (box.classList.contains("sh-keep--again")) {
      box.remove();
      return;
    }
    delete box.dataset.cleared;
    box.querySelector(".sh-keep__cleared")?.remove();
    button.remove();
  });
  return button;
}

/**
 * @param {Amount} kept
 * @param {Amount} total
 */
function keptText(kept, total) {
  return `Kept ${amount(kept.bytes)} of ${amount(total.bytes)} (${kept.files} of ${total.files} files)…`;
}

/** Every place on the page that offers to keep the book (there are none on most pages). */
export function keepBoxes() {
  return /** @type {HTMLElement[]} */ ([...document.querySelectorAll(".sh-keep")]);
}

let listening = false;
/** Whether the clearing was told at the top of a page (once a visit). */
let clearedShown = false;

/** Offer to keep the book where the page has a place for it, and follow its progress. */
export async function offerKeep() {
  const boxes = keepBoxes();
  if (!boxes.length) return;
  const status = await bookStatus();
  if (!status) return;
  for (const box of boxes) drawKeep(box, status);
  if (listening) return;
  listening = true;
  window.addEventListener("online", () => offerKeep());
  navigator.serviceWorker.addEventListener("message", (event) => {
    const message = event.data || {};
    if (!["BOOK_PROGRESS", "BOOK_KEPT", "BOOK_FAILED"].includes(message.type)) return;
    for (const box of keepBoxes()) {
      const progress = box.querySelector("progress");
      const said = box.querySelector(".sh-keep__status");
      if (message.type === "BOOK_PROGRESS" && progress && said) {
        progress.value = message.bytes;
        said.textContent = keptText(message, message.total);
      } else if (message.type === "BOOK_KEPT") {
        delete box.dataset.cleared;
        drawKeep(box, { build: "", total: message.total, kept: message.total, keeping: false });
      } else if (message.type === "BOOK_FAILED" && said) {
        said.textContent = `The book could not be kept: ${message.reason}. Nothing of it was stored; try again online.`;
        const button = box.querySelector("button");
        if (button) button.disabled = false;
        if (progress) progress.hidden = true;
      }
    }
  });
}

/**
 * Before the service worker answers: the Safari sentence in each place that offers the
 * book, and, where a book kept here was cleared since, the notice (in the page's own place,
 * else at the top of the first page of the visit).
 * @returns {Promise<boolean>} whether the book was cleared
 */
export async function drawBeforeStatus() {
  const boxes = keepBoxes();
  const cleared = await bookCleared();
  if (cleared && !boxes.length && !clearedShown) {
    const title = document.querySelector(".md-content__inner h1");
    if (title) {
      const box = el("div", "sh-keep sh-keep--again");
      box.setAttribute("role", "status");
      title.after(box);
      boxes.push(box);
      clearedShown = true;
    }
  }
  for (const box of boxes) {
    if (cleared) box.dataset.cleared = "1";
    if (box.childElementCount || !(cleared || safariTab())) continue;
    box.replaceChildren(...clearedLead(box), ...safariNote());
    box.hidden = false;
  }
  return cleared;
}
