// @ts-check
// Scrollhammer Rules: the table's data model. Pure functions, no DOM, no storage: the
// table page, the calculators and the unit tests (node --test) all use these.
//
// A table is one versioned value: its pieces (kind, name, answers, a building's section
// names), the game's answers, and the steps of the game (a chart result with its rolled
// reduction, or an armour value set by hand), in order. A building's current armour value
// is never stored: `replay` works it out from the steps, exactly as the Building Damage
// Chart says, so undo is dropping the last step and a shared link carries the history.

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
 * @typedef {{format: number, pieces: Piece[], game: Record<string, Answer>, steps: Step[]}} Table
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
function copy(table) {
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
  const value = q.type === "number" ? (/^\s*\d+\s*$/.test(raw) ? Number(raw) : Number.NaN) : raw;
  const problem = q.type === "text" && raw === "" ? "" : answerProblem(q, value);
  if (problem) return { error: `${q.text}: ${problem}.` };
  const next = copy(table);
  if (pieceId === null) {
    if (q.scope !== "game") return { error: `"${q.text}" is asked of a piece, not of the game.` };
    next.game[question] = value;
    return { table: next };
  }
  const piece = next.pieces.find((p) => p.id === pieceId);
  if (!piece) return { error: "That piece is no longer on the table." };
  if (!kindOf(spec, piece.kind)?.questions.includes(question))
    return { error: `"${q.text}" is not asked of ${piece.name}.` };
  if (question === "armour-value" && table.steps.some((s) => s.piece === pieceId)) {
    return { error: `${piece.name} has been damaged this game: set a section's armour value by hand instead.` };
  }
  piece.answers[question] = value;
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
    const state = pieces[step.piece];
    const section = state?.sections[step.section];
    if (!piece || !state || !section || state.rubble !== null || section.av === null) return;
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
  if (state?.rubble) return { error: `${piece.name} is already rubble (${state.rubble}).` };
  if (state?.sections[step.section]?.av === null) return { error: `Give ${piece.name} its armour value first.` };
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
  const here = state?.sections[section];
  if (kind.group === "building" && (!here || here.av === null || state?.rubble)) return null;
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
  if (kind.group === "building" && here) {
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
    if (state?.rubble) line += `: rubble (${state.rubble})`;
    else if (kind?.group === "building") {
      const avs = (state?.sections || []).map((s) => (s.name ? `${s.name} AV ${s.av ?? "?"}` : `AV ${s.av ?? "?"}`));
      line += `: ${avs.join(", ")}`;
    }
    const agreed = (kind?.questions || [])
      .filter((q) => q !== "armour-value" && piece.answers[q] !== undefined && piece.answers[q] !== "")
      .map((q) => `${spec.questions[q]?.text}: ${label(spec, q, piece.answers[q] ?? "")}`);
    if (agreed.length) line += `; ${agreed.join("; ")}`;
    lines.push(line);
  }
  const game = spec.game
    .filter((q) => table.game[q] !== undefined && table.game[q] !== "")
    .map((q) => `- ${spec.questions[q]?.text}: ${label(spec, q, table.game[q] ?? "")}`);
  if (game.length) lines.push("Agreed for the game:", ...game);
  if (!table.pieces.length && !game.length) lines.push("(nothing yet)");
  return lines.join("\n");
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

// ----------------------------------------------------------------------------- the link

/** @param {string} text */
function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {string} data */
function fromBase64Url(data) {
  if (!/^[A-Za-z0-9_-]*$/.test(data)) throw new Error("bad characters");
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
  return `${table.format}.${toBase64Url(JSON.stringify(compact))}`;
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
    raw = JSON.parse(fromBase64Url(found[2] || ""));
  } catch {
    return { error: "The table link is damaged: it was cut short or changed on the way. Ask for it again." };
  }
  return check(spec, raw);
}

/**
 * Check a decoded compact table, entry by entry, and build it.
 * @param {Spec} spec
 * @param {unknown} raw
 * @returns {Outcome}
 */
function check(spec, raw) {
  if (!Array.isArray(raw) || raw.length !== 3) return { error: "The table link is damaged: its parts are missing." };
  const [pieces, game, steps] = raw;
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
        const wrong = typeof s === "string" ? nameProblem(s, "a section's name") : "a section's name must be text";
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
      if (amount !== undefined) step.loss = amount;
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
