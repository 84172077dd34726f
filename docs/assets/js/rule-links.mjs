// @ts-check
// Scrollhammer Rules: deep links to single rules.
//
// - Tapping a rule's "#" control opens its menu (rule-menu.mjs); the address bar shows the
//   rule's link meanwhile.
// - A "not in these sections" mark beside a "page XX" reference explains itself on tap.
// - Arriving on a link (or following one in the page) highlights that rule and keeps it
//   below the sticky header.
// - A fragment that an older build published but the rule has since moved from is sent
//   to the rule's new id (the page carries the map from the anchors lock).
import { closeMenu, menuIsOpen, showMenu } from "./rule-menu.mjs";
import { onEveryPage, pageData } from "./site.mjs";
import { onAnyTap, onTap } from "./taps.mjs";

const TARGET_CLASS = "rule--target";

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
  const target = pageData("anchor-aliases")[id];
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
  // Only while the address still names it: a page script that took the player elsewhere
  // (the table opening a question an ✎ Agree link asked for) has the last word.
  const scroll = () => {
    if (!touched && currentId() === target.id && outOfView()) target.scrollIntoView({ block: "start" });
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

/**
 * A "not in these sections" mark opens or closes its explanation.
 * @param {HTMLButtonElement} mark
 */
function toggleNote(mark) {
  const note = document.getElementById(mark.getAttribute("aria-controls") || "");
  const open = mark.getAttribute("aria-expanded") !== "true";
  mark.setAttribute("aria-expanded", String(open));
  if (note) note.hidden = !open;
}

/**
 * A link to a place on this same page is followed here: the rule is highlighted (a form
 * field is focused), and Material's instant navigation does not reload the page for it
 * (which would throw away a calculator's state).
 * @param {Element} target what was tapped
 * @param {MouseEvent} _event
 * @param {boolean} plain a plain tap (not one that opens a new tab)
 * @returns {boolean} whether the link was followed here
 */
function followInPage(target, _event, plain) {
  const link = target.closest("a[href]");
  if (!(link instanceof HTMLAnchorElement) || link.matches(".rule-link, .headerlink") || link.target || !plain) {
    return false;
  }
  const url = new URL(link.href, window.location.href);
  const here = window.location;
  if (!url.hash || url.origin !== here.origin || url.pathname !== here.pathname || url.search !== here.search) {
    return false;
  }
  let id = "";
  try {
    id = decodeURIComponent(url.hash.slice(1));
  } catch {
    return false;
  }
  const place = document.getElementById(id);
  if (!place) return false;
  if (place instanceof HTMLInputElement || place instanceof HTMLSelectElement) {
    place.focus();
    return true;
  }
  history.pushState(history.state, "", `#${encodeURIComponent(id)}`);
  arrive();
  return true;
}

/**
 * A rule's (or a heading's) "#" opens its menu, in place: not Material's instant navigation,
 * which would reload the page for its link.
 * @param {Element} target what was tapped
 * @returns {boolean} whether it was a rule's "#"
 */
function openRuleMenu(target) {
  const link = target.closest("a.rule-link, a.headerlink");
  if (!(link instanceof HTMLAnchorElement)) return false;
  // Material's instant navigation may rewrite hrefs to absolute URLs: read the fragment.
  const id = decodeURIComponent(new URL(link.href, window.location.href).hash.slice(1));
  const rule = document.getElementById(id);
  history.replaceState(history.state, "", `#${encodeURIComponent(id)}`);
  highlight(id);
  if (rule) showMenu(link, id, rule);
  return true;
}

/**
 * A "not in these sections" mark opens (or closes) its note.
 * @param {Element} target what was tapped
 */
function noteOfMark(target) {
  const mark = target.closest("button.xref-help--missing");
  if (!(mark instanceof HTMLButtonElement)) return false;
  toggleNote(mark);
  return true;
}

/** Start: called once by main.mjs. */
export function start() {
  onAnyTap("rule-menu", (target) => {
    if (menuIsOpen() && !target?.closest(".sh-rule-menu")) closeMenu();
  });
  onTap("xref-note", noteOfMark);
  onTap("rule-menu", openRuleMenu);
  onTap("in-page-link", followInPage);
  window.addEventListener("hashchange", arrive);
  onEveryPage(arrive);
}
