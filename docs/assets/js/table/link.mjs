// @ts-check
// Scrollhammer Rules: the table's link format, `1.<state>`, the state base64url of compact
// JSON `[pieces, game answers, steps]`, and its reading: every entry checked, nothing applied
// from a text that fails any check. A table with the rules' date fixed is `2.<state>` with
// the date fourth (a site before format 2 says it is newer). The device keeps its copy in
// the same format.
import { asOfShapeProblem } from "../as-of/when.mjs";
import { answerProblem, emptyTable, kindOf, LIMITS, LINK_MAX, nameProblem } from "./model.mjs";
import { addStep } from "./steps.mjs";

/** @typedef {import("./model.mjs").Spec} Spec */
/** @typedef {import("./model.mjs").Table} Table */
/** @typedef {import("./model.mjs").Step} Step */
/** @typedef {import("./model.mjs").Answer} Answer */
/** @typedef {import("./model.mjs").Outcome} Outcome */

/** @param {string} text */
function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {string} data */
function fromBase64Url(data) {
  // atob would take "+", "/", "=" and spaces too: a link has none of them
  if (!/^[A-Za-z0-9_-]*$/.test(data)) throw new SyntaxError();
  const binary = atob(data.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

/**
 * The table as the text of a link (and of the device's copy): "1." and the compact state,
 * base64url. Pieces are listed in order and steps name them by position.
 * @param {Table} table
 */
export function encode(table) {
  const index = new Map(table.pieces.map((p, n) => [p.id, n]));
  /** @type {unknown[]} */
  const compact = [
    table.pieces.map((p) => {
      /** @type {unknown[]} */
      const entry = [p.kind, p.name];
      const answered = Object.keys(p.answers).length > 0;
      if (answered || p.sections.length > 1 || (p.sections.length === 1 && p.sections[0] !== "")) entry.push(p.answers);
      if (p.sections.length > 1 || (p.sections.length === 1 && p.sections[0] !== "")) entry.push(p.sections);
      return entry;
    }),
    table.game,
    table.steps.map((s) => {
      const at = [index.get(s.piece) ?? -1, s.section];
      return s.set !== undefined ? [...at, "s", s.set] : s.loss ? [...at, s.row, s.loss] : [...at, s.row];
    }),
  ];
  if (table.rules) compact.push(table.rules);
  return `${table.rules ? Math.max(2, table.format) : table.format}.${toBase64Url(JSON.stringify(compact))}`;
}

/**
 * Read a table from a link's (or the device's) text: the table, or what is wrong with it.
 * Nothing is applied from a text that fails any check.
 * @param {Spec} spec
 * @param {string} text
 * @returns {Outcome}
 */
export function decode(spec, text) {
  if (typeof text !== "string" || !text) return { error: "The table link is empty." };
  if (text.length > LINK_MAX)
    return { error: `The table link is too long (${text.length} characters; at most ${LINK_MAX}).` };
  const found = /^(\d{1,3})\.(.*)$/s.exec(text);
  if (!found) return { error: "This is not a table link: it has no version (it may have been cut short)." };
  const version = Number(found[1]);
  if (version > spec.format) {
    return {
      error: `This table was made by a newer version of the site (format ${version}; this one reads format ${spec.format}). Reload to update.`,
    };
  }
  if (version < 1) return { error: `Unknown table format ${version}.` };
  let raw;
  try {
    raw = JSON.parse(fromBase64Url(found[2]));
  } catch {
    return { error: "The table link is damaged: it was cut short or changed on the way. Ask for it again." };
  }
  return check(spec, raw, version);
}

/**
 * Check a decoded compact table, entry by entry, and build it.
 * @param {Spec} spec
 * @param {unknown} raw
 * @param {number} version the link's format: from 2, a fourth part is the rules' date
 * @returns {Outcome}
 */
function check(spec, raw, version) {
  const parts = version >= 2 ? [3, 4] : [3];
  if (!Array.isArray(raw) || !parts.includes(raw.length)) {
    return { error: "The table link is damaged: its parts are missing." };
  }
  const [pieces, game, steps, rules] = raw;
  if (rules !== undefined) {
    // Its shape only: the day a link is opened is later than the day it was made.
    const wrong = typeof rules !== "string" ? "must be text" : asOfShapeProblem(rules, "9999-12-31");
    if (wrong) return { error: `The rules' date ${wrong}.` };
  }
  if (!Array.isArray(pieces) || !isRecord(game) || !Array.isArray(steps)) {
    return { error: "The table link is damaged: its parts are missing." };
  }
  if (pieces.length > LIMITS.pieces)
    return { error: `The table has ${pieces.length} pieces; at most ${LIMITS.pieces}.` };
  if (steps.length > LIMITS.steps) return { error: `The table has ${steps.length} changes; at most ${LIMITS.steps}.` };
  const table = emptyTable();
  for (const [n, entry] of pieces.entries()) {
    const at = `Piece ${n + 1}`;
    if (!Array.isArray(entry) || entry.length < 2 || entry.length > 4) return { error: `${at} is damaged.` };
    const [kindId, name, answers = {}, sections] = entry;
    const kind = typeof kindId === "string" ? kindOf(spec, kindId) : null;
    if (!kind?.pick) return { error: `${at} is of an unknown kind (${JSON.stringify(String(kindId)).slice(0, 40)}).` };
    const problem = typeof name === "string" && name.trim() ? nameProblem(name, "its name") : "it has no name";
    if (problem) return { error: `${at}: ${problem}` };
    if (!isRecord(answers)) return { error: `${at}: its answers are damaged.` };
    for (const [question, value] of Object.entries(answers)) {
      const q = spec.questions[question];
      if (!q || !kind.questions.includes(question))
        return { error: `${at} (${name}): "${question.slice(0, 40)}" is not asked of a ${kind.name.toLowerCase()}.` };
      const wrong = answerProblem(q, value);
      if (wrong) return { error: `${at} (${name}): ${q.text}: ${wrong}.` };
    }
    let names = kind.group === "building" ? [""] : [];
    if (sections !== undefined) {
      if (
        kind.group !== "building" ||
        !Array.isArray(sections) ||
        !sections.length ||
        sections.length > LIMITS.sections
      ) {
        return { error: `${at} (${name}): its sections are damaged.` };
      }
      for (const s of sections) {
        const wrong =
          typeof s !== "string"
            ? "a section's name must be text"
            : s.trim()
              ? nameProblem(s, "a section's name")
              : "a section needs a name";
        if (wrong) return { error: `${at} (${name}): ${wrong}` };
      }
      names = sections;
    }
    table.pieces.push({ id: `p${n + 1}`, kind: kind.id, name, answers: { ...answers }, sections: names });
  }
  for (const [question, value] of Object.entries(game)) {
    const q = spec.questions[question];
    if (q?.scope !== "game") return { error: `The game's "${question.slice(0, 40)}" is no question of the game.` };
    const wrong = answerProblem(q, value);
    if (wrong) return { error: `${q.text}: ${wrong}.` };
    table.game[question] = value;
  }
  if (typeof rules === "string") table.rules = rules;
  for (const [n, entry] of steps.entries()) {
    const at = `Change ${n + 1}`;
    if (!Array.isArray(entry) || entry.length < 3 || entry.length > 4) return { error: `${at} is damaged.` };
    const [index, section, what, amount] = entry;
    const piece = Number.isInteger(index) ? table.pieces[index] : undefined;
    if (!piece) return { error: `${at} names a piece that is not on the table.` };
    /** @type {Step} */
    const step = { piece: piece.id, section };
    if (what === "s") step.set = amount;
    else {
      step.row = what;
      step.loss = amount;
    }
    const applied = addStep(spec, table, step);
    if ("error" in applied) return { error: `${at}: ${applied.error.replace(/^Not applied: /, "")}` };
    table.steps = applied.table.steps;
  }
  return { table };
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, Answer>}
 */
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
