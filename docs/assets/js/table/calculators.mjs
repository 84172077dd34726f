// @ts-check
// Scrollhammer Rules: the table in the calculators. A calculator the table fills in
// (the table's data names it, `feeds`) gets a "From the table" choice: picking a piece
// puts its values in the form (a building section's current armour value, a ruin's level
// height), so the calculation, and its shared link, carry every value it used. The answer
// says which piece it came from. After Roll it, "Apply to the chapel" records what the
// dice did to that building on the table.
import { el, pageData, SITE_ROOT, toast } from "../site.mjs";
import { feedChoices, feedInputs } from "./feeds.mjs";
import * as model from "./model.mjs";
import { addStep, replay } from "./steps.mjs";
import { loadOwn, saveOwn } from "./store.mjs";

/** @typedef {import("./model.mjs").Spec} Spec */
/** @typedef {import("../types/protocol").Rolled} Rolled */

/** @type {Spec} */
let spec = /** @type {Spec} */ (/** @type {unknown} */ ({}));
/** The player's table, read from the device once per page (and kept after Apply). */
let own = model.emptyTable();

/** @param {HTMLElement} section */
function picker(section) {
  return /** @type {HTMLSelectElement | null} */ (section.querySelector(".sh-calc__table-pick select"));
}

/**
 * The pick of a section ({piece, section}), or null.
 * @param {HTMLElement} section
 */
function picked(section) {
  const value = picker(section)?.value || "";
  const [piece, part] = value.split(":");
  return piece ? { piece, section: Number(part) || 0 } : null;
}

/**
 * The line under the answer that says which piece the values came from.
 * @param {HTMLElement} section
 * @param {string} words
 */
function showSource(section, words) {
  let note = /** @type {HTMLElement | null} */ (section.querySelector(".sh-calc__from-table"));
  if (!words) {
    note?.remove();
    return;
  }
  if (!note) {
    note = el("p", "sh-calc__from-table");
    section.querySelector(".sh-calc__answer")?.append(note);
  }
  const link = el("a", "", "The table");
  link.href = new URL("table/", SITE_ROOT).href;
  note.replaceChildren(`From the table: ${words} · `, link);
}

/**
 * Put the picked piece's values in the form, and ask for the answer.
 * @param {HTMLElement} section
 */
function fill(section) {
  const pick = picked(section);
  const table = own;
  const fed = pick ? feedInputs(spec, table, section.dataset.calc || "", pick.piece, pick.section) : null;
  if (!fed) {
    showSource(section, "");
    return;
  }
  for (const [name, value] of Object.entries(fed.inputs)) {
    const input = section.querySelector(`form [name="${name}"]`);
    if (input instanceof HTMLInputElement || input instanceof HTMLSelectElement) input.value = value;
  }
  showSource(section, fed.words);
  section.querySelector("form")?.dispatchEvent(new Event("change", { bubbles: true }));
}

/**
 * The player changed a value by hand: if it is no longer the piece's, the pick ends.
 * @param {HTMLElement} section
 */
function checkStillPicked(section) {
  const pick = picked(section);
  if (!pick) return;
  const table = own;
  const fed = feedInputs(spec, table, section.dataset.calc || "", pick.piece, pick.section);
  const same =
    fed &&
    Object.entries(fed.inputs).every(([name, value]) => {
      const input = section.querySelector(`form [name="${name}"]`);
      return (input instanceof HTMLInputElement || input instanceof HTMLSelectElement) && input.value === value;
    });
  if (same) return;
  const select = picker(section);
  if (select) select.value = "";
  showSource(section, "");
}

/**
 * The choice of the table's pieces, at the top of the form (refreshed after Apply). The
 * build puts in the choice of an empty table (build_scripts/finish/first_answers), so the
 * form has its place from the first paint.
 * @param {HTMLElement} section
 * @param {Spec} [feeding] the table's data (this page's)
 * @param {model.Table} [table] the player's table
 */
export function addPicker(section, feeding = spec, table = own) {
  const calc = section.dataset.calc || "";
  const choices = feedChoices(feeding, table, calc);
  const form = section.querySelector("form");
  if (!form) return;
  let box = /** @type {HTMLElement | null} */ (section.querySelector(".sh-calc__table-pick"));
  const before = box ? picker(section)?.value || "" : "";
  if (!box) {
    box = el("div", "sh-calc__field sh-calc__table-pick");
    form.prepend(box);
  }
  const id = `${section.id}-from-table`;
  const label = el("label", "", "From the table");
  label.setAttribute("for", id);
  const select = el("select");
  select.id = id;
  const none = el("option", "", choices.length ? "Not from the table" : "No pieces on the table for this");
  none.value = "";
  select.append(none);
  for (const choice of choices) {
    const option = el("option", "", choice.label);
    option.value = `${choice.piece}:${choice.section}`;
    select.append(option);
  }
  select.value = [...select.options].some((o) => o.value === before) ? before : "";
  select.addEventListener("change", () => fill(section));
  const help = el("p", "sh-calc__table-help", "Your table's pieces, with what happened to them: ");
  const link = el("a", "", "The table");
  link.href = new URL("table/", SITE_ROOT).href;
  help.append(link);
  box.replaceChildren(label, select, help);
}

