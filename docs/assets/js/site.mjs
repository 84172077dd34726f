// @ts-check
// Scrollhammer Rules: what every page script shares — the site's root, running on every
// page (Material's instant navigation included), idle scheduling, the toast and copying.

/** The site's root URL (this file lives in assets/js/). */
export const SITE_ROOT = new URL("../../", import.meta.url);

/** Whether the browser asks sites to save data (Data Saver, a metered connection). */
export function savingData() {
  const connection = /** @type {{saveData?: boolean} | undefined} */ (
    /** @type {{connection?: unknown}} */ (navigator).connection
  );
  return Boolean(connection?.saveData);
}

/**
 * Run `fn` on every page: now, and after each of Material's instant navigations.
 * @param {() => void} fn
 */
export function onEveryPage(fn) {
  if (typeof document$ !== "undefined") document$.subscribe(fn);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fn, { once: true });
  else fn();
}

/**
 * Run `fn` when the page is idle, or after `timeout` ms at the latest.
 * @param {() => void} fn
 * @param {number} [timeout]
 */
export function whenIdle(fn, timeout = 500) {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(() => fn(), { timeout });
  else window.setTimeout(fn, 200);
}

let toastTimer = 0;

/**
 * Show a short message at the bottom of the screen (a polite live region).
 * @param {string} message
 */
export function toast(message) {
  let box = /** @type {HTMLElement | null} */ (document.querySelector(".sh-toast"));
  if (!box) {
    box = document.createElement("div");
    box.className = "sh-toast";
    box.setAttribute("role", "status");
    box.setAttribute("aria-live", "polite");
    document.body.append(box);
  }
  const shown = box;
  shown.textContent = message;
  shown.hidden = false;
  window.clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => {
    shown.hidden = true;
  }, 2500);
}

/**
 * Copy text and confirm it; when the clipboard is not available, say so and show the text.
 * @param {string} text
 * @param {string} copiedMessage
 * @param {string} fallbackMessage
 * @returns {Promise<boolean>} whether the text was copied
 */
export async function copyText(text, copiedMessage, fallbackMessage) {
  let copied = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      copied = true;
    }
  } catch {
    copied = false;
  }
  toast(copied ? copiedMessage : fallbackMessage);
  return copied;
}

/**
 * The JSON data the build put in an element's data-json attribute ({} when there is none).
 * @param {string} id
 * @returns {Record<string, unknown>}
 */
export function pageData(id) {
  const holder = document.getElementById(id);
  try {
    const parsed = JSON.parse(holder?.dataset.json || "{}");
    return parsed && typeof parsed === "object" ? parsed : {};
  } catch {
    return {};
  }
}

/**
 * A new element with a class and text (always textContent, never markup).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [className]
 * @param {string | number | null} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

/**
 * Share through the phone's share sheet (the Web Share API); where there is none, or it
 * fails, copy the text and link instead and say so.
 * @param {{title: string, text: string, url: string}} data
 * @returns {Promise<"shared" | "cancelled" | "copied">}
 */
export async function shareOrCopy(data) {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share(data);
      return "shared";
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return "cancelled";
    }
  }
  const text = data.text ? `${data.text}\n${data.url}` : data.url;
  await copyText(
    text,
    "Sharing is not available here, so it was copied",
    `Could not share or copy; here it is: ${text}`,
  );
  return "copied";
}

/**
 * Place a pop-up (a keyword's meaning, a rule's menu) where it fits on the screen: under what
 * opened it when the screen has room for it there; else above it, when there is room there
 * under the theme's header; else under it, the page scrolled just enough to show it.
 * @param {HTMLElement} pop the pop-up, placed under its anchor
 * @param {Element} anchor what opened it
 * @param {() => void} above puts the pop-up above its anchor instead
 */
export function fitOnScreen(pop, anchor, above) {
  const screen = window.visualViewport?.height ?? window.innerHeight;
  const box = pop.getBoundingClientRect();
  if (box.bottom <= screen) return;
  const header = document.querySelector(".md-header")?.getBoundingClientRect().bottom ?? 0;
  if (anchor.getBoundingClientRect().top - box.height >= header) above();
  else pop.scrollIntoView({ block: "nearest" });
}
