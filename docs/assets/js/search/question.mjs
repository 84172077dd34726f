// @ts-check
// Scrollhammer Rules: a question typed as it is asked at the table ("how far can infantry
// climb"), read for the search (pure; used by search/worker.mjs, tested in Node).
//
// - Words that carry no meaning ("how", "can", "the") are dropped, unless nothing is left.
// - Each word stands for itself and the book's words for it (the game's word "climb" for the
//   book's "clamber"), from the committed map build_scripts/maps/search_words.toml, which the
//   build writes to search/words.json.
// - The search asks for every word first (Pagefind finds the rules that hold them all); when
//   no rule holds every word, the rules holding most of them are ranked: by how many of the
//   question's words each holds, then by how well (the sum of each word's best score).

/**
 * @typedef {{ stop: string[], same: Record<string, string[]> }} QuestionWords what search/words.json holds
 * @typedef {{ id: string, score: number }} Found a rule one word found, with Pagefind's score
 * @typedef {{ id: string, held: number, score: number }} Ranked a rule, how many of the question's words it holds, and how well
 */

/**
 * A question's words, lower case, as typed: letters, digits and what a rule writes with them
 * ("5+", "3d6", "don't"); punctuation around a word ("climb?") left out.
 * @param {string} query
 * @returns {string[]}
 */
export function tokens(query) {
  return (query.toLowerCase().match(/[a-z0-9][a-z0-9'+]*/g) || []).map((t) => t.replace(/'+$/, ""));
}

/** At most this many searches for every word (each a choice of one word of each group). */
export const MOST_VARIANTS = 8;

/**
 * The words of a question that carry its meaning: all but the stop words (all of them when
 * every word is one, as in "how far").
 * @param {string[]} words the question's words, lower case
 * @param {QuestionWords} book
 * @returns {string[]}
 */
export function meaningful(words, book) {
  const stop = new Set(book.stop);
  const kept = words.filter((word) => !stop.has(word));
  return kept.length ? kept : words;
}

/**
 * Each meaningful word with the book's words for it (itself first; each once).
 * @param {string[]} words
 * @param {QuestionWords} book
 * @returns {string[][]}
 */
export function groups(words, book) {
  return [...new Set(words)].map((word) => [...new Set([word, ...(book.same[word] || [])])]);
}

/**
 * The searches for every word: one word of each group, in each combination (the question's
 * own words first), at most `most`.
 * @param {string[][]} wordGroups
 * @param {number} [most]
 * @returns {string[]}
 */
export function variants(wordGroups, most = MOST_VARIANTS) {
  /** @type {string[][]} */
  let out = [[]];
  for (const group of wordGroups) {
    out = out.flatMap((start) => group.map((word) => [...start, word])).slice(0, most);
  }
  return out.map((words) => words.join(" "));
}

/**
 * The rules that hold the most of the question's words, ranked. A word is held when the rule
 * has it or one of the book's words for it. Only the rules holding the most words any rule
 * holds, and those one word short of them, are kept (a question of five words answered by
 * rules holding one is noise); they are ranked by the sum of each word's best score, which
 * Pagefind weighs by how rare the word is, so the rule holding the question's telling word
 * ("lava" in "what if a model stops in lava") comes before those holding its common ones.
 * @param {string[][]} wordGroups
 * @param {Map<string, Found[]>} foundBy each word's results
 * @returns {Ranked[]}
 */
export function mostWords(wordGroups, foundBy) {
  /** @type {Map<string, {held: number, score: number}>} */
  const rules = new Map();
  for (const group of wordGroups) {
    /** @type {Map<string, number>} */
    const best = new Map();
    for (const word of group) {
      for (const { id, score } of foundBy.get(word) || []) best.set(id, Math.max(best.get(id) ?? 0, score));
    }
    for (const [id, score] of best) {
      const rule = rules.get(id) || { held: 0, score: 0 };
      rule.held += 1;
      rule.score += score;
      rules.set(id, rule);
    }
  }
  const ranked = [...rules].map(([id, { held, score }]) => ({ id, held, score }));
  const most = Math.max(0, ...ranked.map((rule) => rule.held));
  return ranked
    .filter((rule) => rule.held >= Math.max(1, most - 1))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
}

/**
 * The words of the question a rule holds (each group named by its first word, the query's
 * own): those whose search, for the word or one of the book's words for it, found the rule.
 * Pagefind stems the words as its index does, so a rule that says "hit" holds "hits".
 * @param {string[][]} wordGroups
 * @param {Map<string, Found[]>} foundBy each word's results
 * @param {string} id the rule
 * @returns {string[]}
 */
export function heldWords(wordGroups, foundBy, id) {
  return wordGroups
    .filter((group) => group.some((word) => (foundBy.get(word) || []).some((found) => found.id === id)))
    .map((group) => group[0]);
}
