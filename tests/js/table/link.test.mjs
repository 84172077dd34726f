// The table's link format (docs/assets/js/table/link.mjs).
// Run by tests/js/test_table_model.py with `node --test`.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { m, ok, spec, withChapel } from "./helpers.mjs";

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
    ["a future version", () => `3.${m.encode(m.emptyTable()).slice(2)}`, /newer version of the site \(format 3/],
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

describe("the link's text, exactly", () => {
  const state = (table) => JSON.parse(Buffer.from(m.encode(table).slice(2), "base64").toString("utf-8"));
  const link = (compact) => `1.${Buffer.from(JSON.stringify(compact)).toString("base64url")}`;

  test("the state is base64url of the compact JSON, with no padding, whatever its length", () => {
    for (const name of ["???~~~", "???~~~a", "???~~~ab", "é ⛪ ???"]) {
      const table = ok(m.addPiece(spec, m.emptyTable(), "ruin", name));
      const compact = [[["ruin", name]], {}, []];
      assert.equal(m.encode(table), link(compact), name);
      assert.equal(ok(m.decode(spec, m.encode(table))).pieces[0].name, name);
    }
  });

  test("a piece carries its answers and sections only when it has them", () => {
    let table = withChapel();
    table = ok(m.addPiece(spec, table, "stone-house", "the inn"));
    table = ok(m.setAnswer(spec, table, "p2", "impassable", "yes"));
    table = ok(m.addPiece(spec, table, "stone-house", "the hall"));
    table = ok(m.addSection(spec, table, "p3", "nave"));
    table = ok(m.addPiece(spec, table, "stone-house", "the keep"));
    table = ok(m.addSection(spec, table, "p4", "gate"));
    table = ok(m.addSection(spec, table, "p4", "hall"));
    table = ok(m.addPiece(spec, table, "ruin", "the mill"));
    table = ok(m.addPiece(spec, table, "ruin", "the tower"));
    table = ok(m.setAnswer(spec, table, "p6", "level-height", "4"));
    table = ok(m.addStep(spec, table, { piece: "p4", section: 1, set: 9 }));
    table = ok(m.addStep(spec, table, { piece: "p1", section: 0, row: 2 }));
    table = ok(m.addStep(spec, table, { piece: "p3", section: 0, row: 1, loss: 2 }));
    assert.deepEqual(state(table), [
      [
        ["stone-house", "the chapel"],
        ["stone-house", "the inn", { impassable: "yes" }],
        ["stone-house", "the hall", {}, ["nave"]],
        ["stone-house", "the keep", {}, ["gate", "hall"]],
        ["ruin", "the mill"],
        ["ruin", "the tower", { "level-height": 4 }],
      ],
      {},
      [
        [3, 1, "s", 9],
        [0, 0, 2],
        [2, 0, 1, 2],
      ],
    ]);
    assert.deepEqual(ok(m.decode(spec, m.encode(table))), table);
  });

  test("a step on a piece no longer listed is written as -1, which the link refuses", () => {
    const table = { ...withChapel(), steps: [{ piece: "p9", section: 0, row: 2 }] };
    assert.deepEqual(state(table)[2], [[-1, 0, 2]]);
    assert.deepEqual(m.decode(spec, m.encode(table)), { error: "Change 1 names a piece that is not on the table." });
  });

  const refusals = [
    ["not text", 5, "The table link is empty."],
    ["format 0", `0.${link([[], {}, []]).slice(2)}`, "Unknown table format 0."],
    ["a two-digit version", `10.${link([[], {}, []]).slice(2)}`, /format 10; this one reads format 2/],
    ["text before the version", `x${link([[], {}, []])}`, "This is not a table link: it has no version (it may have been cut short)."],
    ["base64 with padding", `1.${Buffer.from(JSON.stringify([[["ruin", "a"]], {}, []])).toString("base64")}`, /damaged: it was cut short/],
    ["base64's + and /", `1.${Buffer.from(JSON.stringify([[["ruin", "???~~~"]], {}, []])).toString("base64")}`, /damaged: it was cut short/],
    ["bytes that are not UTF-8", `1.${Buffer.concat([Buffer.from('[[["ruin","'), Buffer.from([0xff, 0xfe]), Buffer.from('"]],{},[]]')]).toString("base64url")}`, "The table link is damaged: it was cut short or changed on the way. Ask for it again."],
    ["no state", "1.", "The table link is damaged: it was cut short or changed on the way. Ask for it again."],
    ["four parts", link([[], {}, [], 1]), "The table link is damaged: its parts are missing."],
    ["pieces not a list", link([{}, {}, []]), "The table link is damaged: its parts are missing."],
    ["the game a list", link([[], [], []]), "The table link is damaged: its parts are missing."],
    ["the game null", link([[], null, []]), "The table link is damaged: its parts are missing."],
    ["the game a number", link([[], 5, []]), "The table link is damaged: its parts are missing."],
    ["steps not a list", link([[], {}, {}]), "The table link is damaged: its parts are missing."],
    ["301 changes", link([[["stone-house", "a"]], {}, Array(301).fill([0, 0, 2])]), "The table has 301 changes; at most 300."],
    ["a piece as text", link([["ruin"], {}, []]), "Piece 1 is damaged."],
    ["a piece of one part", link([[["ruin"]], {}, []]), "Piece 1 is damaged."],
    ["a piece of five parts", link([[["ruin", "a", {}, [], 1]], {}, []]), "Piece 1 is damaged."],
    ["a long unknown kind", link([[["v".repeat(60), "a"]], {}, []]), `Piece 1 is of an unknown kind (${JSON.stringify("v".repeat(60)).slice(0, 40)}).`],
    ["a kind that is not text", link([[[["ruin"], "a"]], {}, []]), 'Piece 1 is of an unknown kind ("ruin").'],
    ["an empty name", link([[["ruin", ""]], {}, []]), "Piece 1: it has no name"],
    ["a blank name", link([[["ruin", "   "]], {}, []]), "Piece 1: it has no name"],
    ["a name that is a number", link([[["ruin", 5]], {}, []]), "Piece 1: it has no name"],
    ["answers as a list", link([[["ruin", "a", []]], {}, []]), "Piece 1: its answers are damaged."],
    ["a long unknown question", link([[["ruin", "a", { ["q".repeat(60)]: 1 }]], {}, []]), `Piece 1 (a): "${"q".repeat(40)}" is not asked of a ruin.`],
    ["sections on a ruin", link([[["ruin", "a", {}, ["x"]]], {}, []]), "Piece 1 (a): its sections are damaged."],
    ["sections as text", link([[["stone-house", "a", {}, "west"]], {}, []]), "Piece 1 (a): its sections are damaged."],
    ["no sections", link([[["stone-house", "a", {}, []]], {}, []]), "Piece 1 (a): its sections are damaged."],
    ["nine sections", link([[["stone-house", "a", {}, Array(9).fill("s")]], {}, []]), "Piece 1 (a): its sections are damaged."],
    ["a section that is not text", link([[["stone-house", "a", {}, [5]]], {}, []]), "Piece 1 (a): a section's name must be text"],
    ["an empty section name", link([[["stone-house", "a", {}, ["west", " "]]], {}, []]), "Piece 1 (a): a section needs a name"],
    ["markup in a section", link([[["stone-house", "a", {}, ["<b>"]]], {}, []]), "Piece 1 (a): a section's name is plain text: no < or > and no control characters."],
    ["a long unknown game question", link([[], { ["g".repeat(60)]: 1 }, []]), `The game's "${"g".repeat(40)}" is no question of the game.`],
    ["a game answer out of its choices", link([[], { "upper-levels": "all" }, []]), "Which other unit types may enter the upper levels of ruins: must be one of none, monstrous-creatures."],
    ["a change as text", link([[["stone-house", "a"]], {}, ["abc"]]), "Change 1 is damaged."],
    ["a change of two parts", link([[["stone-house", "a"]], {}, [[0, 0]]]), "Change 1 is damaged."],
    ["a change of five parts", link([[["stone-house", "a"]], {}, [[0, 0, 1, 1, 1]]]), "Change 1 is damaged."],
    ["a change on no section", link([[["stone-house", "a"]], {}, [[0, 1, 2]]]), "Change 1: a has no such section."],
    // Only the step's own "Not applied: " goes: a building may have those words in its name.
    [
      "a change on no section of a building named with the words",
      link([[["stone-house", "Old Not applied: Mill"]], {}, [[0, 1, 2]]]),
      "Change 1: Old Not applied: Mill has no such section.",
    ],
  ];
  for (const [what, text, message] of refusals) {
    test(`refused, saying exactly why: ${what}`, () => {
      const outcome = m.decode(spec, text);
      assert.deepEqual(Object.keys(outcome), ["error"]);
      if (typeof message === "string") assert.equal(outcome.error, message);
      else assert.match(outcome.error, message);
    });
  }

  const accepted = [
    ["24 pieces", link([Array(24).fill(["forest", "f"]), {}, []])],
    ["8 sections", link([[["stone-house", "a", {}, Array(8).fill("s")]], {}, []])],
    ["300 changes", link([[["stone-house", "a"]], {}, Array(300).fill([0, 0, 2])])],
  ];
  for (const [what, text] of accepted) {
    test(`read: ${what}`, () => ok(m.decode(spec, text)));
  }

  test("the longest link is read to its checks; one character more is refused before", () => {
    const longest = `1.${"A".repeat(m.LINK_MAX - 2)}`;
    assert.match(m.decode(spec, longest).error, /damaged/);
    assert.equal(m.decode(spec, `${longest}A`).error, `The table link is too long (${m.LINK_MAX + 1} characters; at most ${m.LINK_MAX}).`);
  });
});

describe("the rules' date for the game (format 2)", () => {
  const link2 = (compact) => `2.${Buffer.from(JSON.stringify(compact)).toString("base64url")}`;
  const TODAY = "2026-12-05";

  test("a table without one is written as format 1, as before, and one with it as format 2, the date fourth", () => {
    assert.match(m.encode(withChapel()), /^1\./);
    const dated = ok(m.setRulesAsOf(withChapel(), " 2026-11-01 ", TODAY));
    assert.equal(dated.rules, "2026-11-01");
    const text = m.encode(dated);
    assert.match(text, /^2\./);
    assert.equal(JSON.parse(Buffer.from(text.slice(2), "base64url").toString("utf-8"))[3], "2026-11-01");
    assert.deepEqual(ok(m.decode(spec, text)), dated);
    assert.equal(ok(m.decode(spec, m.encode(ok(m.setRulesAsOf(dated, "9177", TODAY))))).rules, "9177");
  });

  test("emptied, the table follows today's rules again and is format 1", () => {
    const dated = ok(m.setRulesAsOf(withChapel(), "2026-11-01", TODAY));
    const today = ok(m.setRulesAsOf(dated, "  ", TODAY));
    assert.equal("rules" in today, false);
    assert.match(m.encode(today), /^1\./);
  });

  for (const [raw, says] of [
    ["yesterday", "The rules as of: must be a date (like 2026-11-01) or a wiki revision number; leave it empty for today's rules."],
    ["2026-02-30", "The rules as of: 2026-02-30 is not a day of the calendar; leave it empty for today's rules."],
    ["2026-12-06", "The rules as of: 2026-12-06 has not come yet; leave it empty for today's rules."],
    ["0", "The rules as of: must be a date (like 2026-11-01) or a wiki revision number; leave it empty for today's rules."],
  ]) {
    test(`the field refuses ${raw}, naming what it takes`, () => {
      assert.deepEqual(m.setRulesAsOf(withChapel(), raw, TODAY), { error: says });
    });
  }

  test("a link's date is checked; a fourth part in a format 1 link is refused", () => {
    assert.deepEqual(m.decode(spec, link2([[], {}, [], "<b>"])), {
      error: "The rules' date must be a date (like 2026-11-01) or a wiki revision number.",
    });
    assert.deepEqual(m.decode(spec, link2([[], {}, [], 5])), { error: "The rules' date must be text." });
    const one = `1.${Buffer.from(JSON.stringify([[], {}, [], "2026-11-01"])).toString("base64url")}`;
    assert.deepEqual(m.decode(spec, one), { error: "The table link is damaged: its parts are missing." });
    assert.equal(ok(m.decode(spec, link2([[], {}, []]))).rules, undefined);
  });

  test("the summary names it first among what the game agreed", () => {
    const text = m.summary(spec, ok(m.setRulesAsOf(withChapel(), "2026-11-01", TODAY)));
    assert.match(text, /Agreed for the game:\n- The rules as of 2026-11-01/);
  });
});
