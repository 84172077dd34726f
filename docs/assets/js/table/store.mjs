// @ts-check
// Scrollhammer Rules: the player's own table on this device (localStorage), kept in the
// link format (model.mjs encode/decode), so a new build reads it the way it reads a link.
// When the device will not keep it (storage off, full), the table lives for this visit
// and the page says so; a stored table this build cannot read is never overwritten
// unasked.
import { decode, encode } from "./link.mjs";
import { emptyTable } from "./model.mjs";

/** @typedef {import("./model.mjs").Spec} Spec */
/** @typedef {import("./model.mjs").Table} Table */

const KEY = "scrollhammer-table";
/** @type {Table | null} this visit's table, when the device does not keep it */
let memory = null;
/** The stored text could not be read: keep it until the player starts anew. */
let unreadable = false;

/**
 * The player's table, and a notice when something is wrong with keeping it.
 * @param {Spec} spec
 * @returns {{table: Table, notice: string}}
 */
export function loadOwn(spec) {
  if (memory) return { table: memory, notice: "" };
  let text = null;
  try {
    text = window.localStorage.getItem(KEY);
  } catch {
    return {
      table: emptyTable(),
      notice: "This browser does not let the site keep the table: it lasts for this visit.",
    };
  }
  if (!text) return { table: emptyTable(), notice: "" };
  const read = decode(spec, text);
  if ("error" in read) {
    unreadable = true;
    return {
      table: emptyTable(),
      notice: `The table kept on this device could not be read (${read.error}). It is left as it was; "New game" replaces it.`,
    };
  }
  return { table: read.table, notice: "" };
}

/**
 * Keep the table on the device; "" when kept, else what went wrong (it is kept for this visit).
 * @param {Table} table
 * @param {{replace?: boolean}} [options] replace a stored table this build could not read
 */
export function saveOwn(table, options = {}) {
  memory = table;
  if (unreadable && !options.replace) return "Not saved on this device: the table kept there could not be read.";
  try {
    window.localStorage.setItem(KEY, encode(table));
    unreadable = false;
    memory = null;
    return "";
  } catch (error) {
    const full = error instanceof DOMException && error.name === "QuotaExceededError";
    return full
      ? "This device's storage is full: the table is kept for this visit only."
      : "This browser does not let the site keep the table: it lasts for this visit.";
  }
}
