// @ts-check
// Scrollhammer Rules: Pagefind's results as the theme's search box shows them (pure; used
// by search/worker.mjs, tested in Node).
//
// The theme writes a result's title and text as HTML, so every character that is not
// the search's own <mark> is escaped here. Results are grouped by page, each page's rules
// first (best first), then the page itself, as the theme's own worker groups them.
import { words } from "./typos.mjs";

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
 * Which words of the query the rule's words have (as a word or the start of one): a word is
 * there when it, or one of the book's words for it, is (each group's first word is the
 * query's own, the key the theme shows as "Missing").
 * @param {string[][]} query the query's words, each with the book's words for it
 * @param {string} content
 * @returns {Record<string, boolean>}
 */
export function termsIn(query, content) {
  const have = words(content);
  return Object.fromEntries(
    query.map((group) => [group[0], group.some((word) => have.some((w) => w.startsWith(word)))]),
  );
}

/**
 * Pagefind's best results as the theme's groups: by page, in the order of each page's best
 * rule; in each, the page's rules best first, then the page.
 * @param {{ data: PagefindData, score: number }[]} found the results, best first, with their data
 * @param {string[][]} asked the query's words, each with the book's words for it
 * @returns {SearchItem[][]}
 */
export function grouped(found, asked) {
  /** @type {Map<string, { title: string, items: SearchItem[] }>} */
  const pages = new Map();
  for (const { data, score } of found) {
    const location = data.raw_url || data.url.replace(/^\//, "");
    const page = location.split("#", 1)[0] || "";
    const group = pages.get(page) || { title: data.filters.page?.[0] || page, items: [] };
    pages.set(page, group);
    const title = data.meta.title || "";
    group.items.push({
      location,
      title: escapeHtml(title),
      text: safeExcerpt(withoutTitle(data.excerpt, title)),
      score,
      terms: termsIn(asked, data.content),
    });
  }
  return [...pages].map(([page, { title, items }]) => [
    ...items,
    { location: page, title: escapeHtml(title), text: "", score: 0, terms: {} },
  ]);
}
