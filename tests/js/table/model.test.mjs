// The table's pieces, kinds and answers (docs/assets/js/table/model.mjs).
// Run by tests/js/test_table_model.py with `node --test`.
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

describe("names, pieces and sections, at their limits", () => {
  test("a name is plain text of at most 40 characters, and the refusal says which name", () => {
    assert.equal(m.nameProblem("x".repeat(40)), "");
    assert.equal(m.nameProblem("x".repeat(41)), "A name is at most 40 characters (this one has 41).");
    assert.equal(m.nameProblem("a<b"), "A name is plain text: no < or > and no control characters.");
    assert.equal(m.nameProblem("tab\there", "its name"), "its name is plain text: no < or > and no control characters.");
    assert.equal(m.nameProblem(5), "A name must be text.");
  });

  test("a piece's name is trimmed, and with none it takes its kind's name", () => {
    assert.equal(ok(m.addPiece(spec, m.emptyTable(), "ruin", "  the mill  ")).pieces[0].name, "the mill");
    assert.equal(ok(m.addPiece(spec, m.emptyTable(), "stone-house", "   ")).pieces[0].name, "stone house");
  });

  test("a table holds 24 pieces and refuses the 25th", () => {
    let table = m.emptyTable();
    for (let n = 0; n < 24; n += 1) table = ok(m.addPiece(spec, table, "forest", `wood ${n}`));
    assert.equal(table.pieces.length, 24);
    assert.deepEqual(m.addPiece(spec, table, "forest", "one more"), { error: "A table holds at most 24 pieces." });
  });

  test("a new piece never takes the id of one still on the table", () => {
    let table = ok(m.addPiece(spec, withChapel(), "ruin", "the mill"));
    table = m.removePiece(table, "p1");
    table = ok(m.addPiece(spec, table, "forest", "the wood"));
    assert.deepEqual(
      table.pieces.map((p) => [p.id, p.name]),
      [
        ["p2", "the mill"],
        ["p3", "the wood"],
      ],
    );
  });

  test("taking a piece off takes its steps and nothing else", () => {
    let table = ok(m.addPiece(spec, withChapel(), "wooden-house", "the barn"));
    table = ok(m.addStep(spec, table, { piece: "p1", section: 0, row: 1, loss: 1 }));
    table = ok(m.addStep(spec, table, { piece: "p2", section: 0, row: 4, loss: 2 }));
    const left = m.removePiece(table, "p1");
    assert.deepEqual(left.pieces.map((p) => p.id), ["p2"]);
    assert.deepEqual(left.steps, [{ piece: "p2", section: 0, row: 4, loss: 2 }]);
    assert.equal(table.pieces.length, 2, "the table it was taken from is unchanged");
  });

  test("renaming trims, refuses no name or a bad one, and only renames the piece named", () => {
    const table = ok(m.addPiece(spec, withChapel(), "ruin", "the mill"));
    const renamed = ok(m.renamePiece(table, "p2", "  the old mill "));
    assert.deepEqual(renamed.pieces.map((p) => p.name), ["the chapel", "the old mill"]);
    assert.deepEqual(m.renamePiece(table, "p2", "  "), { error: "A piece needs a name." });
    assert.deepEqual(m.renamePiece(table, "p2", "<i>"), { error: "A name is plain text: no < or > and no control characters." });
    assert.deepEqual(m.renamePiece(table, "p9", "x"), { error: "That piece is no longer on the table." });
  });

  test("sections: only a building has them, named, at most 8, on the building named", () => {
    let table = ok(m.addPiece(spec, withChapel(), "stone-tower", "the keep"));
    table = ok(m.addPiece(spec, table, "ruin", "the mill"));
    assert.deepEqual(m.addSection(spec, table, "p3", "west"), { error: "Only a building has sections." });
    assert.deepEqual(m.addSection(spec, table, "p9", "west"), { error: "Only a building has sections." });
    const odd = { ...table, pieces: [{ id: "p1", kind: "volcano", name: "the mount", answers: {}, sections: [""] }] };
    assert.deepEqual(m.addSection(spec, odd, "p1", "west"), { error: "Only a building has sections." });
    assert.deepEqual(m.addSection(spec, table, "p2", " "), { error: "A section needs a name (west, the tower…)." });
    assert.deepEqual(m.addSection(spec, table, "p2", "a>b"), {
      error: "A section's name is plain text: no < or > and no control characters.",
    });
    table = ok(m.addSection(spec, table, "p2", "  gate "));
    table = ok(m.addSection(spec, table, "p2", "hall"));
    assert.deepEqual(table.pieces[0].sections, [""]);
    assert.deepEqual(table.pieces[1].sections, ["gate", "hall"]);
    for (let n = 2; n < 8; n += 1) table = ok(m.addSection(spec, table, "p2", `room ${n}`));
    assert.equal(table.pieces[1].sections.length, 8);
    assert.deepEqual(m.addSection(spec, table, "p2", "attic"), { error: "A building has at most 8 sections." });
  });

  test("a section's words add 'section' unless its name ends with it", () => {
    const piece = { name: "the keep", sections: ["gate section", "section by the well"] };
    assert.equal(m.sectionWords(piece, 0), "the keep's gate section");
    assert.equal(m.sectionWords(piece, 1), "the keep's section by the well section");
    assert.equal(m.sectionWords({ name: "the keep", sections: [""] }, 0), "the keep");
    assert.equal(m.sectionWords({ name: "the keep", sections: ["gate"] }, 0), "the keep's gate section");
  });
});

