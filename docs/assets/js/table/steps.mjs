// @ts-check
// Scrollhammer Rules: the table's game steps. A building's current armour value is never
// stored: `replay` works it out from the steps, exactly as the Building Damage Chart says,
// so undo is dropping the last step and a shared link carries the history.
import { answerOf, copy, kindOf, LIMITS, sectionWords } from "./model.mjs";

/** @typedef {import("./model.mjs").Spec} Spec */
/** @typedef {import("./model.mjs").Table} Table */
/** @typedef {import("./model.mjs").Step} Step */
/** @typedef {import("./model.mjs").PieceState} PieceState */
/** @typedef {import("./model.mjs").LogLine} LogLine */
/** @typedef {import("./model.mjs").Played} Played */
/** @typedef {import("./model.mjs").Outcome} Outcome */

/**
 * What a step may hold, checked against the chart: "" when it is sound.
 * @param {Spec} spec
 * @param {Step} step
 */
export function stepProblem(spec, step) {
  if (step.set !== undefined) {
    return Number.isInteger(step.set) && step.set >= 1 && step.set <= 30 ? "" : "an armour value is from 1 to 30";
  }
  const row = spec.chart[String(step.row)];
  if (!row) return "a chart result is from 1 to 6";
  if (row.loss === 0) return step.loss === undefined || step.loss === 0 ? "" : `${row.name} reduces no armour value`;
  const loss = step.loss ?? 0;
  return Number.isInteger(loss) && loss >= 1 && loss <= row.loss
    ? ""
    : `${row.name} reduces the armour value by d${row.loss}: 1 to ${row.loss}`;
}

/**
 * Play the game's steps over the table: each building section's current armour value,
 * which buildings are rubble, and a line for each step, with its rule.
 *
 * As the chart says: Breach! and Structural Collapse reduce the section's armour value by
 * the d3 rolled, Catastrophic Breach by the d6, "for the remainder of the battle"; a
 * Total Collapse, or a section reaching 0 armour value, makes the building rubble.
 * Tremor and Partial Collapse leave the building as it is.
 * @param {Spec} spec
 * @param {Table} table
 * @returns {Played}
 */
export function replay(spec, table) {
  /** @type {Record<string, PieceState>} */
  const pieces = {};
  for (const piece of table.pieces) {
    const kind = kindOf(spec, piece.kind);
    const start = /** @type {number | null} */ (answerOf(spec, table, piece, "armour-value"));
    pieces[piece.id] = {
      sections: piece.sections.map((name) => ({ name, av: kind?.group === "building" ? start : null, last: "" })),
      rubble: null,
    };
  }
  /** @type {LogLine[]} */
  const log = [];
  table.steps.forEach((step, n) => {
    const piece = table.pieces.find((p) => p.id === step.piece);
    if (!piece) return;
    const state = pieces[piece.id];
    const section = state.sections[step.section];
    if (!section || state.rubble !== null || section.av === null) return;
    const where = sectionWords(piece, step.section);
    const before = section.av;
    if (step.set !== undefined) {
      section.av = step.set;
      section.last = "set by hand";
      const kind = kindOf(spec, piece.kind);
      log.push({
        text: `${where}: armour value set by hand, ${before} → ${step.set}`,
        rule: kind?.armour_rule || "",
        step: n,
      });
      return;
    }
    const row = spec.chart[String(step.row)];
    if (!row) return;
    if (row.collapses) {
      state.rubble = `${row.name} of ${where}`;
      section.last = row.name;
      log.push({ text: `${where}: ${step.row}: ${row.name}. The building is rubble.`, rule: row.rule, step: n });
      return;
    }
    const loss = row.loss ? step.loss || 0 : 0;
    section.av = before - loss;
    section.last = row.name;
    if (loss === 0) {
      log.push({
        text: `${where}: ${step.row}: ${row.name}; its armour value stays ${before}`,
        rule: row.rule,
        step: n,
      });
      return;
    }
    const text = `${where}: ${step.row}: ${row.name} −${loss}, armour value ${before} → ${Math.max(0, section.av)}`;
    log.push({ text, rule: row.rule, step: n });
    if (section.av <= 0) {
      section.av = 0;
      state.rubble = `${where} reaching armour value 0`;
      log.push({
        text: `${where} reached armour value 0: Total Collapse. The building is rubble.`,
        rule: spec.at_zero,
        step: n,
      });
    }
  });
  return { pieces, log };
}

/**
 * Add a step to the game: a chart result (`row`, with the reduction rolled) or an armour
 * value set by hand (`set`), on one section of a standing building.
 * @param {Spec} spec
 * @param {Table} table
 * @param {Step} step
 * @returns {Outcome}
 */
export function addStep(spec, table, step) {
  const piece = table.pieces.find((p) => p.id === step.piece);
  if (!piece || kindOf(spec, piece.kind)?.group !== "building")
    return { error: "That building is no longer on the table." };
  if (!Number.isInteger(step.section) || step.section < 0 || step.section >= piece.sections.length) {
    return { error: `${piece.name} has no such section.` };
  }
  const problem = stepProblem(spec, step);
  if (problem) return { error: `Not applied: ${problem}.` };
  const state = replay(spec, table).pieces[piece.id];
  if (state.rubble) return { error: `${piece.name} is already rubble (${state.rubble}).` };
  if (state.sections[step.section].av === null) return { error: `Give ${piece.name} its armour value first.` };
  if (table.steps.length >= LIMITS.steps) return { error: `A game keeps at most ${LIMITS.steps} changes.` };
  const next = copy(table);
  /** @type {Step} */
  const kept = { piece: step.piece, section: step.section };
  if (step.set !== undefined) kept.set = step.set;
  else {
    kept.row = step.row ?? 0;
    if (step.loss) kept.loss = step.loss;
  }
  next.steps.push(kept);
  return { table: next };
}

/**
 * Undo the game's last step.
 * @param {Table} table
 * @returns {Table}
 */
export function undo(table) {
  const next = copy(table);
  next.steps.pop();
  return next;
}
