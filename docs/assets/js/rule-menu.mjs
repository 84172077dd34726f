// @ts-check
// Scrollhammer Rules: a rule's menu, opened by its "#" (rule-links.mjs): copy the rule's link,
// share it (where the phone can), quote it, show it full screen. The links given are the
// rule's card address with the version of its words (cards.mjs), so a chat shows the words
// and the words sent stay known.
import { cardUrl } from "./cards.mjs";
import { copyQuote } from "./quote.mjs";
import { showRule } from "./show.mjs";
import { copyText, el, fitOnScreen, shareOrCopy } from "./site.mjs";

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
 * The link to give for the rule `id`: its card address with the version of its words
 * (the page's own address for a rule without a card).
 * @param {string} id
 */
function shareUrl(id) {
  return cardUrl(id) || ruleUrl(id);
}

/**
 * @typedef {object} MenuItem
 * @property {string} label
 * @property {(id: string, rule: HTMLElement, control: HTMLElement) => unknown} run
 */

/** @type {MenuItem[]} What a rule's menu offers, in order (Share joins it where the phone can share). */
export const ruleMenu = [
  {
    label: "Copy link",
    run: (id) => {
      const url = shareUrl(id);
      return copyText(url, `Link copied: ${url}`, `Link ready in the address bar: ${url}`);
    },
  },
  { label: "Copy quote", run: (id, rule) => copyQuote(id, rule, shareUrl(id)) },
  { label: "Show", run: (id, rule, control) => showRule(id, rule, control) },
];

/** @type {HTMLElement | null} */
let openMenu = null;

/** Whether a rule's menu is open. */
export function menuIsOpen() {
  return openMenu !== null;
}

export function closeMenu(returnFocus = false) {
  if (!openMenu) return;
  const control = openMenu.previousElementSibling;
  openMenu.remove();
  openMenu = null;
  if (control instanceof HTMLElement) {
    control.setAttribute("aria-expanded", "false");
    if (returnFocus) control.focus();
  }
}

/**
 * Where a rule is, in words, for a share sheet: the page's title and the rule's heading.
 * @param {HTMLElement} rule
 */
function ruleTitle(rule) {
  if (!rule.matches("h1, h2, h3, h4, h5, h6")) return document.title;
  return `${document.title}: ${(rule.textContent || "").replace(/#\s*$/, "").trim()}`;
}

/**
 * Arrow keys move between the items; Escape and Tab close the menu.
 * @param {KeyboardEvent} event
 * @param {HTMLElement} menu
 */
function onMenuKey(event, menu) {
  const items = [...menu.querySelectorAll("button")];
  const at = items.findIndex((item) => item === document.activeElement);
  if (event.key === "Escape") {
    event.preventDefault();
    closeMenu(true);
  } else if (event.key === "Tab") {
    closeMenu();
  } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    event.preventDefault();
    const next = (at + (event.key === "ArrowDown" ? 1 : items.length - 1)) % items.length;
    items[next]?.focus();
  }
}

/**
 * The menu of one rule, right after its "#" control.
 * @param {HTMLAnchorElement} control
 * @param {string} id
 * @param {HTMLElement} rule
 */
export function showMenu(control, id, rule) {
  closeMenu();
  const menu = el("div", "sh-rule-menu");
  menu.setAttribute("role", "menu");
  menu.setAttribute("aria-label", "This rule");
  const items = [...ruleMenu];
  if (typeof navigator.share === "function") {
    items.splice(1, 0, {
      label: "Share",
      run: () => shareOrCopy({ title: document.title, text: ruleTitle(rule), url: shareUrl(id) }),
    });
  }
  for (const item of items) {
    const button = el("button", "sh-rule-menu__item", item.label);
    button.type = "button";
    button.setAttribute("role", "menuitem");
    button.tabIndex = -1;
    button.addEventListener("click", () => {
      closeMenu(true);
      item.run(id, rule, control);
    });
    menu.append(button);
  }
  menu.addEventListener("keydown", (event) => onMenuKey(event, menu));
  control.after(menu);
  fitOnScreen(menu, control, () => menu.classList.add("sh-rule-menu--above"));
  control.setAttribute("aria-haspopup", "menu");
  control.setAttribute("aria-expanded", "true");
  openMenu = menu;
  const first = menu.querySelector("button");
  if (first) first.focus({ preventScroll: true });
}
