// The table in plain text and in the calculators (summary.mjs, feeds.mjs).
// Run by tests/js/test_table_model.py with `node --test`.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { m, ok, spec, withChapel } from "./helpers.mjs";

describe("the summary and the calculators", () => {
  test("the plain-text summary lists every piece and what was agreed", () => {
    let table = withChapel();
    table = ok(m.setAnswer(spec, table, "p1", "impassable", "yes"));
    table = ok(m.addPiece(spec, table, "ruin", "the mill"));
    table = ok(m.setAnswer(spec, table, null, "ladders", "no"));
    table = ok(m.addStep(spec, table, { piece: "p1", section: 0, row: 5, loss: 4 }));
    assert.equal(
      m.summary(spec, table),
      [
        "Our table:",
        "- the chapel (Stone house): AV 9; Agreed impassable? (No one may go inside it): Yes, impassable",
        "- the mill (Ruin)",
        "Agreed for the game:",
        "- May models climb between levels of a ruin that has no ladders?: No: not without ladders",
      ].join("\n"),
    );
  });

  test("ruin movement takes a ruin's level height", () => {
    let table = ok(m.addPiece(spec, m.emptyTable(), "ruin", "the mill"));
    table = ok(m.setAnswer(spec, table, "p1", "level-height", "6"));
    assert.deepEqual(m.feedChoices(spec, table, "ruin-movement"), [{ piece: "p1", section: 0, label: '6" between levels: the mill' }]);
    assert.deepEqual(m.feedChoices(spec, table, "building-damage"), []);
  });
});

describe("what a piece gives a calculator", () => {
  test("a building gives its type, material and current armour value, in words with its last result", () => {
    let table = ok(m.addPiece(spec, withChapel(), "wooden-house", "the barn"));
    assert.deepEqual(m.feedInputs(spec, table, "building-damage", "p2", 0), {
      inputs: { building: "wooden-house", material: "wooden", armour_value: "10" },
      words: "armour value 10: the barn",
    });
    table = ok(m.addStep(spec, table, { piece: "p2", section: 0, set: 8 }));
    assert.equal(m.feedInputs(spec, table, "building-damage", "p2", 0).words, "armour value 8: the barn, after a set by hand");
  });

  test("a building of another kind gives the material agreed, and no type of its own", () => {
    let table = withChapel("other-building");
    assert.equal(m.feedInputs(spec, table, "building-damage", "p1", 0), null, "no armour value yet");
    table = ok(m.setAnswer(spec, table, "p1", "armour-value", "11"));
    table = ok(m.setAnswer(spec, table, "p1", "material", "wooden"));
    assert.deepEqual(m.feedInputs(spec, table, "building-damage", "p1", 0).inputs, {
      building: "custom",
      material: "wooden",
      armour_value: "11",
    });
  });

  test("nothing is offered to a calculator the table does not feed, from a piece not there, or a section not there", () => {
    const table = withChapel();
    assert.equal(m.feedInputs(spec, table, "hit-split", "p1", 0), null);
    assert.equal(m.feedInputs(spec, table, "building-damage", "p2", 0), null);
    assert.equal(m.feedInputs(spec, table, "building-damage", "p1", 1), null);
    assert.equal(m.feedInputs(spec, table, "ruin-movement", "p1", 0), null);
  });

  test("a calculator is offered every section of every building, each by its own words", () => {
    let table = ok(m.addPiece(spec, withChapel(), "stone-tower", "the keep"));
    table = ok(m.addSection(spec, table, "p2", "gate"));
    table = ok(m.addSection(spec, table, "p2", "hall"));
    table = ok(m.addPiece(spec, table, "ruin", "the mill"));
    assert.deepEqual(m.feedChoices(spec, table, "building-damage"), [
      { piece: "p1", section: 0, label: "armour value 13: the chapel" },
      { piece: "p2", section: 0, label: "armour value 18: the keep's gate section" },
      { piece: "p2", section: 1, label: "armour value 18: the keep's hall section" },
    ]);
  });
});

describe("the summary, line by line", () => {
  test("an empty table says so; a table with only game answers does not", () => {
    assert.equal(m.summary(spec, m.emptyTable()), "Our table:\n(nothing yet)");
    const agreed = ok(m.setAnswer(spec, m.emptyTable(), null, "ladders", "no"));
    assert.equal(
      m.summary(spec, agreed),
      "Our table:\nAgreed for the game:\n- May models climb between levels of a ruin that has no ladders?: No: not without ladders",
    );
    assert.equal(m.summary(spec, withChapel()), "Our table:\n- the chapel (Stone house): AV 13");
  });

  test("sections, rubble, answers and game answers, each as agreed and nothing empty", () => {
    let table = ok(m.addSection(spec, withChapel(), "p1", "west"));
    table = ok(m.addSection(spec, table, "p1", "east"));
    table = ok(m.setAnswer(spec, table, "p1", "impassable", "yes"));
    table = ok(m.setAnswer(spec, table, "p1", "fire-points", "two windows"));
    table = ok(m.setAnswer(spec, table, "p1", "rooms", ""));
    table = ok(m.setAnswer(spec, table, "p1", "armour-value", "14"));
    table = ok(m.addStep(spec, table, { piece: "p1", section: 1, row: 1, loss: 3 }));
    table = ok(m.addPiece(spec, table, "wooden-house", "the barn"));
    table = ok(m.addStep(spec, table, { piece: "p2", section: 0, row: 6 }));
    table = ok(m.addPiece(spec, table, "other-building", "the gate"));
    table = ok(m.addPiece(spec, table, "other-building", "the wall"));
    table = ok(m.addSection(spec, table, "p4", "north"));
    table = ok(m.setAnswer(spec, table, null, "ladders", "no"));
    table = ok(m.setAnswer(spec, table, null, "upper-levels", "monstrous-creatures"));
    table = ok(m.setAnswer(spec, table, null, "impassable-walls", ""));
    assert.equal(
      m.summary(spec, table),
      [
        "Our table:",
        "- the chapel (Stone house): west AV 14, east AV 11; Agreed impassable? (No one may go inside it): Yes, impassable; Where its Fire Points are: two windows",
        "- the barn (Wooden house): rubble (Total Collapse of the barn)",
        "- the gate (Other building (scenario)): AV ?",
        "- the wall (Other building (scenario)): north AV ?",
        "Agreed for the game:",
        "- Which other unit types may enter the upper levels of ruins: Monstrous Creatures too (sturdy-looking ruins)",
        "- May models climb between levels of a ruin that has no ladders?: No: not without ladders",
      ].join("\n"),
    );
  });

  test("a piece of a kind this site no longer knows is listed by its kind's id", () => {
    const table = { ...m.emptyTable(), pieces: [{ id: "p1", kind: "volcano", name: "the mount", answers: {}, sections: [] }] };
    assert.equal(m.summary(spec, table), "Our table:\n- the mount (volcano)");
    assert.equal(m.feedInputs(spec, table, "building-damage", "p1", 0), null);
  });
});
