// @ts-check
// Scrollhammer Rules: the table's data model. Pure functions, no DOM, no storage: the
// table page, the calculators and the unit tests (node --test) all use these.
//
// This module holds the types, the pieces and their answers; beside it, each one job:
// steps.mjs (the game's steps, replayed), feeds.mjs (what a piece gives a calculator),
// summary.mjs (the table in plain text) and link.mjs (the link format, checked entry by entry).
//
// A table is one versioned value: its pieces (kind, name, answers, a building's section
// names), the game's answers, and the steps of the game (a chart result with its rolled
// reduction, or an armour value set by hand), in order, and, when the players fix one, the
// rules' date for the game (`rules`: a date or a wiki revision, as ?as-of= takes it). A
// building's current armour value is never stored: steps.mjs replays it from the steps.
import { asOfShapeProblem } from "../as-of/when.mjs";

/**
 * @typedef {{says: string, rule: string, when: [string, string] | null}} Fact
 * @typedef {{id: string, name: string, group: string, pick: boolean, type: string | null, material: string | null,
 *   armour_value: number | null, armour_rule: string | null, facts: Fact[], questions: string[]}} KindSpec
 * @typedef {{scope: string, type: string, text: string, rules: string[], hrefs: string[], choices: [string, string][],
 *   default: string | number | null, min: number | null, max: number | null}} QuestionSpec
 * @typedef {{group: string, inputs: Record<string, string>}} FeedSpec
 * @typedef {{name: string, rule: string, loss: number, collapses: boolean}} ChartRow
 * @typedef {{format: number, kinds: KindSpec[], questions: Record<string, QuestionSpec>, game: string[],
 *   feeds: Record<string, FeedSpec>, chart: Record<string, ChartRow>, at_zero: string}} Spec
 * @typedef {string | number} Answer
 * @typedef {{id: string, kind: string, name: string, answers: Record<string, Answer>, sections: string[]}} Piece
 * @typedef {{piece: string, section: number, row?: number, loss?: number, set?: number}} Step
 * @typedef {{format: number, pieces: Piece[], game: Record<string, Answer>, steps: Step[], rules?: string}} Table
 * @typedef {{name: string, av: number | null, last: string}} SectionState
 * @typedef {{sections: SectionState[], rubble: string | null}} PieceState
 * @typedef {{text: string, rule: string, step: number}} LogLine
 * @typedef {{pieces: Record<string, PieceState>, log: LogLine[]}} Played
 * @typedef {{table: Table} | {error: string}} Outcome
 */
/** The longest name a piece or a section may have. */
export const NAME_MAX = 40;

/** At most this many pieces on a table, sections in a building, steps in a game. */
export const LIMITS = { pieces: 24, sections: 8, steps: 300 };

/** The longest table link (its state) the site reads. */
export const LINK_MAX = 8000;

/** @returns {Table} */
export function emptyTable() {
  return { format: 1, pieces: [], game: {}, steps: [] };
}

/**
 * @param {Spec} spec
 * @param {string} id
 */
export function kindOf(spec, id) {
  return spec.kinds.find((k) => k.id === id) || null;
}

/**
 * What is wrong with a name, or "".
 * @param {string} name
 * @param {string} what
 */
export function nameProblem(name, what = "A name") {
  if (typeof name !== "string") return `${what} must be text.`;
  if (name.length > NAME_MAX) return `${what} is at most ${NAME_MAX} characters (this one has ${name.length}).`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[<>\u0000-\u001f\u007f]/.test(name)) return `${what} is plain text: no < or > and no control characters.`;
  return "";
}

/**
 * @param {Table} table
 * @returns {Table}
 */
export function copy(table) {
  return structuredClone(table);
}

/**
 * Add a piece of `kind` called `name`.
 * @param {Spec} spec
 * @param {Table} table
 * @param {string} kind
 * @param {string} name
 * @returns {Outcome}
 */
export function addPiece(spec, table, kind, name) {
  const found = kindOf(spec, kind);
  if (!found?.pick) return { error: `There is no kind of piece called "${kind}".` };
  const trimmed = name.trim() || found.name.toLowerCase();
  const problem = nameProblem(trimmed);
  if (problem) return { error: problem };
  if (table.pieces.length >= LIMITS.pieces) return { error: `A table holds at most ${LIMITS.pieces} pieces.` };
  const next = copy(table);
  const used = new Set(table.pieces.map((p) => p.id));
  let n = table.pieces.length + 1;
  while (used.has(`p${n}`)) n += 1;
  next.pieces.push({ id: `p${n}`, kind, name: trimmed, answers: {}, sections: found.group === "building" ? [""] : [] });
  return { table: next };
}

/**
 * Take a piece off the table, with its steps.
 * @param {Table} table
 * @param {string} pieceId
 * @returns {Table}
 */
export function removePiece(table, pieceId) {
  const next = copy(table);
  next.pieces = next.pieces.filter((p) => p.id !== pieceId);
  next.steps = next.steps.filter((s) => s.piece !== pieceId);
  return next;
}

/**
 * @param {Table} table
 * @param {string} pieceId
 * @param {string} name
 * @returns {Outcome}
 */
export function renamePiece(table, pieceId, name) {
  const trimmed = name.trim();
  const problem = trimmed ? nameProblem(trimmed) : "A piece needs a name.";
  if (problem) return { error: problem };
  const next = copy(table);
  const piece = next.pieces.find((p) => p.id === pieceId);
  if (!piece) return { error: "That piece is no longer on the table." };
  piece.name = trimmed;
  return { table: next };
}

/**
 * The book's default for a question, on a piece of `kind` (a building's usual armour value).
 * @param {Spec} spec
 * @param {string} question
 * @param {KindSpec | null} kind
 * @returns {Answer | null}
 */
