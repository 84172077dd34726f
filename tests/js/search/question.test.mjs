// A question in a player's words, read for the search (docs/assets/js/search/question.mjs).
// Run by tests/js/test_search_model.py with `node --test`.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { groups, heldWords, meaningful, mostWords, tokens, variants } from "../../../docs/assets/js/search/question.mjs";

const BOOK = { stop: ["how", "can", "the", "to", "a"], same: { climb: ["clamber"], floor: ["level", "floor"] } };

describe("a question's words", () => {
  test("as typed, lower case, punctuation around them left out, what rules write kept", () => {
    assert.deepEqual(tokens("How far can Infantry climb?"), ["how", "far", "can", "infantry", "climb"]);
    assert.deepEqual(tokens("cover saves better than 5+, 3d6!"), ["cover", "saves", "better", "than", "5+", "3d6"]);
    assert.deepEqual(tokens("don't 'flee'"), ["don't", "flee"]);
    assert.deepEqual(tokens("rocks'' here"), ["rocks", "here"]);
    assert.deepEqual(tokens("  ?! "), []);
  });

  test("stop words are dropped, unless nothing else is left", () => {
    assert.deepEqual(meaningful(["how", "far", "can", "infantry", "climb"], BOOK), ["far", "infantry", "climb"]);
    assert.deepEqual(meaningful(["how", "can"], BOOK), ["how", "can"]);
    assert.deepEqual(meaningful([], BOOK), []);
  });

  test("each word stands for itself and the book's words for it, each once", () => {
    assert.deepEqual(groups(["far", "climb", "floor", "far"], BOOK), [["far"], ["climb", "clamber"], ["floor", "level"]]);
  });

  test("the searches for every word: each choice of one word a group, the question's own first, at most eight", () => {
    assert.deepEqual(variants([["far"], ["climb", "clamber"]]), ["far climb", "far clamber"]);
    assert.deepEqual(variants([["a", "b"], ["c", "d"]]), ["a c", "a d", "b c", "b d"]);
    const many = variants([["a", "b"], ["c", "d"], ["e", "f"], ["g", "h"]]);
    assert.equal(many.length, 8);
    assert.equal(many[0], "a c e g");
    assert.deepEqual(variants([]), [""]);
    assert.deepEqual(variants([["a", "b", "c"]], 2), ["a", "b"]);
  });
});

describe("the rules holding most of the words", () => {
  const question = [["far"], ["infantry"], ["climb", "clamber"]];
  const foundBy = new Map([
    ["far", [{ id: "shouts", score: 4.8 }]],
    [
      "infantry",
      [
        { id: "moving", score: 2 },
        { id: "infantry", score: 16.9 },
        { id: "shouts", score: 1 },
      ],
    ],
    ["climb", [{ id: "ladders", score: 8.1 }]],
    ["clamber", [{ id: "moving", score: 4.2 }]],
  ]);

  test("those holding the most words or one fewer, ranked by the sum of each word's best score", () => {
    assert.deepEqual(
      mostWords(question, foundBy).map((r) => [r.id, r.held, Number(r.score.toFixed(1))]),
      [
        ["infantry", 1, 16.9],
        ["ladders", 1, 8.1],
        ["moving", 2, 6.2],
        ["shouts", 2, 5.8],
      ],
    );
  });

  test("a word held through one of the book's words counts once, at its best score", () => {
    const both = new Map([
      ["climb", [{ id: "r", score: 3 }]],
      ["clamber", [{ id: "r", score: 5 }]],
    ]);
    assert.deepEqual(mostWords([["climb", "clamber"]], both), [{ id: "r", held: 1, score: 5 }]);
  });

  test("rules two words or more short of the best are left out; none found, none ranked", () => {
    const four = [["a"], ["b"], ["c"], ["d"]];
    const found = new Map([
      ["a", [{ id: "x", score: 1 }, { id: "y", score: 9 }]],
      ["b", [{ id: "x", score: 1 }]],
      ["c", [{ id: "x", score: 1 }, { id: "z", score: 1 }]],
    ]);
    assert.deepEqual(
      mostWords(four, found).map((r) => r.id),
      ["x"],
    );
    assert.deepEqual(mostWords(four, new Map()), []);
  });

  test("ties keep one order, whatever the order the words were found in", () => {
    for (const found of [
      [{ id: "q", score: 1 }, { id: "p", score: 1 }],
      [{ id: "p", score: 1 }, { id: "q", score: 1 }],
    ]) {
      assert.deepEqual(
        mostWords([["a"]], new Map([["a", found]])).map((r) => r.id),
        ["p", "q"],
      );
    }
  });
});

describe("the words a rule holds", () => {
  const foundBy = new Map([
    ["artillery", [{ id: "a", score: 3 }, { id: "b", score: 1 }]],
    ["hits", [{ id: "a", score: 2 }]],
    ["clamber", [{ id: "b", score: 1 }]],
  ]);

  test("those whose own search found the rule, named by the query's word", () => {
    assert.deepEqual(heldWords([["artillery"], ["hits"]], foundBy, "a"), ["artillery", "hits"]);
    assert.deepEqual(heldWords([["artillery"], ["hits"]], foundBy, "b"), ["artillery"]);
  });

  test("a word held by one of the book's words for it", () => {
    assert.deepEqual(heldWords([["climb", "clamber"], ["hits"]], foundBy, "b"), ["climb"]);
    assert.deepEqual(heldWords([["climb", "clamber"]], foundBy, "c"), []);
  });
});
