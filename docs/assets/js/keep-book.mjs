// @ts-check
// Scrollhammer Rules: the offer to keep the whole book on the phone (the service worker's
// second tier), in each place a page has for it (.sh-keep): how much it stores, a button,
// and its progress as the service worker tells it.
import { el } from "./site.mjs";

/** @param {number} bytes */
export function megabytes(bytes) {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/**
 * @typedef {{ files: number, bytes: number }} Amount
 * @typedef {{ build: string, total: Amount, kept: Amount, keeping: boolean }} BookStatus
 */

/**
 * What the service worker says of the book's second tier, or null when none answers.
 * @returns {Promise<BookStatus | null>}
 */
async function bookStatus() {
  const worker = (await navigator.serviceWorker.ready).active;
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
  box.replaceChildren();
  box.hidden = false;
  if (!total.files) {
    box.append(el("p", "", "Every page of the rules is kept on this phone with the first visit."));
    return;
  }
  if (kept.files >= total.files && !status.keeping) {
    box.append(el("p", "sh-keep__done", `The whole book is on this phone (${megabytes(total.bytes)}).`));
    return;
  }
  const button = el("button", "md-button md-button--primary sh-keep__button", `Keep the whole book on this phone`);
  button.type = "button";
  const size = el(
    "p",
    "sh-keep__size",
    `It stores ${megabytes(total.bytes)} more: the ${total.files} files of the pages beyond the core rules.`,
  );
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
    (await navigator.serviceWorker.ready).active?.postMessage({ type: "KEEP_BOOK" });
  });
  box.append(button, size, progress, said);
}

/**
 * @param {Amount} kept
 * @param {Amount} total
 */
function keptText(kept, total) {
  return `Kept ${megabytes(kept.bytes)} of ${megabytes(total.bytes)} (${kept.files} of ${total.files} files)…`;
}

/** Every place on the page that offers to keep the book (there are none on most pages). */
export function keepBoxes() {
  return /** @type {HTMLElement[]} */ ([...document.querySelectorAll(".sh-keep")]);
}

let listening = false;

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
