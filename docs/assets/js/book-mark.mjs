// @ts-check
// Scrollhammer Rules: what a phone keeps, told apart from what its browser cleared.
//
// Safari on iOS deletes a site's script-writable storage (its service worker and Cache
// Storage, so the offline copy) after seven days of Safari use without a visit, unless the
// site was added to the Home Screen (webkit.org/blog/10218, webkit.org/blog/14403). A
// cookie that a server set is not script-writable storage and stays; one a script sets
// lives seven days at most. So when the player keeps the whole book, the page asks for
// book-kept.txt, which the host answers with the cookie "scrollhammer-book=kept" (the
// README's header table); a book that is all core is kept at the first visit, and marked
// then. On a later visit that cookie, with none of the service worker's caches beside it,
// says the book was kept here and has been cleared since: known without a request. (No
// browser clears a part of a site's caches: storage pressure, like Safari, takes them all.)
// A host that cannot set the cookie loses only that notice.
import { SITE_ROOT } from "./site.mjs";

/** The file whose answer sets the mark (never kept by the service worker). */
export const MARK_FILE = "book-kept.txt";
const MARK = "scrollhammer-book=kept";
/** The service worker's caches (the core, the book, the pages read) start with this (sw.js). */
const SITE_CACHES = "scrollhammer-";

/** The one sentence a Safari tab on an iPhone shows beside the offer to keep the book. */
export const SAFARI_CLEARS =
  "Safari clears a site you have not opened for seven days: to keep this one, tap Share, then Add to Home Screen.";

/** Whether the phone carries the mark of a book kept here. */
export function marked() {
  return document.cookie.split(/;\s*/).includes(MARK);
}

/** Ask the host for the mark (once the whole book is kept); nothing happens when it cannot. */
export async function mark() {
  if (marked() || !navigator.onLine) return; // offline, it is asked for on a later visit
  try {
    await fetch(new URL(MARK_FILE, SITE_ROOT), { cache: "no-store", credentials: "same-origin" });
  } catch {
    // offline, or no such file: the notice after a clearing is all that is lost
  }
}

/** Forget the mark (the player does not want the book kept again). */
export function unmark() {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every Safari that clears
  document.cookie = `${MARK.split("=")[0]}=; Path=/; Max-Age=0; SameSite=Strict`;
}

/** Whether the site runs from the Home Screen (iOS's standalone web app, or an installed one). */
export function onHomeScreen() {
  const ios = /** @type {{standalone?: boolean}} */ (/** @type {unknown} */ (navigator));
  return ios.standalone === true || window.matchMedia("(display-mode: standalone)").matches;
}

/**
 * Whether this page is a tab of Safari on an iPhone or iPad: the browser that clears a
 * site after seven days. Not from the Home Screen, and not Chrome, Firefox, Edge, Opera or
 * the Google app on iOS (their own engines' rules aside, they are not Safari's tabs).
 */
export function safariTab() {
  const agent = navigator.userAgent;
  const apple = /iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1);
  if (!apple || !/Safari\//.test(agent) || /CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(agent)) return false;
  return !onHomeScreen();
}

/** Whether the whole book was kept on this phone and is gone: the mark without the site's caches. */
export async function bookCleared() {
  if (!marked() || !("caches" in window)) return false;
  try {
    return !(await caches.keys()).some((name) => name.startsWith(SITE_CACHES));
  } catch {
    return false;
  }
}
