// @ts-check
// Scrollhammer Rules: what the table gives a calculator it fills in (the table's data
// names them, `feeds`): a piece's values as the form takes them, and the words for the answer.
import { answerOf, kindOf, sectionWords } from "./model.mjs";
import { replay } from "./steps.mjs";

/** @typedef {import("./model.mjs").Spec} Spec */
/** @typedef {import("./model.mjs").Table} Table */

/**
 * What a piece offers a calculator: its inputs by name, as the form takes them, and the
 * words for the working. `null` when the piece cannot fill it in (not its group, rubble,
 * no armour value yet).
 * @param {Spec} spec
 * @param {Table} table
 * @param {string} calculator
 * @param {string} pieceId
 * @param {number} section
 * @returns {{inputs: Record<string, string>, words: string} | null}
 */
export function feedInputs(spec, table, calculator, pieceId, section) {
  const feed = spec.feeds[calculator];
  const piece = table.pieces.find((p) => p.id === pieceId);
  const kind = piece ? kindOf(spec, piece.kind) : null;
  if (!feed || !piece || !kind || kind.group !== feed.group) return null;
  const state = replay(spec, table).pieces[piece.id];
  const here = state.sections[section];
  if (kind.group === "building" && (!here || here.av === null || state.rubble)) return null;
  /** @type {Record<string, string>} */
  const inputs = {};
  for (const [name, from] of Object.entries(feed.inputs)) {
    let value = null;
    if (from === "type") value = kind.type;
    else if (from === "material") value = kind.material ?? answerOf(spec, table, piece, "material");
    else if (from === "armour_value") value = here?.av ?? null;
    else value = answerOf(spec, table, piece, from);
    if (value !== null && value !== undefined) inputs[name] = String(value);
  }
  let words = piece.name;
  if (here) {
    words = `armour value ${here.av}: ${sectionWords(piece, section)}${here.last ? `, after a ${here.last}` : ""}`;
  } else if (inputs.level_height !== undefined) {
    words = `${inputs.level_height}" between levels: ${piece.name}`;
  }
  return { inputs, words };
}

/**
 * The pieces a calculator can take, with each building section apart.
 * @param {Spec} spec
 * @param {Table} table
 * @param {string} calculator
 * @returns {{piece: string, section: number, label: string}[]}
 */
export function feedChoices(spec, table, calculator) {
  const out = [];
  for (const piece of table.pieces) {
    const count = Math.max(1, piece.sections.length);
    for (let section = 0; section < count; section += 1) {
      const fed = feedInputs(spec, table, calculator, piece.id, section);
      if (fed) out.push({ piece: piece.id, section, label: fed.words });
    }
  }
  return out;
}
