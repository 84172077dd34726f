// "Did you mean": the pure part (docs/assets/js/search/typos.mjs).
// Run by tests/js/test_search_model.py with `node --test`.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { correction, fixedQuery, oneEditApart, words } from "../../../docs/assets/js/search/typos.mjs";

describe("one edit apart", () => {
  test("a letter changed, added, dropped, or two neighbours swapped", () => {
    assert.equal(oneEditApart("barage", "barrage"), true); // added
    assert.equal(oneEditApart("barrrage", "barrage"), true); // dropped
    assert.equal(oneEditApart("collapse", "collapze"), true); // changed
    assert.equal(oneEditApart("colalpse", "collapse"), true); // swapped
    assert.equal(oneEditApart("xollapse", "collapse"), true); // the first letter changed
    assert.equal(oneEditApart("coll", "cell"), true);
  });

  test("the same word, two edits, or two letters apart in length are not", () => {
    assert.equal(oneEditApart("barrage", "barrage"), false);
    assert.equal(oneEditApart("barag", "barrage"), false);
    assert.equal(oneEditApart("clolapze", "collapse"), false);
    assert.equal(oneEditApart("abcd", "badc"), false);
  });

  test("a swap is of the two letters where the words first differ, wherever they are", () => {
    assert.equal(oneEditApart("abdc", "abcd"), true); // the letter before them differs from both
    assert.equal(oneEditApart("bacd", "abcd"), true); // at the start
  });

  test("two letters changed are not a swap, whichever of the two matches", () => {
    assert.equal(oneEditApart("xacd", "aycd"), false); // the second letter of one is the first of the other
    assert.equal(oneEditApart("xyzw", "qxzw"), false); // the first of one is the second of the other
  });
});

describe("the correction", () => {
  const near = new Map([
    ["barrage", 3],
    ["garage", 1],
    ["bar", 40],
  ]);

  test("is the most frequent word one edit away", () => {
    assert.equal(correction("barage", near), "barrage");
    assert.equal(correction("bame", new Map([["game", 2], ["name", 7], ["same", 1]])), "name");
  });

  test("of words as frequent, is the first the rules list", () => {
    assert.equal(correction("bame", new Map([["game", 7], ["name", 7]])), "game");
  });

  test("is never a word shorter than four letters, and none when nothing is near", () => {
    assert.equal(correction("baz", new Map([["bar", 40]])), null);
    assert.equal(correction("quantum", near), null);
  });

  test("the query keeps its other words, and says nothing when no word changes", () => {
    const fixes = new Map([["colapse", "collapse"], ["total", null]]);
    assert.equal(fixedQuery("Total colapse!", fixes), "Total collapse!");
    assert.equal(fixedQuery("Total wall", fixes), null);
  });

  test("a word with an apostrophe is one word, whatever follows the apostrophe", () => {
    assert.equal(fixedQuery("If they're charging", new Map([["they're", "they are"]])), "If they are charging");
  });

  test("a query's words are its lower-case letters", () => {
    assert.deepEqual(words("You'll roll 2D6, Breach!"), ["you'll", "roll", "d", "breach"]);
    assert.deepEqual(words("2 + 6!"), []);
  });
});
