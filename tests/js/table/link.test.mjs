// The table's link format (docs/assets/js/table/link.mjs).
// Run by tests/test_table_model.py with `node --test`.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { m, ok, spec } from "./helpers.mjs";

describe("the link", () => {
  function eightPieces() {
    let table = m.emptyTable();
    const kinds = ["stone-house", "wooden-tower", "ruin", "forest", "water", "boulders", "swamp", "castle-strongpoint"];
    kinds.forEach((kind, n) => {
      table = ok(m.addPiece(spec, table, kind, `the ${kind.replace("-", " ")} ${n + 1}`));
    });
    table = ok(m.addSection(spec, table, "p1", "west"));
    table = ok(m.addSection(spec, table, "p1", "east"));
    table = ok(m.setAnswer(spec, table, "p1", "fire-points", "the two east windows, the door"));
    table = ok(m.setAnswer(spec, table, "p3", "level-height", "4"));
    table = ok(m.setAnswer(spec, table, "p3", "ruin-dangerous", "yes"));
    table = ok(m.setAnswer(spec, table, null, "upper-levels", "monstrous-creatures"));
    table = ok(m.addStep(spec, table, { piece: "p1", section: 0, row: 1, loss: 2 }));
    table = ok(m.addStep(spec, table, { piece: "p2", section: 0, row: 6 }));
    return table;
  }

  test("a table round-trips through its link", () => {
    const table = eightPieces();
    const back = ok(m.decode(spec, m.encode(table)));
    assert.deepEqual(back, table);
    assert.deepEqual(m.replay(spec, back), m.replay(spec, table));
  });

  test("a table of eight pieces fits in a link that messengers carry", () => {
    const link = `https://rules.example/table/#t=${m.encode(eightPieces())}`;
    assert.ok(link.length < 1500, `the link has ${link.length} characters`);
  });

  test("names keep any letters (not only ASCII)", () => {
    const table = ok(m.addPiece(spec, m.emptyTable(), "ruin", "la chapelle brûlée ⛪"));
    assert.equal(ok(m.decode(spec, m.encode(table))).pieces[0].name, "la chapelle brûlée ⛪");
  });

  /** The compact state of a link, changed by `edit`, as a link again. */
  function tampered(edit) {
    const text = m.encode(eightPieces());
    const json = JSON.parse(Buffer.from(text.slice(2), "base64url").toString("utf-8"));
    edit(json);
    return `1.${Buffer.from(JSON.stringify(json)).toString("base64url")}`;
  }

  const refused = [
    ["an empty link", () => "", /empty/],
    ["no version", () => "eyJh", /no version/],
    ["a future version", () => `2.${m.encode(m.emptyTable()).slice(2)}`, /newer version of the site \(format 2/],
    ["a cut-short link", () => m.encode(eightPieces()).slice(0, 60), /damaged/],
    ["characters no link has", () => "1.<script>alert(1)</script>", /damaged/],
    ["an oversized link", () => `1.${"A".repeat(9000)}`, /too long/],
    ["not the table's shape", () => `1.${Buffer.from("[1,2]").toString("base64url")}`, /parts are missing/],
    ["markup in a name", () => tampered((j) => { j[0][0][1] = "<img src=x onerror=alert(1)>"; }), /Piece 1: its name is plain text/],
    ["a name too long", () => tampered((j) => { j[0][1][1] = "x".repeat(200); }), /Piece 2: its name is at most 40/],
    ["an unknown kind", () => tampered((j) => { j[0][2][0] = "volcano"; }), /Piece 3 is of an unknown kind \("volcano"\)/],
    ["an answer out of range", () => tampered((j) => { j[0][2][2]["level-height"] = 99; }), /Inches between its levels: must be a whole number from 1 to 12/],
    ["an answer for another kind", () => tampered((j) => { j[0][3][2] = { "fire-points": "x" }; }), /not asked of a forest/],
    ["markup in an answer", () => tampered((j) => { j[0][0][2]["fire-points"] = "<b>x</b>"; }), /plain text/],
    ["an unknown game question", () => tampered((j) => { j[1].dragons = "yes"; }), /no question of the game/],
    ["a reduction the die cannot roll", () => tampered((j) => { j[2][0][3] = 9; }), /Change 1: Breach! reduces the armour value by d3/],
    ["a step on a piece not there", () => tampered((j) => { j[2][0][0] = 40; }), /Change 1 names a piece that is not on the table/],
    ["a step on a ruin", () => tampered((j) => { j[2][0][0] = 2; }), /Change 1: That building is no longer/],
    ["too many pieces", () => tampered((j) => { j[0] = Array(25).fill(["ruin", "r"]); }), /25 pieces; at most 24/],
  ];
  for (const [what, link, message] of refused) {
    test(`refused: ${what}`, () => {
      const outcome = m.decode(spec, link());
      assert.ok("error" in outcome, "the link was applied");
      assert.match(outcome.error, message);
    });
  }
});
