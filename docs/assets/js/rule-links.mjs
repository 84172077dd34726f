// @ts-check
// Scrollhammer Rules: deep links to single rules.
//
// - Tapping a rule's "#" control copies the rule's full URL and confirms it.
// - Arriving on a link (or following one in the page) highlights that rule and keeps it
//   below the sticky header.
// - A fragment that an older build published but the rule has since moved from is sent
//   to the rule's new id (the page carries the map from the anchors lock).
import { copyText, onEveryPage } from "./site.mjs";

const TARGET_CLASS = "rule--target";

/**
 * This page's URL for the rule `id`, without any calculation in the query.
 * @param {string} id
 */
function ruleUrl(id) {
  const url = new URL(window.location.href);
  url.search = "";
  url.hash = id;
  return url.href;
}

/**
 * Mark the rule `id` as the one the link points at (and no other).
 * @param {string} id
 * @returns {HTMLElement | null}
 */
function highlight(id) {
  for (const old of document.querySelectorAll(`.${TARGET_CLASS}`)) old.classList.remove(TARGET_CLASS);
  if (!id) return null;
  const target = document.getElementById(id);
  if (!target) return null;
  target.classList.add(TARGET_CLASS);
  return target;
}

/** @returns {Record<string, unknown>} old id → where the rule is now */
function aliases() {
  const data = document.getElementById("anchor-aliases");
  if (!data) return {};
  try {
    const parsed = JSON.parse(data.textContent || "{}");
    return parsed && typeof parsed === "object" ? parsed : {};
  } catch {
    return {};
  }
}

function currentId() {
  try {
    return decodeURIComponent(window.location.hash.slice(1));
  } catch {
    return "";
  }
}

/**
 * Follow a moved rule's old id to its new place.
 * @param {string} id
 * @returns {boolean} true when navigating away
 */
function followAlias(id) {
  if (!id || document.getElementById(id)) return false;
  const target = aliases()[id];
  if (typeof target !== "string") return false;
  const url = new URL(target, window.location.href);
  if (url.origin !== window.location.origin) return false;
  if (url.pathname === window.location.pathname) {
    history.replaceState(history.state, "", url.hash);
    return false;
  }
  window.location.replace(url.href);
  return true;
}

/**
 * Scroll the rule into view, and put it back in view during the next moments unless the
 * player scrolls: after instant navigation from a search result on a phone, Material
 * unlocks the page (its search overlay locked the body) and restores an older offset
 * once the new page's scripts have loaded, which can land after this page showed.
 * @param {HTMLElement} target
 */
function bringIntoView(target) {
  let touched = false;
  const stop = () => {
    touched = true;
  };
  const outOfView = () => {
    const top = target.getBoundingClientRect().top;
    return top < 0 || top > window.innerHeight / 2;
  };
  const scroll = () => {
    if (!touched && outOfView()) target.scrollIntoView({ block: "start" });
  };
  for (const type of ["touchstart", "wheel", "keydown"]) {
    window.addEventListener(type, stop, { once: true, passive: true });
  }
  window.requestAnimationFrame(scroll);
  for (const delay of [150, 400, 800, 1500]) window.setTimeout(scroll, delay);
}

function arrive() {
  if (followAlias(currentId())) return;
  const target = highlight(currentId());
  if (target) bringIntoView(target);
}

/** @param {MouseEvent} event */
async function onLinkTap(event) {
  const link = event.target instanceof Element ? event.target.closest("a.rule-link, a.headerlink") : null;
  if (!(link instanceof HTMLAnchorElement)) return;
  event.preventDefault();
  // Material's instant navigation may rewrite hrefs to absolute URLs: read the fragment.
  const id = decodeURIComponent(new URL(link.href, window.location.href).hash.slice(1));
  const url = ruleUrl(id);
  history.replaceState(history.state, "", `#${encodeURIComponent(id)}`);
  highlight(id);
  await copyText(url, `Link copied: ${url}`, `Link ready in the address bar: ${url}`);
}

/** Start: called once by main.mjs. */
export function start() {
  document.addEventListener("click", onLinkTap);
  window.addEventListener("hashchange", arrive);
  onEveryPage(arrive);
}
