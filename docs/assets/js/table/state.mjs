// @ts-check
// Scrollhammer Rules: the table page's state, and the one way a change reaches it. The page's
// parts (pieces.mjs, questions.mjs, sections.mjs, sharing.mjs) read `ui` and hand every
// model outcome to `change`; page.mjs draws, and registers itself with `onDraw`.
import { SITE_ROOT } from "../site.mjs";
import { encode } from "./link.mjs";
import * as model from "./model.mjs";
import { saveOwn } from "./store.mjs";

/** @typedef {import("./model.mjs").Spec} Spec */
/** @typedef {import("./model.mjs").Table} Table */

/** What the page shows and keeps between draws. */
export const ui = {
  /** @type {Spec} */
  spec: /** @type {Spec} */ (/** @type {unknown} */ ({})),
  /** @type {Table} the player's own table */
  own: model.emptyTable(),
  /** @type {Table | null} a table opened from a link, shown read-only */
  shared: /** @type {Table | null} */ (null),
  /** What the page must say: a link refused, storage trouble. */
  notices: {
    /** Why the table kept on this device could not be read (until New game). */
    loaded: "",
    /** Why the last change could not be kept on the device. */
    saving: "",
    /** Why a table link was not used. */
    link: "",
    /** What an ✎ Agree link asked for, when no piece on the table asks it yet. */
    asked: "",
  },
  /** The question an ✎ Agree link asked for, waiting for a piece of a kind that asks it (ask.mjs). */
  asking: "",
  /** The question an ✎ Agree link opened, and on which piece (null: the game's), marked while the page is open. */
  asked: /** @type {{question: string, piece: string | null} | null} */ (null),
  /** The kind the form that adds a piece offers first ("": its first). */
  adding: "",
  /** Field id → its error, kept across a redraw. */
  fieldErrors: /** @type {Record<string, string>} */ ({}),
  /** Field id → what the player typed there that was refused (shown again, never lost). */
  typed: /** @type {Record<string, string>} */ ({}),
};

/** @type {(focusId?: string) => void} */
let drawer = () => {};

/**
 * The page's drawing function (page.mjs), which `draw` calls.
 * @param {(focusId?: string) => void} fn
 */
export function onDraw(fn) {
  drawer = fn;
}

/**
 * Draw the page again, keeping the focus on `focusId` (or the control it was on).
 * @param {string} [focusId]
 */
export function draw(focusId) {
  drawer(focusId);
}

/** The address of a table's link. */
export function tableLink(/** @type {Table} */ table) {
  return new URL(`table/#t=${encode(table)}`, SITE_ROOT).href;
}

/** @param {Table} next */
export function keep(next) {
  ui.own = next;
  ui.notices.saving = saveOwn(next);
}

/**
 * A field whose answer is saved as it is typed: each keystroke that makes a sound answer
 * keeps it and draws the page again around the field (which keeps its focus, caret and
 * text); an answer refused is kept as typed and its error shown once the player leaves the
 * field, never under the keystroke. Leaving the field changes nothing else, so the tap that
 * left it (on another field, Copy link, a fold) does what it says.
 * @param {HTMLInputElement} control
 * @param {(value: string) => import("./model.mjs").Outcome} outcomeOf the model's outcome for a value, on the table as it is then
 */
export function saveAsTyped(control, outcomeOf) {
  control.addEventListener("input", () => {
    const outcome = outcomeOf(control.value);
    if ("error" in outcome) {
      ui.typed[control.id] = control.value;
      return;
    }
    delete ui.typed[control.id];
    delete ui.fieldErrors[control.id];
    keep(outcome.table);
    draw();
  });
  control.addEventListener("change", () => {
    const outcome = outcomeOf(control.value);
    if (!("error" in outcome) || ui.fieldErrors[control.id] === outcome.error) return;
    ui.fieldErrors[control.id] = outcome.error;
    ui.typed[control.id] = control.value;
    draw();
  });
}

/**
 * A field whose value waits for a button (a section's name, a reduction rolled, the chart's
 * result chosen): what is typed or chosen is kept across the page's draws until the button
 * takes it.
 * @param {HTMLInputElement | HTMLSelectElement} control
 */
export function keepDraft(control) {
  control.addEventListener("input", () => {
    ui.typed[control.id] = control.value;
  });
}

/**
 * Apply a model outcome to the player's table, or show its error beside `fieldId`; what
 * was typed in `input` (the field itself unless named) is kept while it is refused.
 * @param {import("./model.mjs").Outcome} outcome
 * @param {string} fieldId
 * @param {HTMLElement | null} [input]
 */
export function change(outcome, fieldId, input = document.getElementById(fieldId)) {
  const text = input instanceof HTMLInputElement ? input : null;
  if ("error" in outcome) {
    ui.fieldErrors[fieldId] = outcome.error;
    if (text) ui.typed[text.id] = text.value;
  } else {
    delete ui.fieldErrors[fieldId];
    if (text) delete ui.typed[text.id];
    keep(outcome.table);
  }
  draw(fieldId);
}
