// @ts-check
// Scrollhammer Rules: Pagefind's results as the theme's search box shows them (pure; used
// by search/worker.mjs, tested in Node).
//
// The theme writes a result's title and text as HTML, so every character that is not
// the search's own <mark> is escaped here. Results are grouped by page, each page's rules
// first (best first), then the page itself, as the theme's own worker groups them.

/**
 * @typedef {{ url: string, raw_url?: string, excerpt: string, content: string,
 *   meta: Record<string, string>, filters: Record<string, string[]> }} PagefindData
 * @typedef {{ location: string, title: string, text: string, score: number, terms: Record<string, boolean> }} SearchItem
 */

/**
 * Text for the theme's results, which it writes as HTML: every character escaped.
 * @param {string} text
 */
export function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Pagefind's excerpt (its text with < and > escaped, matches in <mark>), made safe to
 * write as HTML: & and quotes escaped too, and the marks the theme's own.
 * @param {string} excerpt
 */
export function safeExcerpt(excerpt) {
  return excerpt
    .split(/(<mark>|<\/mark>)/)
    .map((part) => {
      if (part === "<mark>") return "<mark data-md-highlight>";
      if (part === "</mark>") return "</mark>";
      return part.replace(/&(?!lt;|gt;)/g, "&amp;").replace(/["']/g, (c) => `&#${c.charCodeAt(0)};`);
    })
    .join("");
}

/**
 * The excerpt without the title it starts with (a heading's or a chart row's name is the
 * start of its record's words, and the theme shows the title above the excerpt).
 * @param {string} excerpt Pagefind's excerpt, with <mark> tags
 * @param {string} title
 */
export function withoutTitle(excerpt, title) {
  const plain = excerpt.replace(/<\/?mark>/g, "");
  if (!title || !plain.startsWith(title)) return excerpt;
  let left = title.length;
  let at = 0;
  let kept = "";
  while (at < excerpt.length && left > 0) {
    const tag = /^<\/?mark>/.exec(excerpt.slice(at));
    if (tag) {
      kept += tag[0];
      at += tag[0].length;
    } else {
      at += 1;
      left -= 1;
    }
  }
  const rest = excerpt.slice(at).replace(/^((?:<\/?mark>)*)\.?\s*/, "$1");
  return (kept + rest).replace(/<mark><\/mark>/g, "").trim();
}

/**
 * The excerpt without the rule's place (the headings it sits under, which its record carries
 * after its words so that a query naming where a rule sits finds it): the place's words, or
 * the first of them where Pagefind's excerpt ends, are not the rule's, and are left out.
 * @param {string} excerpt Pagefind's excerpt, with <mark> tags
 * @param {string} place the place's words, as the record carries them
 */
export function withoutPlace(excerpt, place) {
  const placeWords = place.split(/\s+/).filter(Boolean);
  const parts = excerpt.trim().split(/(\s+)/); // words at even places, spaces at odd
  const plain = parts.filter((_, n) => n % 2 === 0).map((word) => word.replace(/<\/?mark>/g, ""));
  for (let n = Math.max(0, plain.length - placeWords.length); placeWords.length && n < plain.length; n++) {
    if (plain.slice(n).every((word, k) => word === placeWords[k])) {
      const cut = parts.slice(0, Math.max(0, 2 * n - 1)).join("");
      // A mark opened before the cut and closed after it is closed at the cut.
      const open = (cut.match(/<mark>/g) || []).length - (cut.match(/<\/mark>/g) || []).length;
      return (cut + (open > 0 ? "</mark>" : "")).replace(/<mark><\/mark>/g, "");
    }
  }
  return excerpt;
}

/**
 * Pagefind's best results as the theme's groups: by page, in the order of each page's best
 * rule; in each, the page's rules best first, then the page. Each rule says which words of
 * the query it holds (the theme strikes the others out as missing): those Pagefind found it
 * by, with the index's own stemming ("hits" in a rule that says "hit"), named by the query's
 * own word.
 * @param {{ data: PagefindData, score: number, holds: string[] }[]} found the results, best
 *   first, with their data and the query's words (each group's first) each was found by
 * @param {string[][]} asked the query's words, each with the book's words for it
 * @returns {SearchItem[][]}
 */
export function grouped(found, asked) {
  /** @type {Map<string, { title: string, items: SearchItem[] }>} */
  const pages = new Map();
  for (const { data, score, holds } of found) {
    const location = data.raw_url || data.url.replace(/^\//, "");
    const page = location.split("#", 1)[0] || "";
    const group = pages.get(page) || { title: data.filters.page?.[0] || page, items: [] };
    pages.set(page, group);
    const title = data.meta.title || "";
    group.items.push({
      location,
      title: escapeHtml(title),
      text: safeExcerpt(withoutPlace(withoutTitle(data.excerpt, title), data.meta.place || "")),
      score,
      terms: Object.fromEntries(asked.map((group) => [group[0], holds.includes(group[0])])),
    });
  }
  return [...pages].map(([page, { title, items }]) => [
    ...named(items, asked),
    { location: page, title: escapeHtml(title), text: "", score: 0, terms: {} },
  ]);
}

/**
 * A word and a word of a rule's name, as the same word in another form: the same word, or
 * both at least four letters long and one the other with an ending ("collapse", "collapses";
 * "charge", "charging"). For the order of what is shown only: which words a rule holds is
 * Pagefind's to say.
 * @param {string} word lower case
 * @param {string} other lower case
 */
export function sameWord(word, other) {
  if (word === other) return true;
  const [short, long] = word.length <= other.length ? [word, other] : [other, word];
  if (short.length < 4) return false;
  const stem = short.replace(/e$/, "");
  return long.startsWith(stem) && long.length - stem.length <= 3;
}

/**
 * A page's rules with those named by the question first: the rules whose name (their title)
 * holds the most of the question's words (each word, or one of the book's words for it), in
 * the order of their scores, then the rest. A rule named by the question is given the page's
 * best score, so the theme shows it beside the best and does not fold it under "more on this
 * page" ("building collapses": each chart row that names a collapse).
 * @param {SearchItem[]} items a page's rules, best first
 * @param {string[][]} asked
 * @returns {SearchItem[]}
 */
export function named(items, asked) {
  const best = Math.max(0, ...items.map((item) => item.score));
  const counted = items.map((item) => {
    const words = item.title.toLowerCase().match(/[a-z0-9]+/g) || [];
    const count = asked.filter((group) => group.some((word) => words.some((w) => sameWord(word, w)))).length;
    return { item: count ? { ...item, score: best } : item, count };
  });
  return counted.sort((a, b) => b.count - a.count).map(({ item }) => item);
}
