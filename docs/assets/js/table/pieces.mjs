// @ts-check
// Scrollhammer Rules: the table's pieces: each with what the rules make of its kind, its
// sections and its questions; and the form that adds one.
import { el } from "../site.mjs";
import { opened } from "./ask.mjs";
import { errorFor, field, link } from "./fields.mjs";
import * as model from "./model.mjs";
import { questionField } from "./questions.mjs";
import { sections } from "./sections.mjs";
import { change, draw, keep, keepDraft, saveAsTyped, ui } from "./state.mjs";

/** @typedef {import("./model.mjs").Table} Table */
/** @typedef {import("./model.mjs").Piece} Piece */
/** @typedef {import("./model.mjs").KindSpec} KindSpec */

const GROUP_NAMES = { building: "Buildings", ruin: "Ruins", terrain: "Other terrain" };

/**
 * What the rules make of a piece, each line linked to its rule.
 * @param {Table} table
 * @param {Piece} piece
 * @param {KindSpec} kind
 * @param {import("./model.mjs").PieceState | undefined} state
 */
function facts(table, piece, kind, state) {
  const list = el("ul", "sh-piece__facts");
  const shown = state?.rubble ? model.kindOf(ui.spec, "rubble") || kind : kind;
  for (const fact of shown.facts) {
    if (fact.when && model.answerOf(ui.spec, table, piece, fact.when[0]) !== fact.when[1]) continue;
    const item = el("li");
    item.append(link(fact.rule, fact.says));
    list.append(item);
  }
  if (kind.group === "building" && !state?.rubble && kind.armour_rule) {
    const usual = kind.armour_value === null ? "set by the scenario" : `usually ${kind.armour_value}`;
    const item = el("li");
    const material = kind.material || model.answerOf(ui.spec, table, piece, "material");
    item.append(link(kind.armour_rule, `Armour value ${usual}; ${material}`));
    list.prepend(item);
  }
  return list;
}

/**
 * A fold's summary: what it holds, how many questions, and how many the players have not
 * answered yet (a question left at the book's default counts as not agreed).
 * @param {string} what
 * @param {string[]} questions
 * @param {Record<string, unknown>} answers
 */
export function agreeCount(what, questions, answers) {
  const open = questions.filter((q) => answers[q] === undefined).length;
  const all = `${questions.length} question${questions.length === 1 ? "" : "s"}`;
  return `${what}: ${all}, ${open ? `${open} not agreed yet` : "all agreed"}`;
}

/**
 * What the players have agreed for a piece (or the game), in words, where it is seen at a
 * glance: under the piece on the screen, in a shared table and on the printed sheet.
 * @param {string[]} questions the questions asked
 * @param {Record<string, import("./model.mjs").Answer>} answers
 */
export function agreedList(questions, answers) {
  const agreed = questions.filter((q) => answers[q] !== undefined && answers[q] !== "" && ui.spec.questions[q]);
  const list = el("ul", "sh-piece__agreed");
  list.hidden = !agreed.length;
  list.setAttribute("aria-label", "Agreed");
  for (const question of agreed) {
    const item = el("li");
    item.append(
      el("span", "sh-piece__agreed-q", `${ui.spec.questions[question].text} `),
      el("strong", "", model.label(ui.spec, question, answers[question])),
    );
    list.append(item);
  }
  return list;
}

/**
 * One piece: its name and kind, what the rules make of it, its sections and its questions.
 * @param {Table} table
 * @param {Piece} piece
 * @param {import("./model.mjs").Played} played
 * @param {boolean} readOnly
 */
