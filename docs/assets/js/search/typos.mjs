// @ts-check
// Scrollhammer Rules: "Did you mean", the pure part (used by the search worker, tested in Node).
//
// A word of the query that no rule has (not even as the start of a longer word) is
// replaced by the most frequent word of the rules one edit away from it. The rules' words
// come by length (search/words-N.json, written by the build), so a word of N letters needs
// only the lists of N-1, N and N+1 letters, whatever the size of the book.

/** Shorter words are left alone: too many near neighbours. */
export const SHORTEST = 4;

/**
 * The words of a text, lower-case, letters only.
 * @param {string} text
 */
export function words(text) {
  return text.toLowerCase().match(/[a-z]+(?:'[a-z]+)?/g) || [];
}

/**
 * Whether two words are one edit apart: a letter added, dropped, changed, or two
 * neighbours swapped (Damerau–Levenshtein distance 1).
 * @param {string} a
 * @param {string} b
 */
export function oneEditApart(a, b) {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // one letter changed
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // swapped
  }
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  return long.slice(i + 1) === short.slice(i); // one letter added or dropped
}

/**
 * The most frequent word one edit away from `word`, or null.
 * @param {string} word lower case, not a word of the rules
 * @param {Map<string, number>} near the rules' words of one letter fewer to one letter more, with their counts
 */
export function correction(word, near) {
  let best = null;
  let bestCount = 0;
  for (const [candidate, count] of near) {
    if (candidate.length >= SHORTEST && count > bestCount && oneEditApart(word, candidate)) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

/**
 * The query with each word replaced as `fix` says (null where it keeps the word), or null
 * when no word changes.
 * @param {string} query
 * @param {Map<string, string | null>} fixes lower-case word -> its correction
 */
export function fixedQuery(query, fixes) {
  let changed = false;
  const fixed = query.replace(/[A-Za-z]+(?:'[A-Za-z]+)?/g, (word) => {
    const better = fixes.get(word.toLowerCase());
    if (!better) return word;
    changed = true;
    return better;
  });
  return changed ? fixed : null;
}