/**
 * After Roll it: offer to apply what the dice did to the picked building.
 * @param {Event} event
 */
function onRolled(event) {
  const section = event.target instanceof HTMLElement ? event.target.closest("section.sh-calc") : null;
  const answer = /** @type {CustomEvent<Rolled>} */ (event).detail;
  if (!(section instanceof HTMLElement) || !answer || !spec.feeds?.[section.dataset.calc || ""]) return;
  const pick = picked(section);
  const box = section.querySelector(".sh-calc__roll");
  if (!pick || !box) return;
  const table = own;
  const piece = table.pieces.find((p) => p.id === pick.piece);
  if (!piece) return;
  const where = model.sectionWords(piece, pick.section);
  const bar = el("div", "sh-calc__apply");
  if (!answer.effects.length) {
    bar.append(el("p", "", `Nothing to apply to ${where}: no hit changed it.`));
    box.append(bar);
    return;
  }
  const words = answer.effects.map((e) => `${spec.chart[String(e.row)]?.name}${e.loss ? ` −${e.loss}` : ""}`);
  const button = el("button", "md-button md-button--primary", `Apply to ${where}`);
  button.type = "button";
  const message = el("p", "sh-calc__apply-message", `What the dice did: ${words.join(", ")}.`);
  button.addEventListener("click", () => {
    let next = own;
    for (const effect of answer.effects) {
      const step = { piece: pick.piece, section: pick.section, row: effect.row };
      const done = addStep(spec, next, effect.loss ? { ...step, loss: effect.loss } : step);
      if ("error" in done) {
        message.textContent = `Not applied: ${done.error}`;
        message.setAttribute("role", "alert");
        return;
      }
      next = done.table;
    }
    own = next;
    const problem = saveOwn(next);
    const state = replay(spec, next).pieces[pick.piece];
    const now = state?.rubble ? "it is rubble" : `armour value ${state?.sections[pick.section]?.av}`;
    button.remove();
    message.textContent = `Applied to ${where}: ${now}.${problem ? ` ${problem}` : ""}`;
    toast(`Applied to ${where}: ${now}`);
    addPicker(section);
    if (state?.rubble) {
      showSource(section, "");
    } else fill(section);
  });
  bar.append(message, button);
  box.append(bar);
}

/**
 * The readings the table chose for the game (its questions `reading-ID`) put in a
 * calculator's form, unless a link gave one: the answer then says "as your table reads
 * it", and the calculation's link carries the reading, so it answers the same on a phone
 * without this table.
 * @param {HTMLElement} section
 */
function useTableReadings(section) {
  let changed = false;
  for (const input of section.querySelectorAll("form input[data-reading]")) {
    if (!(input instanceof HTMLInputElement) || input.dataset.source === "link" || input.dataset.source === "chosen") {
      continue;
    }
    const chosen = own.game[`reading-${input.dataset.reading}`];
    const offered = (input.dataset.options || "").split(" ");
    const value = typeof chosen === "string" && offered.includes(chosen) ? chosen : "";
    if (value === input.value) continue;
    input.value = value;
    if (value) input.dataset.source = "table";
    else delete input.dataset.source;
    changed = true;
  }
  // A submit, not a change: a change would clear the notes a link left (they are not the player's edit).
  if (changed) section.querySelector("form")?.requestSubmit();
}

/** Offer the table's pieces in each calculator it fills in, and its readings (called by start.mjs on such pages). */
export function onPage() {
  spec = /** @type {Spec} */ (/** @type {unknown} */ (pageData("table-spec")));
  if (!spec.feeds) return;
  own = loadOwn(spec).table;
  for (const section of document.querySelectorAll("section.sh-calc")) {
    if (section instanceof HTMLElement) useTableReadings(section);
    if (!(section instanceof HTMLElement) || !spec.feeds[section.dataset.calc || ""]) continue;
    addPicker(section);
    if (section.dataset.tableBound) continue;
    section.dataset.tableBound = "1";
    /** @param {Event} event */
    const byHand = (event) => {
      if (!(event.target instanceof Element && event.target.closest(".sh-calc__table-pick"))) checkStillPicked(section);
    };
    section.querySelector("form")?.addEventListener("input", byHand);
    section.querySelector("form")?.addEventListener("change", byHand);
  }
}

document.addEventListener("sh-calc:rolled", onRolled);
