// @ts-check
// Scrollhammer Rules: the table page's questions: each with its control (or, read-only, its
// answer), the book's default marked, and the rule's words one tap away.
import { localDay } from "../as-of/when.mjs";
import { el } from "../site.mjs";
import { askedOf, focusQuestion } from "./ask.mjs";
import { errorFor } from "./fields.mjs";
import * as model from "./model.mjs";
import { change, saveAsTyped, ui } from "./state.mjs";

/** @typedef {import("./model.mjs").Table} Table */
/** @typedef {import("./model.mjs").Piece} Piece */
/** @typedef {import("./model.mjs").KindSpec} KindSpec */

/**
 * The rule's words behind one tap, copied from the page's list of questions (its place,
 * its words and a link to it, for each rule that asks it).
 * @param {string} question
 * @param {KindSpec | null} kind
 */
function ruleWords(question, kind) {
  const box = el("details", "sh-q__rules");
  let rules = [...document.querySelectorAll(`#ask-${question} details`)];
  // A building's armour value: the rule for its own type, not all five.
  const ownRule =
    question === "armour-value" && kind?.armour_rule ? new URL(kind.armour_rule, window.location.href).hash : "";
  const mine = rules.filter(
    (d) => ownRule && d.querySelector("a") && new URL(d.querySelector("a")?.href || "").hash === ownRule,
  );
  if (mine.length) rules = mine;
  box.append(el("summary", "", rules.length > 1 ? `The rules (${rules.length})` : "The rule"));
  for (const details of rules) {
    const part = el("div", "sh-q__rule");
    part.append(el("p", "sh-q__place", details.querySelector("summary")?.textContent || ""));
    for (const p of details.querySelectorAll("p")) part.append(p.cloneNode(true));
    box.append(part);
  }
  return box;
}

/**
 * A choice's options as radio buttons, each a thumb's size, their words wrapping (a select
 * cuts a long option short); the book's default (or the site's reading) marked, as a
 * suggestion: no option is chosen until the players choose one, as the fold's count says.
 * @param {Piece | null} piece
 * @param {string} question
 * @param {string} id
 * @param {import("./model.mjs").Answer | undefined} given the players' answer, if they agreed one
 * @param {import("./model.mjs").Answer | null} bookDefault
 */
function choices(piece, question, id, given, bookDefault) {
  const q = ui.spec.questions[question];
  const set = el("fieldset", "sh-q__choices");
  set.id = id;
  set.setAttribute("aria-describedby", `${id}-error`);
  set.append(el("legend", "sh-q__label", q.text));
  const whose = question.startsWith("reading-") ? "the site's reading" : "the book's default";
  q.choices.forEach(([choice, text], n) => {
    const option = el("label", "sh-q__choice");
    const radio = el("input");
    radio.type = "radio";
    radio.name = id;
    radio.id = `${id}-${n}`;
    radio.value = choice;
    radio.checked = choice === given;
    radio.addEventListener("change", () =>
      change(model.setAnswer(ui.spec, ui.own, piece ? piece.id : null, question, radio.value), id),
    );
    option.append(radio, el("span", "", choice === bookDefault ? `${text} (${whose})` : text));
    set.append(option);
  });
  set.append(errorFor(id));
  return set;
}

/**
 * What a read-only table says of a question: the players' answer, or that they have not
 * agreed one (and what the book says meanwhile).
 * @param {string} question
 * @param {import("./model.mjs").Answer | undefined} given
 * @param {import("./model.mjs").Answer | null} bookDefault
 */
function answerWords(question, given, bookDefault) {
  if (given !== undefined && given !== "") return model.label(ui.spec, question, given);
  return bookDefault === null ? "not agreed" : `not agreed (the book: ${model.label(ui.spec, question, bookDefault)})`;
}

/**
 * Under a text or number field: whether it is agreed, and the book's value beside it.
 * @param {import("./model.mjs").QuestionSpec} q
 * @param {import("./model.mjs").Answer | undefined} given
 * @param {import("./model.mjs").Answer | null} bookDefault
 */
function fieldHint(q, given, bookDefault) {
  const range = q.type === "number" ? ` (${q.min} to ${q.max})` : "";
  if (given === undefined) {
    return bookDefault === null
      ? `Not agreed yet${range}.`
      : `Not agreed yet: until it is, the book's ${bookDefault} applies${range}.`;
  }
  return bookDefault === null ? `Agreed${range}.` : `Agreed; the book's usual value: ${bookDefault}${range}.`;
}

/**
 * One question, with its control (or, read-only, its answer).
 * @param {Table} table
 * @param {Piece | null} piece
 * @param {string} question
 * @param {boolean} readOnly
 */