export function defaultAnswer(spec, question, kind) {
  if (question === "armour-value" && kind) return kind.armour_value;
  return spec.questions[question]?.default ?? null;
}

/**
 * A piece's answer to a question (the book's default when not answered); `piece` null: the game's.
 * @param {Spec} spec
 * @param {Table} table
 * @param {Piece | null} piece
 * @param {string} question
 * @returns {Answer | null}
 */
export function answerOf(spec, table, piece, question) {
  const given = piece ? piece.answers[question] : table.game[question];
  if (given !== undefined) return given;
  return defaultAnswer(spec, question, piece ? kindOf(spec, piece.kind) : null);
}

/**
 * What is wrong with an answer to `question`, or "" (the value is already parsed).
 * @param {QuestionSpec} q
 * @param {unknown} value
 */
export function answerProblem(q, value) {
  if (q.type === "choice") {
    return q.choices.some(([v]) => v === value) ? "" : `must be one of ${q.choices.map(([v]) => v).join(", ")}`;
  }
  if (q.type === "number") {
    const ok = typeof value === "number" && Number.isInteger(value) && value >= (q.min ?? 0) && value <= (q.max ?? 0);
    return ok ? "" : `must be a whole number from ${q.min} to ${q.max}`;
  }
  if (typeof value !== "string") return "must be text";
  if (value.length > (q.max ?? 0)) return `is at most ${q.max} characters`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[<>\u0000-\u0009\u000b-\u001f\u007f]/.test(value)) return "is plain text: no < or >";
  return "";
}

/**
 * Answer a question for a piece (or, with `pieceId` null, for the game). `raw` is what the
 * player typed or chose; a number question parses it.
 * @param {Spec} spec
 * @param {Table} table
 * @param {string | null} pieceId
 * @param {string} question
 * @param {string} raw
 * @returns {Outcome}
 */
export function setAnswer(spec, table, pieceId, question, raw) {
  const q = spec.questions[question];
  if (!q) return { error: `There is no question "${question}".` };
  // A text or number field left empty: not agreed (the book's default, if any, stands).
  const cleared = q.type !== "choice" && raw.trim() === "";
  const value = q.type === "number" ? (/^\s*\d+\s*$/.test(raw) ? Number(raw) : Number.NaN) : raw;
  const problem = cleared ? "" : answerProblem(q, value);
  if (problem) return { error: `${q.text}: ${problem}.` };
  const next = copy(table);
  /** @type {Record<string, Answer>} */
  let answers = next.game;
  if (pieceId === null) {
    if (q.scope !== "game") return { error: `"${q.text}" is asked of a piece, not of the game.` };
  } else {
    const piece = next.pieces.find((p) => p.id === pieceId);
    if (!piece) return { error: "That piece is no longer on the table." };
    if (!kindOf(spec, piece.kind)?.questions.includes(question))
      return { error: `"${q.text}" is not asked of ${piece.name}.` };
    if (question === "armour-value" && table.steps.some((s) => s.piece === pieceId)) {
      return { error: `${piece.name} has been damaged this game: set a section's armour value by hand instead.` };
    }
    answers = piece.answers;
  }
  if (cleared) delete answers[question];
  else answers[question] = value;
  return { table: next };
}

/** The words of the rules' date field, in its messages and the table's summary. */
export const RULES_AS_OF = "The rules as of";

/**
 * Fix the rules' date for the game ("" for today's rules): a date (not after `today`) or a
 * wiki revision number, as a rulebook page's ?as-of= takes it.
 * @param {Table} table
 * @param {string} raw
 * @param {string} today the player's day, YYYY-MM-DD
 * @returns {Outcome}
 */
export function setRulesAsOf(table, raw, today) {
  const value = raw.trim();
  const problem = value ? asOfShapeProblem(value, today) : "";
  if (problem) return { error: `${RULES_AS_OF}: ${problem}; leave it empty for today's rules.` };
  const next = copy(table);
  if (value) next.rules = value;
  else delete next.rules;
  return { table: next };
}

/**
 * Split a building into another section (one section for each ground floor room).
 * @param {Spec} spec
 * @param {Table} table
 * @param {string} pieceId
 * @param {string} name
 * @returns {Outcome}
 */
export function addSection(spec, table, pieceId, name) {
  const piece = table.pieces.find((p) => p.id === pieceId);
  if (!piece || kindOf(spec, piece.kind)?.group !== "building") return { error: "Only a building has sections." };
  const trimmed = name.trim();
  const problem = trimmed ? nameProblem(trimmed, "A section's name") : "A section needs a name (west, the tower…).";
  if (problem) return { error: problem };
  if (piece.sections.length >= LIMITS.sections) return { error: `A building has at most ${LIMITS.sections} sections.` };
  const next = copy(table);
  const target = /** @type {Piece} */ (next.pieces.find((p) => p.id === pieceId));
  if (target.sections.length === 1 && target.sections[0] === "") target.sections[0] = trimmed;
  else target.sections.push(trimmed);
  return { table: next };
}

/**
 * A building section's words: "the chapel" for a one-section building, else "the chapel's west section".
 * @param {Piece} piece
 * @param {number} section
 */
export function sectionWords(piece, section) {
  const name = piece.sections[section] || "";
  if (piece.sections.length <= 1 && !name) return piece.name;
  return `${piece.name}'s ${name}${/section$/i.test(name) ? "" : " section"}`;
}

/**
 * An answer in words: a choice's label, else the value.
 * @param {Spec} spec
 * @param {string} question
 * @param {Answer} value
 */
export function label(spec, question, value) {
  const found = spec.questions[question]?.choices.find(([v]) => v === value);
  return found ? found[1] : String(value);
}
