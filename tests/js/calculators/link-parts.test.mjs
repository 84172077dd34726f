// A calculation's link, read without the page (docs/assets/js/calculators/link-parts.mjs).
// Run by tests/js/test_link_parts.py with `node --test`.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  isTracking,
  leftOutSentences,
  placeFor,
  readingRefusal,
  shorten,
  sortLink,
} from "../../../docs/assets/js/calculators/link-parts.mjs";

/** Building damage as its place on Buildings draws it: two fields, one fixed, one reading. */
const FORM = {
  fields: new Set(["strength", "hits"]),
  fixed: new Set(["material"]),
  readings: new Map([["rounding", ["down", "up"]]]),
};

/** @param {string} query */
const params = (query) => new URLSearchParams(query);

describe("tracking parameters", () => {
  test("those messengers and ads add are known, whatever their case", () => {
    for (const name of ["utm_source", "UTM_Campaign", "fbclid", "GCLID", "si", "ref", "_ga", "mc_eid", "trk"]) {
      assert.equal(isTracking(name), true, name);
    }
  });

  test("a name that only starts or ends like one is not", () => {
    for (const name of ["utm", "refs", "xref", "fbclid2", "strength", "", "reading.rounding"]) {
      assert.equal(isTracking(name), false, name);
    }
  });
});

describe("a value repeated from a link", () => {
  test("is kept whole up to forty characters", () => {
    assert.equal(shorten(""), "");
    assert.equal(shorten("x".repeat(40)), "x".repeat(40));
  });

  test("is cut to thirty-nine and an ellipsis past them", () => {
    assert.equal(shorten("x".repeat(41)), `${"x".repeat(39)}…`);
    assert.equal(shorten("y".repeat(500)).length, 40);
  });
});

describe("a reading from a link", () => {
  test("an option it has is taken", () => {
    assert.equal(readingRefusal(FORM, "rounding", "up"), null);
  });

  test("an option it does not have is refused with the options it has", () => {
    assert.equal(readingRefusal(FORM, "rounding", "sideways"), "its options are down, up");
  });

  test("a reading the calculator does not have is refused, an object's own names included", () => {
    for (const id of ["other", "constructor", "__proto__", "toString", ""]) {
      assert.equal(readingRefusal(FORM, id, "up"), "this calculator has no such reading", id);
    }
  });
});

describe("a link sorted for a form", () => {
  test("its fields in the link's order, a field given twice twice (the last wins)", () => {
    const sorted = sortLink(params("calc=building-damage&hits=3&strength=6&hits=4"), FORM);
    assert.deepEqual(sorted, {
      values: [
        ["hits", "3"],
        ["strength", "6"],
        ["hits", "4"],
      ],
      readings: [],
      leftOut: [],
    });
  });

  test("the calculator's name and the fields its place fixes are passed over without a word", () => {
    assert.deepEqual(sortLink(params("calc=x&material=wood"), FORM), { values: [], readings: [], leftOut: [] });
  });

  test("a reading it has is taken; one it refuses is left out with why", () => {
    const sorted = sortLink(params("reading.rounding=up&reading.rounding=no&reading.other=1"), FORM);
    assert.deepEqual(sorted.readings, [["rounding", "up"]]);
    assert.deepEqual(sorted.leftOut, [
      ["reading.rounding", "no", "its options are down, up"],
      ["reading.other", "1", "this calculator has no such reading"],
    ]);
  });

  test("an unknown part is left out; a tracking one is dropped, unless it is a field", () => {
    const form = { ...FORM, fields: new Set(["strength", "ref"]) };
    const sorted = sortLink(params("colour=red&utm_source=chat&ref=7&fbclid=abc"), form);
    assert.deepEqual(sorted.values, [["ref", "7"]]);
    assert.deepEqual(sorted.leftOut, [["colour", "red"]]);
  });

  test("a field the place fixes is passed over even when the form also names it a field", () => {
    const form = { ...FORM, fields: new Set(["material"]) };
    assert.deepEqual(sortLink(params("material=stone"), form).values, []);
  });
});

describe("what the calculator says it left out", () => {
  test("nothing left out: nothing said", () => {
    assert.deepEqual(leftOutSentences([]), []);
  });

  test("one part, then several, in one sentence each", () => {
    assert.deepEqual(leftOutSentences([["colour", "red"]]), [
      "The link had a part this calculator does not use, left out: colour=red.",
    ]);
    assert.deepEqual(
      leftOutSentences([
        ["colour", "red"],
        ["size", ""],
      ]),
      ["The link had parts this calculator does not use, left out: colour=red, size=."],
    );
  });

  test("a refused reading apart, after the plain parts, with why; long names and values cut", () => {
    const long = "z".repeat(60);
    assert.deepEqual(
      leftOutSentences([
        ["reading.rounding", long, "its options are down, up"],
        [long, "1"],
      ]),
      [
        `The link had a part this calculator does not use, left out: ${shorten(long)}=1.`,
        `The link asks for the reading reading.rounding=${shorten(long)}, refused: its options are down, up. ` +
          "The site's reading is used.",
      ],
    );
  });
});

describe("the place a link means", () => {
  const places = [
    { page: "buildings/", rule: "attacking-buildings", fixed: { material: "stone" } },
    { page: "ruins/", rule: "ruins", fixed: { material: "wood", level: "2" } },
  ];

  test("none when the calculator has no place", () => {
    assert.equal(placeFor(undefined, params("calc=x")), null);
    assert.equal(placeFor([], params("calc=x")), null);
  });

  test("the first place whose fixed inputs the link does not contradict", () => {
    assert.equal(placeFor(places, params("material=wood")), places[1]);
    assert.equal(placeFor(places, params("material=wood&level=2")), places[1]);
    assert.equal(placeFor(places, params("level=2")), places[0]);
  });

  test("the first when every place is contradicted", () => {
    assert.equal(placeFor(places, params("material=glass")), places[0]);
    assert.equal(placeFor(places, params("material=wood&level=3")), places[0]);
  });
});
