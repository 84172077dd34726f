// The tap router (docs/assets/js/taps.mjs) on linkedom's DOM: a tap is offered to the
// handlers in the declared order, whatever order they were registered in, and the first that
// takes it is the only one that handles it. Run by tests/js/test_taps.py with `node --test`.
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseHTML } from "linkedom";

const { document, window } = parseHTML('<html><body><a id="term" class="term" href="#there">term</a></body></html>');
globalThis.document = document;
globalThis.Element = window.Element;

const { ORDER, onTap, onAnyTap } = await import("../../../docs/assets/js/taps.mjs");

/** A plain tap (the main button, no modifier) on the element `id`. */
function tap(id) {
  const event = new window.Event("click", { bubbles: true, cancelable: true });
  Object.assign(event, { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false });
  document.getElementById(id).dispatchEvent(event);
  return event;
}

/** Which handlers were offered the last tap, in order, and which of them take it. */
const offered = [];
const takers = new Set();
// Registered backwards: the modules of a page start in whatever order they load.
for (const name of [...ORDER].reverse()) {
  onTap(name, () => {
    offered.push(name);
    return takers.has(name);
  });
}
const dismissed = [];
onAnyTap("menu", (target) => dismissed.push(target?.id ?? null));

test("a tap no handler takes is offered to every handler, in the declared order", () => {
  offered.length = 0;
  takers.clear();
  const event = tap("term");
  assert.deepEqual(offered, [...ORDER]);
  assert.equal(event.defaultPrevented, false, "left to the browser and the theme");
});

test("the first handler that takes a tap is the only one that handles it", () => {
  offered.length = 0;
  takers.clear();
  // A keyword that links a place on this page: both would take it; the keyword's popover wins.
  takers.add("keyword").add("in-page-link");
  const event = tap("term");
  assert.equal(offered.at(-1), "keyword");
  assert.ok(!offered.includes("in-page-link"), "a later handler never saw it");
  assert.deepEqual(offered, ORDER.slice(0, ORDER.indexOf("keyword") + 1));
  assert.equal(event.defaultPrevented, true, "the theme's instant navigation does not load it");
});

test("every tap is told to the dismissers first, even one a handler takes", () => {
  dismissed.length = 0;
  takers.clear();
  takers.add("skip-link");
  tap("term");
  assert.deepEqual(dismissed, ["term"]);
});
