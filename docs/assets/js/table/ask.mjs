// @ts-check
// Scrollhammer Rules: a rule's ✎ Agree marker, arrived at. The marker links to the table at
// the question the rule asks (table/#ask-<question>, which lands on the page's list of every
// question even without scripts). Here that link opens the question ready to answer for this
// game: a question of the whole game in its fold; a piece's question on the first piece of
// a kind that asks it, its other pieces named; with no such piece, the form that adds one,
// set to such a kind, and the question opened on the piece once it is added. The answer is
// kept as every answer on the table is.
import * as model from "./model.mjs";
import { draw, ui } from "./state.mjs";

/** @typedef {import("./model.mjs").Piece} Piece */

const PREFIX = "#ask-";

/**
 * The question an ✎ Agree link asks for (its address), if the table has it.
 * @returns {string}
 */
function askedFor() {
  const hash = window.location.hash;
  if (!hash.startsWith(PREFIX)) return "";
  const question = decodeURIComponent(hash.slice(PREFIX.length));
  return ui.spec.questions[question] ? question : "";
}

/**
 * What takes the focus for a question's control: a choice's fieldset gives it to its chosen
 * option (its first, when none is chosen yet); any other control takes it itself.
 * @param {Element} control
 */
export function focusable(control) {
  return control.matches("fieldset")
    ? control.querySelector("input:checked") || control.querySelector("input")
    : control;
}

/**
 * Bring a question's control into view and into focus, its fold opened.
 * @param {string} id the control's id (a choice's fieldset, or its field)
 */
export function focusQuestion(id) {
  const control = document.getElementById(id);
  if (!control) return;
  for (let fold = control.closest("details"); fold; fold = fold.parentElement?.closest("details") || null) {
    fold.open = true;
  }
  (control.closest(".sh-q") || control).scrollIntoView({ block: "start" });
  const target = focusable(control);
  if (target instanceof HTMLElement) target.focus({ preventScroll: true });
}

/**
 * The pieces of the player's table whose kind asks `question`.
 * @param {string} question
 * @returns {Piece[]}
 */
export function askedOf(question) {
  return ui.own.pieces.filter((p) => model.kindOf(ui.spec, p.kind)?.questions.includes(question));
}

/**
 * Open the question an ✎ Agree link asked for, on the table as it is drawn.
 * @param {string} question
 */
function openAsked(question) {
  const q = ui.spec.questions[question];
  if (q.scope === "game") {
    ui.asked = { question, piece: null };
    draw();
    focusQuestion(`q-game-${question}`);
    return;
  }
  const pieces = askedOf(question);
  if (pieces.length) {
    ui.asked = { question, piece: pieces[0].id };
    draw();
    focusQuestion(`q-${pieces[0].id}-${question}`);
    return;
  }
  // No piece asks it yet: the form that adds one, set to the first kind that does.
  const kind = ui.spec.kinds.find((k) => k.pick && k.questions.includes(question));
  ui.asking = question;
  ui.adding = kind?.id || "";
  ui.notices.asked = `“${q.text}” is agreed for each ${kind ? kindWords(kind) : "piece"} on the table: add it first, then answer it there.`;
  draw("add-name");
  document.querySelector(".sh-table__add")?.scrollIntoView({ block: "start" });
}

/**
 * A kind in a sentence: its group's word for a building or a ruin, else its name.
 * @param {import("./model.mjs").KindSpec} kind
 */
function kindWords(kind) {
  if (kind.group === "building") return "building";
  if (kind.group === "ruin") return "ruin";
  return kind.name.toLowerCase();
}

/**
 * A piece was just added: open it on its name, or, when an ✎ Agree link waits for a piece
 * that asks its question, on that question.
 * @param {Piece} piece
 */
export function opened(piece) {
  ui.notices.asked = "";
  if (ui.asking && model.kindOf(ui.spec, piece.kind)?.questions.includes(ui.asking)) {
    const question = ui.asking;
    ui.asking = "";
    ui.asked = { question, piece: piece.id };
    draw();
    focusQuestion(`q-${piece.id}-${question}`);
    return;
  }
  draw();
  const name = document.getElementById(`piece-${piece.id}-name`);
  name?.scrollIntoView({ block: "start" });
  name?.focus({ preventScroll: true });
}

/** On arrival at the table (or a new address): the question an ✎ Agree link asks for, opened. */
export function arriveAsked() {
  const question = askedFor();
  if (!question || ui.shared) return;
  // The address keeps the page, not the question: a reload or Back shows the table as it is.
  history.replaceState(history.state, "", window.location.pathname + window.location.search);
  openAsked(question);
}
