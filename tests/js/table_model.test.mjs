// The table's data model (docs/assets/js/table/model.mjs), run by tests/test_table_model.py
// with `node --test` against the spec the build makes from build_scripts/table.toml
// (its path in TABLE_SPEC).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import * as m from "../../docs/assets/js/table/model.mjs";

const spec = JSON.parse(readFileSync(process.env.TABLE_SPEC || "", "utf-8"));

/** Unwrap an outcome that must have worked. */
function ok(outcome) {
  assert.ok(!("error" in outcome), `expected a table, got: ${outcome.error}`);
  return outcome.table;
}

function withChapel(kind = "stone-house") {
  return ok(m.addPiece(spec, m.emptyTable(), kind, "the chapel"));
}

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

describe("the damage steps, as the Building Damage Chart says", () => {
  const cases = [
    [1, 2, 11, "Breach!"],
    [4, 3, 10, "Structural Collapse"],
    [5, 6, 7, "Catastrophic Breach"],
  ];
  for (const [row, loss, after, name] of cases) {
    test(`${row}: ${name} reduces the armour value by the die rolled (${loss})`, () => {
      const table = ok(m.addStep(spec, withChapel(), { piece: "p1", section: 0, row, loss }));
      const state = m.replay(spec, table).pieces.p1;
      assert.equal(state.sections[0].av, after);
      assert.equal(state.rubble, null);
      assert.equal(state.sections[0].last, name);
    });
  }

  test("Tremor and Partial Collapse leave the armour value as it is", () => {
    let table = ok(m.addStep(spec, withChapel(), { piece: "p1", section: 0, row: 2 }));
    table = ok(m.addStep(spec, table, { piece: "p1", section: 0, row: 3 }));
    assert.equal(m.replay(spec, table).pieces.p1.sections[0].av, 13);
  });

  test("a reduction the die cannot roll is refused (d3 on Breach!, d6 on Catastrophic Breach)", () => {
    assert.match(m.addStep(spec, withChapel(), { piece: "p1", section: 0, row: 1, loss: 4 }).error, /d3: 1 to 3/);
    assert.match(m.addStep(spec, withChapel(), { piece: "p1", section: 0, row: 5, loss: 0 }).error, /d6: 1 to 6/);
    assert.match(m.addStep(spec, withChapel(), { piece: "p1", section: 0, row: 2, loss: 1 }).error, /reduces no armour/);
    assert.match(m.addStep(spec, withChapel(), { piece: "p1", section: 0, row: 7 }).error, /from 1 to 6/);
  });

  test("Total Collapse turns the building into rubble, and nothing more can be applied", () => {
    const table = ok(m.addStep(spec, withChapel(), { piece: "p1", section: 0, row: 6 }));
    const state = m.replay(spec, table).pieces.p1;
    assert.equal(state.rubble, "Total Collapse of the chapel");
    assert.match(m.addStep(spec, table, { piece: "p1", section: 0, row: 1, loss: 1 }).error, /already rubble/);
    assert.deepEqual(m.feedChoices(spec, table, "building-damage"), []);
  });

  test("reaching armour value 0 is a Total Collapse", () => {
    let table = ok(m.addPiece(spec, m.emptyTable(), "wooden-house", "the barn"));
    table = ok(m.setAnswer(spec, table, "p1", "armour-value", "5"));
    table = ok(m.addStep(spec, table, { piece: "p1", section: 0, row: 5, loss: 6 }));
    const played = m.replay(spec, table);
    assert.equal(played.pieces.p1.sections[0].av, 0);
    assert.equal(played.pieces.p1.rubble, "the barn reaching armour value 0");
    assert.equal(played.log.at(-1).rule, spec.at_zero);
  });

  test("each section keeps its own armour value", () => {
    let table = ok(m.addSection(spec, withChapel(), "p1", "west"));
    table = ok(m.addSection(spec, table, "p1", "east"));
    table = ok(m.addStep(spec, table, { piece: "p1", section: 0, row: 1, loss: 2 }));
    const state = m.replay(spec, table).pieces.p1;
    assert.deepEqual(
      state.sections.map((s) => [s.name, s.av]),
      [
        ["west", 11],
        ["east", 13],
      ],
    );
    const fed = m.feedInputs(spec, table, "building-damage", "p1", 0);
    assert.deepEqual(fed.inputs, { building: "stone-house", material: "stone", armour_value: "11" });
    assert.equal(fed.words, "armour value 11: the chapel's west section, after a Breach!");
  });

  test("every change is listed with its rule, and undo takes the last one back", () => {
    let table = ok(m.addStep(spec, withChapel(), { piece: "p1", section: 0, row: 1, loss: 2 }));
    table = ok(m.addStep(spec, table, { piece: "p1", section: 0, set: 9 }));
    const log = m.replay(spec, table).log;
    assert.deepEqual(
      log.map((l) => [l.text, l.rule]),
      [
        ["the chapel: 1: Breach! −2, armour value 13 → 11", spec.chart["1"].rule],
        ["the chapel: armour value set by hand, 11 → 9", spec.kinds.find((k) => k.id === "stone-house").armour_rule],
      ],
    );
    const undone = m.undo(table);
    assert.equal(m.replay(spec, undone).pieces.p1.sections[0].av, 11);
    assert.equal(m.replay(spec, m.undo(undone)).pieces.p1.sections[0].av, 13);
  });

  test("the starting armour value cannot change once the building is damaged", () => {
    const table = ok(m.addStep(spec, withChapel(), { piece: "p1", section: 0, row: 1, loss: 1 }));
    assert.match(m.setAnswer(spec, table, "p1", "armour-value", "15").error, /by hand instead/);
  });
});

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
