// @ts-check
// Scrollhammer Rules: the table in plain text, for a group chat.
import { kindOf, label, RULES_AS_OF } from "./model.mjs";
import { replay } from "./steps.mjs";

/** @typedef {import("./model.mjs").Spec} Spec */
/** @typedef {import("./model.mjs").Table} Table */

/**
 * The table in plain text, for a group chat.
 * @param {Spec} spec
 * @param {Table} table
 */
export function summary(spec, table) {
  const played = replay(spec, table);
  const lines = ["Our table:"];
  for (const piece of table.pieces) {
    const kind = kindOf(spec, piece.kind);
    const state = played.pieces[piece.id];
    let line = `- ${piece.name} (${kind?.name || piece.kind})`;
    if (state.rubble) line += `: rubble (${state.rubble})`;
    else if (kind?.group === "building") {
      const avs = state.sections.map((s) => (s.name ? `${s.name} AV ${s.av ?? "?"}` : `AV ${s.av ?? "?"}`));
      line += `: ${avs.join(", ")}`;
    }
    const agreed = (kind?.questions || [])
      .filter((q) => q !== "armour-value" && piece.answers[q] !== undefined && piece.answers[q] !== "")
      .map((q) => `${spec.questions[q].text}: ${label(spec, q, piece.answers[q])}`);
    if (agreed.length) line += `; ${agreed.join("; ")}`;
    lines.push(line);
  }
  const game = spec.game
    .filter((q) => table.game[q] !== undefined && table.game[q] !== "")
    .map((q) => `- ${spec.questions[q].text}: ${label(spec, q, table.game[q])}`);
  if (table.rules) game.unshift(`- ${RULES_AS_OF} ${table.rules}`);
  if (game.length) lines.push("Agreed for the game:", ...game);
  if (!table.pieces.length && !game.length) lines.push("(nothing yet)");
  return lines.join("\n");
}
