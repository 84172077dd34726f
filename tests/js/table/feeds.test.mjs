// The table in plain text and in the calculators (summary.mjs, feeds.mjs).
// Run by tests/test_table_model.py with `node --test`.
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