export function questionField(table, piece, question, readOnly) {
  const q = ui.spec.questions[question];
  const wrap = el("div", "sh-q");
  if (!q) return wrap;
  const id = `q-${piece ? piece.id : "game"}-${question}`;
  const given = piece ? piece.answers[question] : table.game[question];
  const kind = piece ? model.kindOf(ui.spec, piece.kind) : null;
  const usual = model.defaultAnswer(ui.spec, question, kind);
  const bookDefault = usual === "" ? null : usual; // a text question's "": the book says nothing
  if (readOnly) {
    wrap.append(el("p", "sh-q__label", q.text));
    wrap.append(el("p", "sh-q__answer", answerWords(question, given, bookDefault)));
  } else if (q.type === "choice") {
    wrap.append(choices(piece, question, id, given, bookDefault));
  } else {
    const label = el("label", "sh-q__label", q.text);
    label.htmlFor = id;
    wrap.append(label);
    const control = el("input");
    control.type = "text";
    control.value = ui.typed[id] ?? (given === undefined ? "" : String(given));
    if (q.type === "number") {
      control.inputMode = "numeric";
      control.placeholder = bookDefault === null ? `${q.min} to ${q.max}` : `the book: ${bookDefault}`;
    } else {
      control.maxLength = q.max ?? 120;
      control.placeholder = "as agreed";
    }
    control.autocomplete = "off";
    control.id = id;
    control.setAttribute("aria-describedby", `${id}-hint ${id}-error`);
    if (ui.fieldErrors[id]) control.setAttribute("aria-invalid", "true");
    saveAsTyped(control, (value) => model.setAnswer(ui.spec, ui.own, piece ? piece.id : null, question, value));
    wrap.append(control);
    const hint = el("p", "sh-q__hint", fieldHint(q, given, bookDefault));
    hint.id = `${id}-hint`;
    wrap.append(hint, errorFor(id));
  }
  wrap.append(ruleWords(question, kind));
  if (!readOnly && ui.asked?.question === question && ui.asked.piece === (piece ? piece.id : null)) {
    wrap.classList.add("sh-q--asked");
    if (piece) wrap.prepend(...otherPieces(piece, question));
  }
  return wrap;
}

/**
 * Over the question an ✎ Agree link opened on a piece: the other pieces it is asked of too,
 * each a button that opens theirs.
 * @param {Piece} piece
 * @param {string} question
 * @returns {HTMLElement[]}
 */
function otherPieces(piece, question) {
  const others = askedOf(question).filter((p) => p.id !== piece.id);
  if (!others.length) return [];
  const note = el("p", "sh-q__also", "Agree it for each of them: ");
  others.forEach((other, n) => {
    if (n) note.append(", ");
    const go = el("button", "sh-q__other", other.name);
    go.type = "button";
    go.dataset.target = `q-${other.id}-${question}`;
    go.addEventListener("click", () => focusQuestion(go.dataset.target || ""));
    note.append(go);
  });
  note.append(".");
  return [note];
}

/**
 * The rules' date for the game: empty for today's rules, or a date or wiki revision that the
 * table's links to the rules carry (?as-of=), so every rule opens in the words of that day.
 * @param {Table} table
 * @param {boolean} readOnly
 */
export function rulesAsOfField(table, readOnly) {
  const wrap = el("div", "sh-q sh-q--as-of");
  const id = "q-game-rules-as-of";
  const hint =
    "A date (like 2026-11-01), or a wiki revision: the number the rulebook's wiki gives each edit of it (oldid= in its page history). The rules linked from this table open as they stood then. Empty: today's rules.";
  if (readOnly) {
    wrap.append(el("p", "sh-q__label", model.RULES_AS_OF));
    wrap.append(el("p", "sh-q__answer", table.rules || "today's rules"));
    return wrap;
  }
  const label = el("label", "sh-q__label", model.RULES_AS_OF);
  label.htmlFor = id;
  const control = el("input");
  control.type = "text";
  control.id = id;
  control.value = ui.typed[id] ?? (table.rules || "");
  control.placeholder = "today's rules";
  control.maxLength = 12;
  control.autocomplete = "off";
  control.setAttribute("aria-describedby", `${id}-hint ${id}-error`);
  if (ui.fieldErrors[id]) control.setAttribute("aria-invalid", "true");
  saveAsTyped(control, (value) => model.setRulesAsOf(ui.own, value, localDay()));
  const help = el("p", "sh-q__hint", hint);
  help.id = `${id}-hint`;
  wrap.append(label, control, help, errorFor(id));
  return wrap;
}
