// Pagefind's results as the theme's search box shows them (docs/assets/js/search/results.mjs).
// Run by tests/js/test_search_model.py with `node --test`.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { escapeHtml, grouped, named, safeExcerpt, sameWord, withoutPlace, withoutTitle } from "../../../docs/assets/js/search/results.mjs";

/** A result's data as Pagefind gives it (only what the site reads). */
function data(url, title, excerpt, content, page) {
  return { url: `/${url}`, raw_url: url, excerpt, content, meta: { title }, filters: { page: [page] } };
}

describe("what the theme writes as HTML is escaped", () => {
  test("a title's every markup character", () => {
    assert.equal(escapeHtml(`<img src=x onerror="a()">&'`), "&#60;img src=x onerror=&#34;a()&#34;&#62;&#38;&#39;");
  });

  test("an excerpt keeps only the search's marks", () => {
    // Pagefind escapes < and > of the rule's words itself; & and quotes are escaped here.
    const excerpt = `flee 8" &amp; &lt;b&gt;run&lt;/b&gt; <mark>total</mark> 'collapse'`;
    assert.equal(
      safeExcerpt(excerpt),
      "flee 8&#34; &amp;amp; &lt;b&gt;run&lt;/b&gt; <mark data-md-highlight>total</mark> &#39;collapse&#39;",
    );
  });

  test("an excerpt that begins and ends with a mark gets nothing more", () => {
    assert.equal(safeExcerpt("<mark>a</mark>"), "<mark data-md-highlight>a</mark>");
  });
});

describe("the excerpt does not repeat the title", () => {
  test("a chart row's name and its full stop are left out", () => {
    assert.equal(
      withoutTitle("6: <mark>Total</mark> <mark>Collapse.</mark> The occupying units", "6: Total Collapse"),
      "The occupying units",
    );
  });

  test("a heading's excerpt is empty; another's stays whole", () => {
    assert.equal(withoutTitle("<mark>Battlements.</mark>", "Battlements"), "");
    assert.equal(withoutTitle("Units on the <mark>battlements</mark>", "Battlements"), "Units on the <mark>battlements</mark>");
    assert.equal(withoutTitle("Units", ""), "Units");
  });

  test("the words after the title keep their marks, and lose only a full stop and spaces", () => {
    assert.equal(withoutTitle("<mark>Lava</mark> is hot", "Lava"), "is hot");
    assert.equal(withoutTitle("<mark>Lava is</mark> hot", "Lava"), "<mark>is</mark> hot");
    assert.equal(withoutTitle("Lava<mark>. hot</mark>", "Lava"), "<mark>hot</mark>");
    assert.equal(withoutTitle("<mark>Lava</mark>: hot", "Lava"), ": hot");
  });
});

describe("the excerpt is the rule's words, not its place", () => {
  test("the place's words where the excerpt ends are left out, whole or their start", () => {
    const place = "Buildings Building Damage Chart";
    assert.equal(withoutPlace("the building <mark>collapses.</mark> Buildings Building Damage Chart", place), "the building <mark>collapses.</mark>");
    assert.equal(withoutPlace("the building <mark>collapses.</mark> Buildings Building", place), "the building <mark>collapses.</mark>");
  });

  test("a mark in the place goes with it; one open at the cut is closed", () => {
    assert.equal(withoutPlace("units in <mark>ruins.</mark> <mark>Ruins</mark> Barrage", "Ruins Barrage Weapons"), "units in <mark>ruins.</mark>");
    assert.equal(withoutPlace("a <mark>b Ruins</mark>", "Ruins"), "a <mark>b</mark>");
  });

  test("an excerpt that ends before the place, or a rule with none, is kept whole", () => {
    assert.equal(withoutPlace("units in ruins.", "Ruins Barrage"), "units in ruins.");
    assert.equal(withoutPlace("Ruins Barrage rules", "Ruins Barrage"), "Ruins Barrage rules");
    assert.equal(withoutPlace("units in ruins", ""), "units in ruins");
  });
});

