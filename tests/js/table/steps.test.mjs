// The game's steps, replayed (docs/assets/js/table/steps.mjs).
// Run by tests/test_table_model.py with `node --test`.
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
