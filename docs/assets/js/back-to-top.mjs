// @ts-check
// Scrollhammer Rules: "Back to top", in the header. The theme's own button floated over the
// page while the player scrolled up: at the screen's head it covered a calculator's answer
// and the rule a link had just opened; at its foot, a calculator's buttons (a tap meant for
// Copy took the player to the top). Here it is the page's title the header shows once the
// player has scrolled past it: a tap there goes back to the top and covers nothing, because
// the header is already there.
import { focusWords } from "./keyboard-reach.mjs";
import { onEveryPage } from "./site.mjs";

/** The header's title: the theme marks it active once the page's own title is scrolled past. */
const ACTIVE = "md-header__title--active";

/** Make the header's page title a button (the theme draws the header afresh on each page). */
function mount() {
  const title = document.querySelector(".md-header__title");
  const topic = document.querySelector('.md-header__topic[data-md-component="header-topic"]');
  if (!(title instanceof HTMLElement) || !(topic instanceof HTMLElement) || topic.querySelector(".sh-top")) return;
  const words = topic.querySelector(".md-ellipsis");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "sh-top";
  button.title = "Back to top";
  const said = document.createElement("span");
  said.className = "sh-visually-hidden";
  said.textContent = "Back to top: ";
  const arrow = document.createElement("span");
  arrow.className = "sh-top__arrow";
  arrow.setAttribute("aria-hidden", "true");
  arrow.textContent = "↑";
  button.append(said, arrow);
  if (words) button.append(words);
  topic.append(button);
  button.addEventListener("click", (event) => {
    window.scrollTo({ top: 0 });
    // From a keyboard (no pointer: detail 0), the focus goes to the top of the words as well,
    // so the next Tab is the page's first link, not the header's next button.
    if (event.detail === 0) focusWords({ preventScroll: true });
  });
  follow(title, topic);
}

/** @type {MutationObserver | null} */
let watching = null;

/**
 * While the header shows the site's name instead, the button is out of reach (not a hidden
 * Tab stop): inert until the theme shows the page's title.
 * @param {HTMLElement} title
 * @param {HTMLElement} topic
 */
function follow(title, topic) {
  const update = () => {
    topic.inert = !title.classList.contains(ACTIVE);
  };
  update();
  watching?.disconnect();
  watching = new MutationObserver(update);
  watching.observe(title, { attributes: true, attributeFilter: ["class"] });
}

/** Start: called once by main.mjs. */
export function start() {
  onEveryPage(mount);
}
