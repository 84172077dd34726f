// The table's pieces, kinds and answers (docs/assets/js/table/model.mjs).
// Run by tests/test_table_model.py with `node --test`.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { m, ok, spec, withChapel } from "./helpers.mjs";

describe("kinds and defaults", () => {
  test("a building starts with its type's usual armour value, one section", () => {
    const table = withChapel();
    const state = m.replay(spec, table).pieces.p1;
    assert.deepEqual(state.sections, [{ name: "", av: 13, last: "" }]);
    assert.equal(state.rubble, null);
    assert.equal(m.answerOf(spec, table, table.pieces[0], "armour-value"), 13);
  });

  test("every question a kind asks has the book's default", () => {
    const table = ok(m.addPiece(spec, m.emptyTable(), "ruin", "the mill"));
    const ruin = table.pieces[0];
    assert.equal(m.answerOf(spec, table, ruin, "level-height"), 3);
    assert.equal(m.answerOf(spec, table, ruin, "ruin-dangerous"), "no");
    assert.equal(m.answerOf(spec, table, null, "upper-levels"), "none");
    const house = withChapel().pieces[0];
    assert.equal(m.answerOf(spec, withChapel(), house, "fire-point-models"), 2);
    assert.equal(m.answerOf(spec, withChapel(), house, "impassable"), "no");
  });

  test("only the questions of its kind are asked of a piece", () => {
    const table = withChapel();
    const asked = m.setAnswer(spec, table, "p1", "level-height", "4");
    assert.match(asked.error, /not asked of the chapel/);
    assert.match(m.setAnswer(spec, table, null, "impassable", "yes").error, /asked of a piece/);
  });

  test("unknown kinds, unpickable kinds and bad names are refused", () => {
    assert.match(m.addPiece(spec, m.emptyTable(), "castle", "x").error, /no kind of piece called "castle"/);
    assert.match(m.addPiece(spec, m.emptyTable(), "rubble", "x").error, /no kind/);
    assert.match(m.addPiece(spec, m.emptyTable(), "ruin", "<b>mill</b>").error, /plain text/);
    assert.match(m.addPiece(spec, m.emptyTable(), "ruin", "x".repeat(41)).error, /at most 40 characters/);
  });

  test("an answer out of range names the question and the range", () => {
    const error = m.setAnswer(spec, withChapel(), "p1", "fire-point-models", "40").error;
    assert.equal(error, "How many models may shoot through each Fire Point: must be a whole number from 1 to 20.");
    assert.match(m.setAnswer(spec, withChapel(), "p1", "impassable", "maybe").error, /must be one of no, yes/);
  });

  test("a custom building needs its armour value before it can be damaged", () => {
    const table = withChapel("other-building");
    assert.equal(m.replay(spec, table).pieces.p1.sections[0].av, null);
    assert.match(m.addStep(spec, table, { piece: "p1", section: 0, row: 1, loss: 2 }).error, /armour value first/);
    const set = ok(m.setAnswer(spec, table, "p1", "armour-value", "11"));
    assert.equal(m.replay(spec, set).pieces.p1.sections[0].av, 11);
  });
});
