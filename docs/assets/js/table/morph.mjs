// @ts-check
// Scrollhammer Rules: the table page drawn again without taking anything from under the
// player. `morph` makes the page's elements say what a freshly drawn copy says, changing only
// what differs and keeping every element that is still there: the field being typed in keeps
// its focus, caret, text and on-screen keyboard; a button pressed keeps its place until the
// tap ends, so the first tap after typing does what it says; a fold the player opened stays
// open. A full redraw (replaceChildren) lost all three.
//
// The contract with the page's parts: an element kept is the one first drawn, with the
// listeners it got then; the fresh copy's listeners are dropped. So a listener reads what it
// acts on when it runs (`ui`, its own element and its data- attributes, its fellow controls
// by id), never from the draw that made it.

/**
 * What pairs a drawn element with one on the page: its id, else its tag, class and (for an
 * input) its type; a text node pairs with a text node.
 * @param {Node} node
 */
function keyOf(node) {
  if (!(node instanceof Element)) return `#${node.nodeType}`;
  if (node.id) return `id:${node.id}`;
  const type = node instanceof HTMLInputElement ? node.type : "";
  return `${node.tagName}.${node.getAttribute("class") || ""}:${type}`;
}

/**
 * Make `live`'s attributes those of `next`, but the state the player holds: a fold's `open`
 * (kept when the player opened it; opened when `next` opens it).
 * @param {Element} live
 * @param {Element} next
 */
function sameAttributes(live, next) {
  for (const { name } of [...live.attributes]) {
    if (!next.hasAttribute(name) && !(name === "open" && live instanceof HTMLDetailsElement)) {
      live.removeAttribute(name);
    }
  }
  for (const { name, value } of next.attributes) {
    if (live.getAttribute(name) !== value) live.setAttribute(name, value);
  }
}

/**
 * A form control's state, which no attribute carries: its value and whether it is checked;
 * left alone in the control being typed in (its text is the player's, and saved as typed).
 * @param {Element} live
 * @param {Element} next
 */
function sameControlState(live, next) {
  if (live === document.activeElement && (live instanceof HTMLInputElement || live instanceof HTMLTextAreaElement)) {
    if (live.type !== "radio" && live.type !== "checkbox") return;
  }
  if (live instanceof HTMLInputElement && next instanceof HTMLInputElement) {
    if (live.value !== next.value) live.value = next.value;
    if (live.checked !== next.checked) live.checked = next.checked;
  } else if (live instanceof HTMLSelectElement && next instanceof HTMLSelectElement) {
    if (live.value !== next.value) live.value = next.value;
  } else if (live instanceof HTMLTextAreaElement && next instanceof HTMLTextAreaElement) {
    if (live.value !== next.value) live.value = next.value;
  }
}

/**
 * Make `live`'s children say what `next`'s say. Each of `next`'s children takes the first
 * unused child of `live` with the same key (in order), which is then made like it; a child
 * with no partner is moved in from `next`; children of `live` left unpaired are removed.
 * @param {Node} live
 * @param {Node} next
 */
export function morph(live, next) {
  const pool = new Map();
  for (const child of live.childNodes) {
    const key = keyOf(child);
    if (!pool.has(key)) pool.set(key, []);
    pool.get(key).push(child);
  }
  const kept = [];
  for (const child of [...next.childNodes]) {
    const partner = pool.get(keyOf(child))?.shift();
    if (!partner) {
      kept.push(child);
      continue;
    }
    if (partner instanceof Element && child instanceof Element) {
      sameAttributes(partner, child);
      morph(partner, child);
      sameControlState(partner, child); // after the children: a select's options first
    } else if (partner.nodeValue !== child.nodeValue) {
      partner.nodeValue = child.nodeValue;
    }
    kept.push(partner);
  }
  for (const rest of pool.values()) for (const child of rest) child.remove();
  // In order, moving only what is out of place (a move of the focused field would blur it).
  let at = live.firstChild;
  for (const child of kept) {
    if (at && child === at) at = at.nextSibling;
    else live.insertBefore(child, at);
  }
}