describe("answers, checked", () => {
  const q = (id) => spec.questions[id];

  test("a number answer is a whole number within its range", () => {
    assert.equal(m.answerProblem(q("level-height"), 1), "");
    assert.equal(m.answerProblem(q("level-height"), 12), "");
    for (const wrong of [0, 13, 3.5, "3", null]) {
      assert.equal(m.answerProblem(q("level-height"), wrong), "must be a whole number from 1 to 12", String(wrong));
    }
  });

  test("a text answer is text of at most its length, with no markup", () => {
    const max = q("fire-points").max;
    assert.equal(m.answerProblem(q("fire-points"), "x".repeat(max)), "");
    assert.equal(m.answerProblem(q("fire-points"), "x".repeat(max + 1)), `is at most ${max} characters`);
    assert.equal(m.answerProblem(q("fire-points"), "line\nbreak"), "");
    assert.equal(m.answerProblem(q("fire-points"), "<b>"), "is plain text: no < or >");
    assert.equal(m.answerProblem(q("fire-points"), 5), "must be text");
  });

  test("what a player types in a number field is read as digits, spaces around allowed", () => {
    assert.equal(ok(m.setAnswer(spec, withChapel(), "p1", "fire-point-models", " 7 ")).pieces[0].answers["fire-point-models"], 7);
    for (const typed of ["+4", "4.0", "1e1", "x4", "4 x"]) {
      assert.deepEqual(
        m.setAnswer(spec, withChapel(), "p1", "fire-point-models", typed),
        { error: "How many models may shoot through each Fire Point: must be a whole number from 1 to 20." },
        typed,
      );
    }
  });

  test("an empty text or number answer clears it (not agreed, the book's default stands); an empty choice is refused", () => {
    let table = ok(m.setAnswer(spec, withChapel(), "p1", "fire-points", "the door"));
    table = ok(m.setAnswer(spec, table, "p1", "fire-points", ""));
    assert.equal("fire-points" in table.pieces[0].answers, false);
    table = ok(m.setAnswer(spec, table, "p1", "armour-value", "11"));
    table = ok(m.setAnswer(spec, table, "p1", "armour-value", "  "));
    assert.equal("armour-value" in table.pieces[0].answers, false);
    assert.equal(m.answerOf(spec, table, table.pieces[0], "armour-value"), 13);
    assert.deepEqual(m.setAnswer(spec, withChapel(), "p1", "impassable", ""), {
      error: "Agreed impassable? (No one may go inside it): must be one of no, yes.",
    });
  });

  test("an unknown question, or an unknown piece, is named in the refusal", () => {
    assert.deepEqual(m.setAnswer(spec, withChapel(), "p1", "dragons", "yes"), { error: 'There is no question "dragons".' });
    assert.deepEqual(m.setAnswer(spec, withChapel(), "p7", "impassable", "yes"), { error: "That piece is no longer on the table." });
    const odd = { ...withChapel(), pieces: [{ id: "p1", kind: "volcano", name: "the mount", answers: {}, sections: [] }] };
    assert.deepEqual(m.setAnswer(spec, odd, "p1", "impassable", "yes"), {
      error: '"Agreed impassable? (No one may go inside it)" is not asked of the mount.',
    });
  });

  test("a game answer is kept on the game", () => {
    const table = ok(m.setAnswer(spec, withChapel(), null, "upper-levels", "monstrous-creatures"));
    assert.deepEqual(table.game, { "upper-levels": "monstrous-creatures" });
    assert.deepEqual(table.pieces[0].answers, {});
  });

  test("once damaged, only the building's starting armour value is locked", () => {
    let table = ok(m.addPiece(spec, withChapel(), "stone-tower", "the keep"));
    table = ok(m.addStep(spec, table, { piece: "p1", section: 0, row: 1, loss: 1 }));
    assert.equal(ok(m.setAnswer(spec, table, "p1", "impassable", "yes")).pieces[0].answers.impassable, "yes");
    assert.equal(ok(m.setAnswer(spec, table, "p2", "armour-value", "16")).pieces[1].answers["armour-value"], 16);
  });

  test("a question the spec does not know has no default, and its answer reads as given", () => {
    assert.equal(m.defaultAnswer(spec, "dragons", null), null);
    assert.equal(m.label(spec, "dragons", 3), "3");
    assert.equal(m.label(spec, "impassable", "yes"), "Yes, impassable");
  });
});
