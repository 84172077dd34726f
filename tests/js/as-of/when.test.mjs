// The rules as of a date: the pure part (docs/assets/js/as-of/when.mjs).
// Run by tests/js/test_as_of.py with `node --test`.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  asOfShapeProblem,
  asOfValue,
  isAsOfData,
  lastMade,
  localDay,
  readAsOf,
  thenVersion,
  versionAt,
} from "../../../docs/assets/js/as-of/when.mjs";

/** A synced book: its history from 2026-10-01, revisions 3 to 40. */
const synced = {
  since: "2026-10-01",
  revs: /** @type {[number, number]} */ ([3, 40]),
  rules: {
    tremor: [
      ["2026-10-01", 3, "aaaaaaaa"],
      ["2026-11-02", 17, "bbbbbbbb"],
      ["2026-11-02", 18, "cccccccc"],
      ["2026-12-01", 33, "dddddddd"],
    ],
    "lava-flows": [["2026-11-20", 25, "eeeeeeee"]],
  },
};
/** A book kept as copied exports: no revisions. */
const exports = { since: "2026-12-01", revs: null, rules: { tremor: [["2026-12-01", 0, "ffffffff"]] } };
const TODAY = "2026-12-05";

/** @param {string} raw @param {object} data */
function when(raw, data = synced) {
  const read = readAsOf(raw, /** @type {any} */ (data), TODAY);
  assert.ok("when" in read, `refused: ${"refused" in read ? read.refused : ""}`);
  return read.when;
}

