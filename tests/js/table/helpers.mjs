// Shared by the table model's tests (tests/js/test_table_model.py runs them with `node --test`
// against the spec the build makes from build_scripts/maps/table.toml, its path in TABLE_SPEC).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as feeds from "../../../docs/assets/js/table/feeds.mjs";
import * as link from "../../../docs/assets/js/table/link.mjs";
import * as model from "../../../docs/assets/js/table/model.mjs";
import * as steps from "../../../docs/assets/js/table/steps.mjs";
import * as summary from "../../../docs/assets/js/table/summary.mjs";

export const spec = JSON.parse(readFileSync(process.env.TABLE_SPEC || "", "utf-8"));

/** The model's modules as one namespace, as the tests call them. */
export const m = { ...model, ...steps, ...feeds, ...summary, ...link };

/** Unwrap an outcome that must have worked. */
export function ok(outcome) {
  assert.ok(!("error" in outcome), `expected a table, got: ${outcome.error}`);
  return outcome.table;
}

export function withChapel(kind = "stone-house") {
  return ok(m.addPiece(spec, m.emptyTable(), kind, "the chapel"));
}