describe("results are grouped by page", () => {
  const found = [
    { score: 9, holds: ["total", "collapse"], data: data("buildings/#total-collapse", "6: Total Collapse", "6: Total Collapse. The occupying", "6: Total Collapse. The occupying units", "Buildings") },
    { score: 5, holds: ["total", "collapse"], data: data("ruins/#rubble", "Rubble", "a total collapse leaves rubble", "a total collapse leaves rubble", "Ruins") },
    { score: 4, holds: ["total"], data: data("buildings/#catastrophic-breach", "5: Catastrophic Breach", "before a total", "before a total wreck", "Buildings") },
  ];

  test("pages in the order of their best rule; in each, its rules best first, then the page", () => {
    const groups = grouped(found, [["total"], ["collapse"]]);
    assert.deepEqual(
      groups.map((group) => group.map((item) => [item.location, item.score])),
      [
        [["buildings/#total-collapse", 9], ["buildings/#catastrophic-breach", 4], ["buildings/", 0]],
        [["ruins/#rubble", 5], ["ruins/", 0]],
      ],
    );
    assert.equal(groups[0][2].title, "Buildings");
    assert.equal(groups[0][0].text, "The occupying");
  });

  test("each rule says which words of the query it was found by, and only those", () => {
    const [[total, breach]] = grouped(found, [["total"], ["collapse"]]);
    assert.deepEqual(total.terms, { total: true, collapse: true });
    assert.deepEqual(breach.terms, { total: true, collapse: false });
  });

  test("a word found by one of the book's words for it is named by the query's own word", () => {
    const [[rubble]] = grouped([{ ...found[1], holds: ["destroyed"] }], [["wreck"], ["destroyed", "collapse"]]);
    assert.deepEqual(rubble.terms, { wreck: false, destroyed: true });
  });

  test("a rule's excerpt leaves out its place", () => {
    const rule = data("buildings/#x", "Building Damage Chart", "the building <mark>collapses.</mark> Buildings Building", "", "Buildings");
    rule.meta.place = "Buildings Building Damage Chart";
    const [[item]] = grouped([{ score: 1, holds: ["collapses"], data: rule }], [["collapses"]]);
    assert.equal(item.text, "the building <mark data-md-highlight>collapses.</mark>");
  });

  test("a result with only the address Pagefind gives, on the home page, is a group of its own", () => {
    const bare = { url: "/", excerpt: "Welcome", content: "Welcome", meta: {}, filters: {} };
    const rule = { url: "/ruins/#rubble", excerpt: "a", content: "a", meta: { title: "Rubble" }, filters: {} };
    assert.deepEqual(grouped([{ data: bare, score: 2, holds: [] }, { data: rule, score: 1, holds: [] }], []), [
      [
        { location: "", title: "", text: "Welcome", score: 2, terms: {} },
        { location: "", title: "", text: "", score: 0, terms: {} },
      ],
      [
        { location: "ruins/#rubble", title: "Rubble", text: "a", score: 1, terms: {} },
        { location: "ruins/", title: "ruins/", text: "", score: 0, terms: {} },
      ],
    ]);
  });
});

describe("a page's rules named by the question come first", () => {
  test("a word and a rule's word in another form", () => {
    for (const [a, b] of [["collapses", "collapse"], ["charge", "charging"], ["charge", "charged"], ["building", "buildings"], ["hit", "hit"]]) {
      assert.equal(sameWord(a, b), true, `${a} ${b}`);
      assert.equal(sameWord(b, a), true, `${b} ${a}`);
    }
    for (const [a, b] of [["hits", "hit"], ["value", "valuable"], ["move", "movement"], ["arm", "armour"], ["rally", "rallying!"]]) {
      assert.equal(sameWord(a, b), false, `${a} ${b}`);
    }
  });

  test("the rules whose name holds most of the question's words first, at the page's best score", () => {
    const item = (title, score) => ({ location: title, title, text: "", score, terms: {} });
    const items = [item("Attacking Buildings", 9), item("3: Partial Collapse", 7), item("Rubble", 5), item("6: Total Collapse", 3)];
    const shown = named(items, [["building"], ["collapses"]]);
    assert.deepEqual(
      shown.map((i) => [i.title, i.score]),
      [["Attacking Buildings", 9], ["3: Partial Collapse", 9], ["6: Total Collapse", 9], ["Rubble", 5]],
    );
    const both = named(items, [["partial"], ["collapse"]]);
    assert.deepEqual(both.map((i) => i.title).slice(0, 2), ["3: Partial Collapse", "6: Total Collapse"]);
  });

  test("a question that names no rule leaves the order and the scores as they were", () => {
    const items = [{ location: "a", title: "Tremor", text: "", score: 4, terms: {} }, { location: "b", title: "Breach!", text: "", score: 2, terms: {} }];
    assert.deepEqual(named(items, [["lava"]]), items);
  });
});