/** @param {string} raw @param {object} data */
function refusal(raw, data = synced) {
  const read = readAsOf(raw, /** @type {any} */ (data), TODAY);
  assert.ok("refused" in read, `accepted ${raw}`);
  assert.match(read.refused, /The page shows today's rules\.$/);
  return read.refused;
}

describe("reading ?as-of=", () => {
  test("a date and a revision are read; a date's label is itself, a revision's names the wiki", () => {
    assert.deepEqual(when("2026-11-02"), { kind: "date", date: "2026-11-02", rev: 0, label: "2026-11-02" });
    assert.deepEqual(when("17"), { kind: "rev", date: "", rev: 17, label: "the wiki's revision 17" });
    assert.equal(when(TODAY).date, TODAY);
    assert.equal(when("2026-10-01").date, "2026-10-01"); // the first day of the history
    assert.equal(when("3").rev, 3);
    assert.equal(when("40").rev, 40);
  });

  test("what is neither is refused, naming what is asked for", () => {
    for (const bad of ["yesterday", "2026-11", "11/02/2026", "-3", "0", "1e3", "2026-1-02", "<b>"]) {
      assert.match(refusal(bad), /is neither a date \(like 2026-10-01\) nor a wiki revision number/);
    }
  });

  test("a day that is not in the calendar is refused", () => {
    assert.match(refusal("2026-02-30"), /“2026-02-30” is not a day of the calendar/);
    assert.match(refusal("2026-13-01"), /is not a day of the calendar/);
  });

  test("a date before the book's history, or still to come, is refused", () => {
    assert.match(refusal("2026-09-30"), /The book's history starts on 2026-10-01: it cannot show the rules as of 2026-09-30/);
    // A day of the years 0 to 99 is a day (JavaScript's Date.UTC reads them as 1900 to 1999).
    assert.match(refusal("0050-01-01"), /history starts on 2026-10-01: it cannot show the rules as of 0050-01-01/);
    assert.match(refusal("0000-02-29"), /history starts on 2026-10-01/, "the year 0 was a leap year");
    assert.match(refusal("0099-02-29"), /“0099-02-29” is not a day of the calendar/);
    assert.equal(asOfShapeProblem("0050-01-01", "2026-12-05"), "");
    assert.match(refusal("2026-12-06"), /2026-12-06 has not come yet/);
  });

  test("a revision outside the synced ones is refused, naming them", () => {
    assert.match(refusal("2"), /holds the wiki's revisions 3 to 40: revision 2 is not among them/);
    assert.match(refusal("41"), /revision 41 is not among them/);
  });

  test("a book kept as exports has no revisions: a number asks for a date", () => {
    assert.match(refusal("17", exports), /no wiki revisions to name: give a date \(like 2026-12-01\) instead/);
    assert.equal(when("2026-12-03", exports).date, "2026-12-03");
  });

  test("a long value is cut in the notice after 40 characters; one of 40 is shown whole", () => {
    assert.ok(refusal("x".repeat(500)).startsWith(`“${"x".repeat(40)}…” is neither`));
    assert.ok(refusal("x".repeat(40)).startsWith(`“${"x".repeat(40)}” is neither`));
  });

  test("a date must be the whole value, and a real day", () => {
    for (const bad of ["x2026-11-01", "2026-11-01x", "2026-11-011"]) {
      assert.match(refusal(bad), /is neither a date/, bad);
    }
    assert.match(refusal("2026-11-31"), /“2026-11-31” is not a day of the calendar/); // the month has 30
    assert.match(refusal("2025-02-29"), /is not a day of the calendar/); // not a leap year
    assert.equal(when("2026-11-30").date, "2026-11-30");
  });

  test("the shape of a value before the book is known (the table's link): a day not after today, or a number", () => {
    assert.equal(asOfShapeProblem("17", "2026-12-05"), "");
    assert.equal(asOfShapeProblem("2026-12-05", "2026-12-05"), "", "today has come");
    assert.equal(asOfShapeProblem("2026-12-06", "2026-12-05"), "2026-12-06 has not come yet");
    assert.equal(asOfShapeProblem("2026-02-30", "2026-12-05"), "2026-02-30 is not a day of the calendar");
    assert.equal(asOfShapeProblem("2026-12", "2026-12-05"), "must be a date (like 2026-11-01) or a wiki revision number");
  });

  test("a book with no history refuses every value", () => {
    assert.match(refusal("2026-12-01", { since: "", revs: null, rules: {} }), /no history of its words yet/);
  });
});

describe("the words then", () => {
  const steps = /** @type {[string, number, string][]} */ (synced.rules.tremor);

  test("by date: the last version made on or before the day (the day's last edit)", () => {
    assert.equal(versionAt(steps, when("2026-10-01"))?.[2], "aaaaaaaa");
    assert.equal(versionAt(steps, when("2026-11-01"))?.[2], "aaaaaaaa");
    assert.equal(versionAt(steps, when("2026-11-02"))?.[2], "cccccccc");
    assert.equal(versionAt(steps, when("2026-11-30"))?.[2], "cccccccc");
    assert.equal(versionAt(steps, when(TODAY))?.[2], "dddddddd");
  });

  test("by revision: the last version a revision up to it made", () => {
    assert.equal(versionAt(steps, when("16"))?.[2], "aaaaaaaa");
    assert.equal(versionAt(steps, when("17"))?.[2], "bbbbbbbb");
    assert.equal(versionAt(steps, when("18"))?.[2], "cccccccc");
    assert.equal(versionAt(steps, when("40"))?.[2], "dddddddd");
  });

  test("a rule that came later did not exist then", () => {
    const lava = /** @type {[string, number, string][]} */ (synced.rules["lava-flows"]);
    assert.equal(versionAt(lava, when("2026-11-19")), null);
    assert.equal(versionAt(lava, when("24")), null);
    assert.equal(versionAt(lava, when("25"))?.[2], "eeeeeeee");
  });

  test("words a build saw before the sync count as before every revision", () => {
    const mixed = /** @type {[string, number, string][]} */ ([
      ["2026-10-01", 0, "aaaaaaaa"],
      ["2026-11-02", 17, "bbbbbbbb"],
    ]);
    assert.equal(versionAt(mixed, when("3"))?.[2], "aaaaaaaa");
    assert.equal(versionAt(mixed, when("17"))?.[2], "bbbbbbbb");
  });

  test("the page's words then were last made by the newest of them", () => {
    assert.deepEqual(
      lastMade([
        ["2026-11-02", 17, "b"],
        null,
        ["2026-11-02", 18, "c"],
        ["2026-10-01", 3, "a"],
      ]),
      ["2026-11-02", 18, "c"],
    );
    assert.equal(lastMade([null]), null);
    // the same day: the later revision, whichever comes first; a later day beats a higher revision
    assert.deepEqual(lastMade([["2026-11-02", 18, "c"], ["2026-11-02", 17, "b"]]), ["2026-11-02", 18, "c"]);
    assert.deepEqual(lastMade([["2026-11-03", 5, "d"], ["2026-11-02", 18, "c"]]), ["2026-11-03", 5, "d"]);
    assert.deepEqual(lastMade([["2026-11-02", 18, "c"], ["2026-11-03", 5, "d"]]), ["2026-11-03", 5, "d"]);
    assert.deepEqual(lastMade([["2026-11-02", 17, "b"], ["2026-11-02", 17, "b2"]]), ["2026-11-02", 17, "b"]);
  });

  test("a link's version: the words then, or none without a valid ?as-of=", () => {
    assert.equal(thenVersion("tremor", synced, "?as-of=17", TODAY)?.[2], "bbbbbbbb");
    assert.equal(thenVersion("tremor", synced, "?v=abcdef12&as-of=2026-11-01", TODAY)?.[2], "aaaaaaaa");
    assert.equal(thenVersion("tremor", synced, "", TODAY), null);
    assert.equal(thenVersion("tremor", synced, "?as-of=2", TODAY), null); // refused
    assert.equal(thenVersion("lava-flows", synced, "?as-of=17", TODAY), null); // not then
    assert.equal(thenVersion("tremor", { nonsense: true }, "?as-of=17", TODAY), null);
  });
});

describe("the page's data and the reader's day", () => {
  test("only the data a build writes is read", () => {
    assert.equal(isAsOfData(synced), true);
    assert.equal(isAsOfData(exports), true);
    assert.equal(isAsOfData(undefined), false);
    assert.equal(isAsOfData({ since: "2026-10-01", revs: [3], rules: {} }), false);
    assert.equal(isAsOfData({ since: 5, revs: null, rules: {} }), false);
    assert.equal(isAsOfData(null), false);
    assert.equal(isAsOfData("2026-10-01"), false);
    assert.equal(isAsOfData({ since: "2026-10-01", revs: [3, "40"], rules: {} }), false);
    assert.equal(isAsOfData({ since: "2026-10-01", revs: null }), false);
    assert.equal(isAsOfData({ since: "2026-10-01", revs: null, rules: "tremor" }), false);
  });

  test("the value is read from the query, trimmed; absent is empty", () => {
    assert.equal(asOfValue("?as-of=%202026-11-01%20"), "2026-11-01");
    assert.equal(asOfValue("?v=12345678"), "");
    assert.equal(asOfValue("?as-of="), "");
  });

  test("the reader's day is their own calendar's", () => {
    assert.equal(localDay(new Date(2026, 0, 9, 23, 59)), "2026-01-09");
  });
});
