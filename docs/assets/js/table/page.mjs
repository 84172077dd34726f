// @ts-check
// Scrollhammer Rules: the table page. The players list the table's terrain, answer the
// questions each piece raises (the rule's words a tap away), record what happens to the
// buildings, and share it all by a link (#t=…) or a QR code. A shared table opens
// read-only, with "Use this table"; one's own table is never replaced unasked.
//
// Everything is drawn with textContent from the model's data (model.mjs); nothing a
// link carries is ever read as markup.
import { qrCode } from "../show.mjs";
import { copyText, el, pageData, SITE_ROOT, shareOrCopy, toast } from "../site.mjs";
import * as model from "./model.mjs";
import { loadOwn, saveOwn } from "./store.mjs";

/** @typedef {import("./model.mjs").Spec} Spec */
/** @typedef {import("./model.mjs").Table} Table */
/** @typedef {import("./model.mjs").Piece} Piece */
/** @typedef {import("./model.mjs").KindSpec} KindSpec */

const GROUP_NAMES = { building: "Buildings", ruin: "Ruins", terrain: "Other terrain" };

/** @type {Spec} */
let spec = /** @type {Spec} */ (/** @type {unknown} */ ({}));
/** @type {Table} */
let own = model.emptyTable();
/** @type {Table | null} a table opened from a link, shown read-only */
let shared = null;
/** What the page must say: a link refused, storage trouble. */
const notices = {
  /** Why the table kept on this device could not be read (until New game). */
  loaded: "",
  /** Why the last change could not be kept on the device. */
  saving: "",
  /** Why a table link was not used. */
  link: "",
};
/** Field id → its error, kept across a redraw. */
let fieldErrors = /** @type {Record<string, string>} */ ({});
/** Field id → what the player typed there that was refused (shown again, never lost). */
let typed = /** @type {Record<string, string>} */ ({});

/** The address of a table's link. */
export function tableLink(/** @type {Table} */ table) {
  return new URL(`table/#t=${model.encode(table)}`, SITE_ROOT).href;
}

/** @param {Table} next */
function keep(next) {
  own = next;
  notices.saving = saveOwn(next);
}

/**
 * Apply a model outcome to the player's table, or show its error beside `fieldId`; what
 * was typed in `input` (the field itself unless named) is kept while it is refused.
 * @param {import("./model.mjs").Outcome} outcome
 * @param {string} fieldId
 * @param {HTMLElement | null} [input]
 */
function change(outcome, fieldId, input = document.getElementById(fieldId)) {
  const text = input instanceof HTMLInputElement ? input : null;
  if ("error" in outcome) {
    fieldErrors[fieldId] = outcome.error;
    if (text) typed[text.id] = text.value;
  } else {
    delete fieldErrors[fieldId];
    if (text) delete typed[text.id];
    keep(outcome.table);
  }
  draw(fieldId);
}

/**
 * A text field for a whole number, showing what was typed there if it was refused.
 * @param {string} id
 */
function numberField(id) {
  const input = el("input");
  input.id = id;
  input.inputMode = "numeric";
  input.autocomplete = "off";
  input.value = typed[id] ?? "";
  return input;
}

/**
 * A whole number as typed, or NaN (which the model refuses, naming the range).
 * @param {HTMLInputElement} input
 */
function wholeNumber(input) {
  return /^\d+$/.test(input.value.trim()) ? Number(input.value) : Number.NaN;
}

// ----------------------------------------------------------------------------- drawing

/**
 * @param {string} href
 * @param {string} text
 * @param {string} [className]
 */
function link(href, text, className = "") {
  const a = el("a", className, text);
  a.href = href;
  return a;
}

/**
 * A field's inline error (empty and hidden when there is none).
 * @param {string} id
 */
