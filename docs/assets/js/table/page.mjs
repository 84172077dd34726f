// @ts-check
// Scrollhammer Rules: the table page. The players list the table's terrain, answer the
// questions each piece raises (the rule's words a tap away), record what happens to the
// buildings, and share it all by a link (#t=…) or a QR code. A shared table opens
// read-only, with "Use this table"; one's own table is never replaced unasked.
//
// Everything is drawn with textContent from the model's data (model.mjs); nothing a
// link carries is ever read as markup.
//
// In the order of a game: the pieces (and the form that adds one), what happened, the whole
// game's questions (folded, with how many are not agreed yet), and handing the table over.
//
// The page's parts, one job each: state.mjs (what it shows and keeps), pieces.mjs,
// questions.mjs, sections.mjs (a building's damage, the game's changes), sharing.mjs, and
// ask.mjs (a rule's ✎ Agree link, arrived at).
import { carryAsOf } from "../as-of/page.mjs";
import { el, pageData } from "../site.mjs";
import { arriveAsked, focusable } from "./ask.mjs";
import { decode } from "./link.mjs";
import { morph } from "./morph.mjs";
import { addForm, agreeCount, agreedList, pieceCard } from "./pieces.mjs";
import { questionField, rulesAsOfField } from "./questions.mjs";
import { changes } from "./sections.mjs";
import { handOver, sharedBanner } from "./sharing.mjs";
import { onDraw, ui } from "./state.mjs";
import { replay } from "./steps.mjs";
import { loadOwn } from "./store.mjs";

/** @typedef {import("./model.mjs").Spec} Spec */
/** @typedef {import("./model.mjs").Table} Table */

/**
 * A whole table: its pieces, the game's questions, its changes, and handing it over.
 * @param {Table} table
 * @param {boolean} readOnly
 */
function tableView(table, readOnly) {
  const view = el("div", "sh-table__view");
  const played = replay(ui.spec, table);
  const count = table.pieces.length;
  view.append(
    el(
      "h2",
      "sh-table__title",
      readOnly
        ? `The shared table: ${count} piece${count === 1 ? "" : "s"}`
        : `Your table: ${count} piece${count === 1 ? "" : "s"}`,
    ),
  );
  const pieces = el("div", "sh-table__pieces");
  for (const piece of table.pieces) pieces.append(pieceCard(table, piece, played, readOnly));
  if (!count)
    pieces.append(
      el(
        "p",
        "sh-table__empty",
        readOnly ? "No pieces." : "No pieces yet: add the table's buildings, ruins and terrain below.",
      ),
    );
  view.append(pieces);
  if (!readOnly) view.append(addForm());
  view.append(changes(played, readOnly), wholeGame(table, readOnly), handOver(table, readOnly));
  return view;
}

/**
 * The whole game's questions, folded, its summary saying how many are not agreed yet.
 * @param {Table} table
 * @param {boolean} readOnly
 */
function wholeGame(table, readOnly) {
  const game = el("section", "sh-table__game");
  game.append(el("h2", "", "For the whole game"), agreedList(ui.spec.game, table.game));
  const fold = el("details", "sh-table__game-questions");
  fold.id = `${readOnly ? "shared" : "own"}-game-questions`;
  fold.append(el("summary", "", agreeCount("To agree", ui.spec.game, table.game)));
  fold.append(rulesAsOfField(table, readOnly));
  for (const question of ui.spec.game) fold.append(questionField(table, null, question, readOnly));
  game.append(fold);
  return game;
}

/**
 * Draw the page: its parts drawn afresh, then the page made to say what they say without
 * taking anything from under the player (morph.mjs: the field in use keeps its focus and
 * caret, a button its tap, a fold its state). `focusId` moves the focus to a control (a
 * field whose answer was refused, a piece just added); without it the focus stays.
 * @param {string} [focusId]
 */
function draw(focusId) {
  const root = document.querySelector("[data-table-root]");
  if (!(root instanceof HTMLElement)) return;
  const next = document.createElement("div");
  const shown = [ui.notices.loaded, ui.notices.saving, ui.notices.link].filter(Boolean);
  if (shown.length) {
    const box = el("div", "sh-table__notices");
    box.setAttribute("role", "alert");
    for (const notice of shown) box.append(el("p", "sh-table__notice", notice));
    next.append(box);
  }
  if (ui.shared) next.append(sharedBanner(), tableView(ui.shared, true));
  else next.append(tableView(ui.own, false));
  morph(root, next);
  const rules = (ui.shared || ui.own).rules;
  if (rules) carryAsOf(rules, root);
  const again = focusId ? document.getElementById(focusId) : null;
  const focus = again ? focusable(again) : null;
  if (focus instanceof HTMLElement && root.contains(focus) && document.activeElement !== focus) {
    focus.focus({ preventScroll: true });
  }
}

/** Read a shared table from the address (#t=…), or say why it cannot be used. */
function readLink() {
  const hash = window.location.hash;
  ui.notices.link = "";
  if (!hash.startsWith("#t=")) {
    ui.shared = null;
    return;
  }
  let text = hash.slice(3);
  try {
    text = decodeURIComponent(text);
  } catch {
    // left as it came: decode() names what is wrong with it
  }
  const read = decode(ui.spec, text);
  if ("error" in read) {
    ui.shared = null;
    ui.notices.link = `This table link was not used: ${read.error} Your own table is unchanged.`;
  } else ui.shared = read.table;
}

/** Draw the table page (called by start.mjs on each visit to it). */
export function onPage() {
  const root = document.querySelector("[data-table-root]");
  if (!(root instanceof HTMLElement)) return;
  ui.spec = /** @type {Spec} */ (/** @type {unknown} */ (pageData("table-spec")));
  if (!ui.spec.kinds) return;
  const loaded = loadOwn(ui.spec);
  ui.own = loaded.table;
  ui.notices.loaded = loaded.notice;
  ui.notices.saving = "";
  ui.fieldErrors = {};
  ui.typed = {};
  ui.asking = "";
  ui.asked = null;
  ui.adding = "";
  ui.notices.asked = "";
  readLink();
  draw();
  arriveAsked();
}

// A table link opened while the page is open (pasted into the address bar, a tap in a chat),
// or a rule's ✎ Agree link followed within it.
window.addEventListener("hashchange", () => {
  if (!document.querySelector("[data-table-root]") || !ui.spec.kinds) return;
  readLink();
  draw();
  arriveAsked();
});

onDraw(draw);
