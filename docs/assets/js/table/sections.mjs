// @ts-check
// Scrollhammer Rules: what happens to the table's buildings: a building's sections and their
// armour values, the forms that record damage by hand, and the game's changes with undo.
import { el, toast } from "../site.mjs";
import { errorFor, field, link, numberField, wholeNumber } from "./fields.mjs";
import * as model from "./model.mjs";
import { change, draw, keep, keepDraft, ui } from "./state.mjs";
import * as game from "./steps.mjs";

/** @typedef {import("./model.mjs").Piece} Piece */

/**
 * A building's sections and their current armour values; for one's own table, the forms
 * that record damage by hand.
 * @param {Piece} piece
 * @param {import("./model.mjs").PieceState | undefined} state
 * @param {boolean} readOnly
 */
export function sections(piece, state, readOnly) {
  const box = el("div", "sh-piece__sections");
  if (state?.rubble) {
    box.append(el("p", "sh-piece__rubble", `Rubble: ${state.rubble}.`));
    return box;
  }
  const list = el("ul", "sh-piece__avs");
  (state?.sections || []).forEach((section, n) => {
    const where = piece.sections.length > 1 || section.name ? model.sectionWords(piece, n) : "Armour value now";
    const text = section.av === null ? "no armour value yet" : `AV ${section.av}`;
    const item = el("li", "sh-piece__av", `${where}: ${text}${section.last ? ` (after ${section.last})` : ""}`);
    item.dataset.section = String(n);
    list.append(item);
  });
  box.append(list);
  if (readOnly) return box;
  const record = el("details", "sh-piece__record");
  record.append(el("summary", "", "Record damage, or set an armour value"));
  const id = `d-${piece.id}`;
  const which = el("select");
  which.id = `${id}-section`;
  piece.sections.forEach((name, n) => {
    const option = el("option", "", name ? model.sectionWords(piece, n) : piece.name);
    option.value = String(n);
    which.append(option);
  });
  const row = el("select");
  row.id = `${id}-row`;
  for (const [n, chartRow] of Object.entries(ui.spec.chart)) {
    const option = el("option", "", `${n}: ${chartRow.name}${chartRow.loss ? ` (−d${chartRow.loss})` : ""}`);
    option.value = n;
    row.append(option);
  }
  for (const choice of [which, row]) {
    if (ui.typed[choice.id] !== undefined) choice.value = ui.typed[choice.id];
    keepDraft(choice);
  }
  const loss = numberField(`${id}-loss`);
  const apply = el("button", "md-button", "Apply the result");
  apply.type = "button";
  // The form's controls are read by id when a button is pressed (a draw keeps the first ones).
  const control = (/** @type {string} */ part) =>
    /** @type {HTMLInputElement} */ (document.getElementById(`${id}-${part}`));
  apply.addEventListener("click", () => {
    const chosen = ui.spec.chart[control("row").value];
    const step = { piece: piece.id, section: Number(control("section").value), row: Number(control("row").value) };
    if (chosen?.loss) Object.assign(step, { loss: wholeNumber(control("loss")) });
    change(game.addStep(ui.spec, ui.own, step), `${id}-${concerns(step)}`, control("loss"));
  });
  const set = numberField(`${id}-set`);
  const setButton = el("button", "md-button", "Set it");
  setButton.type = "button";
  setButton.addEventListener("click", () => {
    const step = { piece: piece.id, section: Number(control("section").value), set: wholeNumber(control("set")) };
    change(game.addStep(ui.spec, ui.own, step), `${id}-${concerns(step)}`, control("set"));
  });
  record.append(
    withError(`${id}-section`, "Section", which),
    withError(`${id}-row`, "Building Damage Chart result", row),
    withError(`${id}-loss`, "Reduced by (the d3 or d6 rolled)", loss),
    apply,
    withError(`${id}-set`, "Or set its armour value by hand (1 to 30)", set),
    setButton,
  );
  if (["section", "row", "loss", "set"].some((part) => ui.fieldErrors[`${id}-${part}`])) record.open = true;
  const name = el("input");
  name.id = `${id}-new-section`;
  name.maxLength = model.NAME_MAX;
  name.placeholder = "west, the tower…";
  name.value = ui.typed[name.id] ?? "";
  keepDraft(name);
  const add = el("button", "md-button", "Add a section");
  add.type = "button";
  add.addEventListener("click", () => {
    const named = control("new-section");
    change(model.addSection(ui.spec, ui.own, piece.id, named.value), `${id}-sections`, named);
  });
  const split = el("details", "sh-piece__split");
  split.append(
    el("summary", "", "Sections (one for each ground floor room)"),
    withError(`${id}-sections`, "A section's name", name),
    add,
  );
  if (ui.fieldErrors[`${id}-sections`]) split.open = true;
  box.append(record, split);
  return box;
}

/**
 * The field a refused step concerns, by what is wrong with it: the value set by hand, the
 * chart result, the reduction rolled, or else the section (gone, rubble, no armour value).
 * @param {import("./model.mjs").Step} step
 * @returns {"set" | "row" | "loss" | "section"}
 */
function concerns(step) {
  if (step.set !== undefined) return "set";
  if (!game.stepProblem(ui.spec, step)) return "section";
  return ui.spec.chart[String(step.row)] ? "loss" : "row";
}

/**
 * A labelled control with its error under it (`id` names the error; the control keeps its own id).
 * @param {string} id
 * @param {string} text
 * @param {HTMLInputElement | HTMLSelectElement} control
 */
function withError(id, text, control) {
  const wrap = field(control.id, text, control);
  control.setAttribute("aria-describedby", `${id}-error`);
  if (ui.fieldErrors[id]) control.setAttribute("aria-invalid", "true");
  wrap.append(errorFor(id));
  return wrap;
}

/**
 * The game's changes, each with its rule; undo takes the last one back.
 * @param {import("./model.mjs").Played} played
 * @param {boolean} readOnly
 */
export function changes(played, readOnly) {
  const box = el("section", "sh-table__log");
  box.append(el("h2", "", "What happened this game"));
  if (!played.log.length) {
    box.append(
      el(
        "p",
        "sh-table__empty",
        "Nothing yet: damage a building with the calculator's Roll it, or record it on the building above.",
      ),
    );
    return box;
  }
  const list = el("ol", "sh-table__changes");
  for (const line of played.log) {
    const item = el("li", "", `${line.text} `);
    if (line.rule) item.append(link(line.rule, "the rule", "sh-table__rule"));
    list.append(item);
  }
  box.append(list);
  if (!readOnly) {
    const undo = el("button", "md-button", "Undo the last change");
    undo.type = "button";
    undo.addEventListener("click", () => {
      keep(game.undo(ui.own));
      toast("The last change is undone");
      draw();
    });
    box.append(undo);
  }
  return box;
}
