// The game's steps, replayed (docs/assets/js/table/steps.mjs).
// Run by tests/js/test_table_model.py with `node --test`.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { m, ok, spec, withChapel } from "./helpers.mjs";

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

describe("a step, checked before it is kept", () => {
  const on = (step) => m.addStep(spec, withChapel(), { piece: "p1", section: 0, ...step });

  test("an armour value set by hand is a whole number from 1 to 30", () => {
    assert.equal(m.replay(spec, ok(on({ set: 1 }))).pieces.p1.sections[0].av, 1);
    assert.equal(m.replay(spec, ok(on({ set: 30 }))).pieces.p1.sections[0].av, 30);
    for (const set of [0, 31, 2.5]) {
      assert.deepEqual(on({ set }), { error: "Not applied: an armour value is from 1 to 30." }, String(set));
    }
  });

  test("each refusal names the piece, the section or the die", () => {
    assert.deepEqual(on({ row: 1, loss: 4 }), { error: "Not applied: Breach! reduces the armour value by d3: 1 to 3." });
    assert.deepEqual(on({ row: 1 }), { error: "Not applied: Breach! reduces the armour value by d3: 1 to 3." });
    assert.deepEqual(on({ row: 2, loss: 1 }), { error: "Not applied: Tremor reduces no armour value." });
    assert.deepEqual(on({ row: 0 }), { error: "Not applied: a chart result is from 1 to 6." });
    for (const section of [-1, 1, 0.5, "0"]) {
      assert.deepEqual(on({ row: 2, section }), { error: "the chapel has no such section." }, String(section));
    }
    assert.deepEqual(m.addStep(spec, withChapel(), { piece: "p2", section: 0, row: 2 }), {
      error: "That building is no longer on the table.",
    });
    const odd = { ...withChapel(), pieces: [{ id: "p1", kind: "volcano", name: "the mount", answers: {}, sections: [""] }] };
    assert.deepEqual(m.addStep(spec, odd, { piece: "p1", section: 0, row: 2 }), {
      error: "That building is no longer on the table.",
    });
    const mill = ok(m.addPiece(spec, withChapel(), "ruin", "the mill"));
    assert.deepEqual(m.addStep(spec, mill, { piece: "p2", section: 0, row: 2 }), {
      error: "That building is no longer on the table.",
    });
  });

  test("a step keeps only what it holds: no reduction on a Tremor, the roll on a Breach!", () => {
    assert.deepEqual(ok(on({ row: 2 })).steps, [{ piece: "p1", section: 0, row: 2 }]);
    assert.deepEqual(ok(on({ row: 2, loss: 0 })).steps, [{ piece: "p1", section: 0, row: 2 }]);
    assert.deepEqual(ok(on({ row: 1, loss: 3 })).steps, [{ piece: "p1", section: 0, row: 1, loss: 3 }]);
    assert.deepEqual(ok(on({ set: 7 })).steps, [{ piece: "p1", section: 0, set: 7 }]);
  });

  test("a game keeps 300 changes and refuses the 301st", () => {
    let table = withChapel();
    for (let n = 0; n < 300; n += 1) table.steps.push({ piece: "p1", section: 0, row: 2 });
    assert.deepEqual(m.addStep(spec, table, { piece: "p1", section: 0, row: 2 }), {
      error: "A game keeps at most 300 changes.",
    });
    table.steps.pop();
    assert.equal(ok(m.addStep(spec, table, { piece: "p1", section: 0, row: 2 })).steps.length, 300);
  });
});

describe("the replay, line by line", () => {
  test("each kind of step has its line, on the piece it names", () => {
    let table = ok(m.addPiece(spec, withChapel(), "wooden-house", "the barn"));
    table = ok(m.addStep(spec, table, { piece: "p2", section: 0, row: 3 }));
    table = ok(m.addStep(spec, table, { piece: "p2", section: 0, set: 6 }));
    table = ok(m.addStep(spec, table, { piece: "p1", section: 0, row: 6 }));
    const played = m.replay(spec, table);
    assert.deepEqual(played.log, [
      { text: "the barn: 3: Partial Collapse; its armour value stays 10", rule: spec.chart["3"].rule, step: 0 },
      { text: "the barn: armour value set by hand, 10 → 6", rule: m.kindOf(spec, "wooden-house").armour_rule, step: 1 },
      { text: "the chapel: 6: Total Collapse. The building is rubble.", rule: spec.chart["6"].rule, step: 2 },
    ]);
    assert.deepEqual(played.pieces.p2.sections, [{ name: "", av: 6, last: "set by hand" }]);
    assert.deepEqual(played.pieces.p1.sections, [{ name: "", av: 13, last: "Total Collapse" }]);
  });

  test("a reduction to exactly 0 is a Total Collapse", () => {
    let table = ok(m.addPiece(spec, m.emptyTable(), "wooden-house", "the barn"));
    table = ok(m.setAnswer(spec, table, "p1", "armour-value", "5"));
    table = ok(m.addStep(spec, table, { piece: "p1", section: 0, row: 5, loss: 5 }));
    const played = m.replay(spec, table);
    assert.equal(played.pieces.p1.rubble, "the barn reaching armour value 0");
    assert.deepEqual(
      played.log.map((l) => l.text),
      [
        "the barn: 5: Catastrophic Breach −5, armour value 5 → 0",
        "the barn reached armour value 0: Total Collapse. The building is rubble.",
      ],
    );
  });

  test("a building of a kind with no armour rule logs a hand-set value with no rule link", () => {
    let table = withChapel("other-building");
    table = ok(m.setAnswer(spec, table, "p1", "armour-value", "8"));
    table = ok(m.addStep(spec, table, { piece: "p1", section: 0, set: 9 }));
    assert.equal(m.replay(spec, table).log[0].rule, m.kindOf(spec, "other-building").armour_rule || "");
  });

  test("steps that cannot apply are passed over, not crashed on (a table from an older site)", () => {
    const table = ok(m.addPiece(spec, withChapel("other-building"), "stone-house", "the inn"));
    table.pieces.push({ id: "p3", kind: "volcano", name: "the mount", answers: {}, sections: [""] });
    table.steps = [
      { piece: "p9", section: 0, row: 1, loss: 1 },
      { piece: "p2", section: 4, row: 1, loss: 1 },
      { piece: "p1", section: 0, row: 1, loss: 1 },
      { piece: "p2", section: 0, row: 9 },
      { piece: "p3", section: 0, row: 1, loss: 1 },
      { piece: "p2", section: 0, row: 6 },
      { piece: "p2", section: 0, row: 1, loss: 2 },
    ];
    const played = m.replay(spec, table);
    assert.deepEqual(played.log.map((l) => l.step), [5]);
    assert.deepEqual(played.pieces.p2.sections, [{ name: "", av: 13, last: "Total Collapse" }]);
    assert.deepEqual(played.pieces.p1.sections, [{ name: "", av: null, last: "" }]);
    assert.deepEqual(played.pieces.p3.sections, [{ name: "", av: null, last: "" }]);
  });
});