export function pieceCard(table, piece, played, readOnly) {
  const kind = model.kindOf(ui.spec, piece.kind);
  const card = el("article", "sh-piece");
  card.id = `${readOnly ? "shared" : "piece"}-${piece.id}`;
  if (!kind) return card;
  const state = played.pieces[piece.id];
  const head = el("div", "sh-piece__head");
  const title = el("h3", "sh-piece__name", piece.name);
  title.id = `${card.id}-name`;
  title.tabIndex = -1; // a new piece opens on its name
  head.append(title, el("span", "sh-piece__kind", state?.rubble ? `${kind.name}, now rubble` : kind.name));
  const asked = kind.questions.filter((q) => q !== "armour-value" || !table.steps.some((s) => s.piece === piece.id));
  card.append(head, facts(table, piece, kind, state), agreedList(asked, piece.answers));
  if (kind.group === "building") card.append(sections(piece, state, readOnly));
  const questions = el("details", "sh-piece__questions");
  questions.id = `${card.id}-questions`;
  questions.append(el("summary", "", agreeCount("To agree", asked, piece.answers)));
  for (const question of asked) questions.append(questionField(table, piece, question, readOnly));
  card.append(questions);
  if (!readOnly) {
    const rename = el("input");
    rename.id = `n-${piece.id}`;
    rename.value = ui.typed[rename.id] ?? piece.name;
    rename.maxLength = model.NAME_MAX;
    rename.autocomplete = "off";
    rename.setAttribute("aria-describedby", `${rename.id}-error`);
    if (ui.fieldErrors[rename.id]) rename.setAttribute("aria-invalid", "true");
    saveAsTyped(rename, (value) => model.renamePiece(ui.own, piece.id, value));
    const remove = el("button", "md-button sh-piece__remove", "Remove");
    remove.type = "button";
    remove.setAttribute("aria-label", `Remove ${piece.name}`);
    remove.addEventListener("click", () => {
      const now = ui.own.pieces.find((p) => p.id === piece.id);
      if (now && window.confirm(`Take ${now.name} off the table, with what happened to it?`)) {
        keep(model.removePiece(ui.own, piece.id));
        draw();
      }
    });
    const edit = el("details", "sh-piece__edit");
    edit.append(el("summary", "", "Rename or remove"), field(rename.id, "Name", rename), errorFor(rename.id), remove);
    if (ui.fieldErrors[rename.id]) edit.open = true;
    card.append(edit);
  }
  return card;
}

/** The form that adds a piece. */
export function addForm() {
  const form = el("form", "sh-table__add");
  form.noValidate = true;
  form.append(el("h3", "", "Add a piece"));
  if (ui.notices.asked) {
    const asked = el("p", "sh-table__asked", ui.notices.asked);
    asked.setAttribute("role", "status");
    form.append(asked);
  }
  const kind = el("select");
  kind.id = "add-kind";
  for (const [group, title] of Object.entries(GROUP_NAMES)) {
    const optgroup = el("optgroup");
    optgroup.label = title;
    for (const k of ui.spec.kinds.filter((k) => k.pick && k.group === group)) {
      const option = el("option", "", k.name);
      option.value = k.id;
      optgroup.append(option);
    }
    kind.append(optgroup);
  }
  const name = el("input");
  name.id = "add-name";
  name.maxLength = model.NAME_MAX;
  name.placeholder = "the chapel";
  name.autocomplete = "off";
  name.value = ui.typed[name.id] ?? "";
  name.setAttribute("aria-describedby", "add-error");
  if (ui.fieldErrors.add) name.setAttribute("aria-invalid", "true");
  if (ui.adding) kind.value = ui.adding;
  kind.addEventListener("change", () => {
    ui.adding = kind.value;
  });
  const submit = el("button", "md-button md-button--primary", "Add");
  submit.type = "submit";
  const named = field("add-name", "Name", name);
  named.append(errorFor("add"));
  form.append(field("add-kind", "Kind", kind), named, submit);
  keepDraft(name);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    // The form's controls as they are on the page when it is sent (a draw keeps the first ones).
    const chosen = /** @type {HTMLSelectElement} */ (form.querySelector("#add-kind"));
    const named = /** @type {HTMLInputElement} */ (form.querySelector("#add-name"));
    const before = new Set(ui.own.pieces.map((p) => p.id));
    change(model.addPiece(ui.spec, ui.own, chosen.value, named.value), "add", named);
    if (ui.fieldErrors.add) return;
    ui.adding = "";
    const added = ui.own.pieces.find((p) => !before.has(p.id));
    if (added) opened(added);
  });
  return form;
}