function errorFor(id) {
  const p = el("p", "sh-table__error", fieldErrors[id] || "");
  p.id = `${id}-error`;
  p.hidden = !fieldErrors[id];
  return p;
}

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
  const own =
    question === "armour-value" && kind?.armour_rule ? new URL(kind.armour_rule, window.location.href).hash : "";
  const mine = rules.filter(
    (d) => own && d.querySelector("a") && new URL(d.querySelector("a")?.href || "").hash === own,
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
 * One question, with its control (or, read-only, its answer).
 * @param {Table} table
 * @param {Piece | null} piece
 * @param {string} question
 * @param {boolean} readOnly
 */
function questionField(table, piece, question, readOnly) {
  const q = spec.questions[question];
  const wrap = el("div", "sh-q");
  if (!q) return wrap;
  const id = `q-${piece ? piece.id : "game"}-${question}`;
  const value = model.answerOf(spec, table, piece, question);
  const kind = piece ? model.kindOf(spec, piece.kind) : null;
  const isDefault = (piece ? piece.answers[question] : table.game[question]) === undefined;
  const bookDefault = model.defaultAnswer(spec, question, kind);
  if (readOnly) {
    wrap.append(el("p", "sh-q__label", q.text));
    const shown = value === null || value === "" ? "not agreed" : model.label(spec, question, value);
    wrap.append(el("p", "sh-q__answer", shown));
  } else {
    const label = el("label", "sh-q__label", q.text);
    label.htmlFor = id;
    wrap.append(label);
    /** @type {HTMLInputElement | HTMLSelectElement} */
    let control;
    if (q.type === "choice") {
      control = el("select");
      for (const [choice, text] of q.choices) {
        const option = el("option", "", choice === bookDefault ? `${text} (the book's default)` : text);
        option.value = choice;
        option.selected = choice === value;
        control.append(option);
      }
    } else {
      control = el("input");
      control.type = "text";
      control.value = typed[id] ?? (value === null ? "" : String(value));
      if (q.type === "number") {
        control.inputMode = "numeric";
        control.placeholder = `${q.min} to ${q.max}`;
      } else {
        control.maxLength = q.max ?? 120;
        control.placeholder = "as agreed";
      }
      control.autocomplete = "off";
    }
    control.id = id;
    control.setAttribute("aria-describedby", `${id}-error`);
    if (fieldErrors[id]) control.setAttribute("aria-invalid", "true");
    control.addEventListener("change", () =>
      change(model.setAnswer(spec, own, piece ? piece.id : null, question, control.value), id),
    );
    wrap.append(control);
    if (q.type === "number" && bookDefault !== null) {
      wrap.append(
        el("p", "sh-q__hint", isDefault ? `The book's usual value: ${bookDefault}` : `The book: ${bookDefault}`),
      );
    }
    wrap.append(errorFor(id));
  }
  wrap.append(ruleWords(question, kind));
  return wrap;
}

/**
 * What the rules make of a piece, each line linked to its rule.
 * @param {Table} table
 * @param {Piece} piece
 * @param {KindSpec} kind
 * @param {import("./model.mjs").PieceState | undefined} state
 */
function facts(table, piece, kind, state) {
  const list = el("ul", "sh-piece__facts");
  const shown = state?.rubble ? model.kindOf(spec, "rubble") || kind : kind;
  for (const fact of shown.facts) {
    if (fact.when && model.answerOf(spec, table, piece, fact.when[0]) !== fact.when[1]) continue;
    const item = el("li");
    item.append(link(fact.rule, fact.says));
    list.append(item);
  }
  if (kind.group === "building" && !state?.rubble && kind.armour_rule) {
    const usual = kind.armour_value === null ? "set by the scenario" : `usually ${kind.armour_value}`;
    const item = el("li");
    const material = kind.material || model.answerOf(spec, table, piece, "material");
    item.append(link(kind.armour_rule, `Armour value ${usual}; ${material}`));
    list.prepend(item);
  }
  return list;
}

/**
 * A building's sections and their current armour values; for one's own table, the forms
 * that record damage by hand.
 * @param {Piece} piece
 * @param {import("./model.mjs").PieceState | undefined} state
 * @param {boolean} readOnly
 */
function sections(piece, state, readOnly) {
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
  for (const [n, chartRow] of Object.entries(spec.chart)) {
    const option = el("option", "", `${n}: ${chartRow.name}${chartRow.loss ? ` (−d${chartRow.loss})` : ""}`);
    option.value = n;
    row.append(option);
  }
  const loss = numberField(`${id}-loss`);
  const apply = el("button", "md-button", "Apply the result");
  apply.type = "button";
  apply.addEventListener("click", () => {
    const chosen = spec.chart[row.value];
    const step = { piece: piece.id, section: Number(which.value), row: Number(row.value) };
    if (chosen?.loss) Object.assign(step, { loss: wholeNumber(loss) });
    change(model.addStep(spec, own, step), id, loss);
  });
  const set = numberField(`${id}-set`);
  const setButton = el("button", "md-button", "Set it");
  setButton.type = "button";
  setButton.addEventListener("click", () => {
    const step = { piece: piece.id, section: Number(which.value), set: wholeNumber(set) };
    change(model.addStep(spec, own, step), id, set);
  });
  record.append(
    field(`${id}-section`, "Section", which),
    field(`${id}-row`, "Building Damage Chart result", row),
    field(`${id}-loss`, "Reduced by (the d3 or d6 rolled)", loss),
    apply,
    field(`${id}-set`, "Or set its armour value by hand (1 to 30)", set),
    setButton,
    errorFor(id),
  );
  if (fieldErrors[id]) record.open = true;
  const name = el("input");
  name.id = `${id}-new-section`;
  name.maxLength = model.NAME_MAX;
  name.placeholder = "west, the tower…";
  name.value = typed[name.id] ?? "";
  const add = el("button", "md-button", "Add a section");
  add.type = "button";
  add.addEventListener("click", () => {
    change(model.addSection(spec, own, piece.id, name.value), `${id}-sections`, name);
  });
  const split = el("details", "sh-piece__split");
  split.append(
    el("summary", "", "Sections (one for each ground floor room)"),
    field(`${id}-new-section`, "A section's name", name),
    add,
    errorFor(`${id}-sections`),
  );
  if (fieldErrors[`${id}-sections`]) split.open = true;
  box.append(record, split);
  return box;
}

/**
 * A labelled control.
 * @param {string} id
 * @param {string} text
 * @param {HTMLElement} control
 */
function field(id, text, control) {
  const wrap = el("div", "sh-field");
  const label = el("label", "", text);
  label.htmlFor = id;
  wrap.append(label, control);
  return wrap;
}

/**
 * One piece: its name and kind, what the rules make of it, its sections and its questions.
 * @param {Table} table
 * @param {Piece} piece
 * @param {import("./model.mjs").Played} played
 * @param {boolean} readOnly
 */
function pieceCard(table, piece, played, readOnly) {
  const kind = model.kindOf(spec, piece.kind);
  const card = el("article", "sh-piece");
  card.id = `${readOnly ? "shared" : "piece"}-${piece.id}`;
  if (!kind) return card;
  const state = played.pieces[piece.id];
  const head = el("div", "sh-piece__head");
  const title = el("h3", "sh-piece__name", piece.name);
  head.append(title, el("span", "sh-piece__kind", state?.rubble ? `${kind.name}, now rubble` : kind.name));
  card.append(head, facts(table, piece, kind, state));
  if (kind.group === "building") card.append(sections(piece, state, readOnly));
  const asked = kind.questions.filter((q) => q !== "armour-value" || !table.steps.some((s) => s.piece === piece.id));
  const questions = el("details", "sh-piece__questions");
  questions.open = !readOnly;
  questions.append(el("summary", "", `What to agree (${asked.length})`));
  for (const question of asked) questions.append(questionField(table, piece, question, readOnly));
  card.append(questions);
  if (!readOnly) {
    const rename = el("input");
    rename.id = `n-${piece.id}`;
    rename.value = typed[rename.id] ?? piece.name;
    rename.maxLength = model.NAME_MAX;
    rename.addEventListener("change", () => change(model.renamePiece(own, piece.id, rename.value), rename.id));
    const remove = el("button", "md-button sh-piece__remove", "Remove");
    remove.type = "button";
    remove.setAttribute("aria-label", `Remove ${piece.name}`);
    remove.addEventListener("click", () => {
      if (window.confirm(`Take ${piece.name} off the table, with what happened to it?`)) {
        keep(model.removePiece(own, piece.id));
        draw();
      }
    });
    const edit = el("details", "sh-piece__edit");
    edit.append(el("summary", "", "Rename or remove"), field(rename.id, "Name", rename), errorFor(rename.id), remove);
    if (fieldErrors[rename.id]) edit.open = true;
    card.append(edit);
  }
  return card;
}

/** The form that adds a piece. */
function addForm() {
  const form = el("form", "sh-table__add");
  form.noValidate = true;
  form.append(el("h3", "", "Add a piece"));
  const kind = el("select");
  kind.id = "add-kind";
  for (const [group, title] of Object.entries(GROUP_NAMES)) {
    const optgroup = el("optgroup");
    optgroup.label = title;
    for (const k of spec.kinds.filter((k) => k.pick && k.group === group)) {
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
  name.value = typed[name.id] ?? "";
  name.setAttribute("aria-describedby", "add-error");
  const submit = el("button", "md-button md-button--primary", "Add");
  submit.type = "submit";
  form.append(field("add-kind", "Kind", kind), field("add-name", "Name", name), submit, errorFor("add"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    change(model.addPiece(spec, own, kind.value, name.value), "add", name);
    if (!fieldErrors.add) document.getElementById("add-name")?.focus();
  });
  return form;
}

/**
 * The game's changes, each with its rule; undo takes the last one back.
 * @param {import("./model.mjs").Played} played
 * @param {boolean} readOnly
 */
function changes(played, readOnly) {
  const box = el("section", "sh-table__log");
  box.append(el("h3", "", "What happened this game"));
  if (!played.log.length) {
    box.append(
      el("p", "sh-table__empty", "Nothing yet: damage a building with the calculator's Roll it, or record it above."),
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
      keep(model.undo(own));
      toast("The last change is undone");
      draw();
    });
    box.append(undo);
  }
  return box;
}

/**
 * The buttons that hand the table over: link, QR code, summary; and New game.
 * @param {Table} table
 * @param {boolean} readOnly
 */
function handOver(table, readOnly) {
  const box = el("section", "sh-table__share");
  box.append(el("h3", "", readOnly ? "This shared table" : "Share it with your opponent"));
  const buttons = el("div", "sh-table__buttons");
  /**
   * @param {string} text
   * @param {() => void} action
   * @param {string} [className]
   */
  const button = (text, action, className = "md-button") => {
    const b = el("button", className, text);
    b.type = "button";
    b.addEventListener("click", action);
    buttons.append(b);
    return b;
  };
  const qr = el("div", "sh-table__qr");
  qr.hidden = true;
  if (!readOnly) {
    button("Share", () => shareOrCopy({ title: "Our table", text: model.summary(spec, table), url: tableLink(table) }));
    button("Copy link", () =>
      copyText(tableLink(table), "Link to this table copied", `Could not copy; here it is: ${tableLink(table)}`),
    );
    button("QR code", async () => {
      if (!qr.hidden) {
        qr.hidden = true;
        return;
      }
      qr.replaceChildren(await qrCode(tableLink(table), "QR code of this table's link"));
      qr.hidden = false;
    });
  }
  button("Copy summary", () => copyText(model.summary(spec, table), "Summary copied", "Could not copy the summary"));
  if (!readOnly) {
    button(
      "New game",
      () => {
        if (!window.confirm("Clear the table: every piece, what was agreed and what happened?")) return;
        own = model.emptyTable();
        notices.loaded = "";
        notices.saving = saveOwn(own, { replace: true });
        draw();
      },
      "md-button sh-table__new",
    );
  }
  box.append(buttons, qr);
  const text = el("pre", "sh-table__summary", model.summary(spec, table));
  text.setAttribute("aria-label", "The table in plain text");
  box.append(text);
  return box;
}

/**
 * A whole table: its pieces, the game's questions, its changes, and handing it over.
 * @param {Table} table
 * @param {boolean} readOnly
 */
function tableView(table, readOnly) {
  const view = el("div", "sh-table__view");
  const played = model.replay(spec, table);
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
  const game = el("section", "sh-table__game");
  game.append(el("h3", "", "For the whole game"));
  for (const question of spec.game) game.append(questionField(table, null, question, readOnly));
  view.append(game, changes(played, readOnly), handOver(table, readOnly));
  return view;
}

/** Leave the shared table (the address goes back to the page without it). */
function closeShared() {
  shared = null;
  history.replaceState(history.state, "", window.location.pathname + window.location.search);
}

/** The banner over a shared table. */
function sharedBanner() {
  const banner = el("div", "sh-table__banner");
  banner.setAttribute("role", "region");
  banner.setAttribute("aria-label", "A shared table");
  banner.append(el("p", "", "This table was shared with you. It is shown read-only: your own table is unchanged."));
  const use = el("button", "md-button md-button--primary", "Use this table");
  use.type = "button";
  use.addEventListener("click", () => {
    if (!shared) return;
    const mine = own.pieces.length;
    if (mine && !window.confirm(`Replace your table (${mine} piece${mine === 1 ? "" : "s"}) with this one?`)) return;
    const next = shared;
    closeShared();
    keep(next);
    toast("This is now your table");
    draw();
  });
  const back = el("button", "md-button", "Back to my table");
  back.type = "button";
  back.addEventListener("click", () => {
    closeShared();
    draw();
  });
  banner.append(use, back);
  return banner;
}

/**
 * Draw the page, keeping the focus on the control it was on.
 * @param {string} [focusId]
 */
function draw(focusId) {
  const root = document.querySelector("[data-table-root]");
  if (!(root instanceof HTMLElement)) return;
  const active = focusId || (document.activeElement instanceof HTMLElement ? document.activeElement.id : "");
  const open = [...root.querySelectorAll("details[open]")].map((d) => d.closest("[id]")?.id + (d.className || ""));
  const parts = [];
  const shown = [notices.loaded, notices.saving, notices.link].filter(Boolean);
  if (shown.length) {
    const box = el("div", "sh-table__notices");
    box.setAttribute("role", "alert");
    for (const notice of shown) box.append(el("p", "sh-table__notice", notice));
    parts.push(box);
  }
  if (shared) parts.push(sharedBanner(), tableView(shared, true));
  else parts.push(tableView(own, false));
  root.replaceChildren(...parts);
  for (const details of root.querySelectorAll("details")) {
    if (open.includes(details.closest("[id]")?.id + (details.className || ""))) details.open = true;
  }
  const again = active ? document.getElementById(active) : null;
  if (again instanceof HTMLElement && root.contains(again)) again.focus({ preventScroll: true });
}

/** Read a shared table from the address (#t=…), or say why it cannot be used. */
function readLink() {
  const hash = window.location.hash;
  notices.link = "";
  if (!hash.startsWith("#t=")) {
    shared = null;
    return;
  }
  let text = hash.slice(3);
  try {
    text = decodeURIComponent(text);
  } catch {
    // left as it came: decode() names what is wrong with it
  }
  const read = model.decode(spec, text);
  if ("error" in read) {
    shared = null;
    notices.link = `This table link was not used: ${read.error} Your own table is unchanged.`;
  } else shared = read.table;
}

/** Draw the table page (called by start.mjs on each visit to it). */
export function onPage() {
  const root = document.querySelector("[data-table-root]");
  if (!(root instanceof HTMLElement)) return;
  spec = /** @type {Spec} */ (/** @type {unknown} */ (pageData("table-spec")));
  if (!spec.kinds) return;
  const loaded = loadOwn(spec);
  own = loaded.table;
  notices.loaded = loaded.notice;
  notices.saving = "";
  fieldErrors = {};
  typed = {};
  readLink();
  draw();
}

// A table link opened while the page is open (pasted into the address bar, a tap in a chat).
window.addEventListener("hashchange", () => {
  if (!document.querySelector("[data-table-root]") || !spec.kinds) return;
  readLink();
  draw();
});
