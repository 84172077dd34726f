// @ts-check
// Scrollhammer Rules: the theme's search, closed, holds no focus. Its results' scrolling box
// is a Tab stop, faded out but not gone while the search is closed: a Tab out of the search
// field closed the search and put the keyboard on that box, which no one sees. Closed, the
// results are inert; opened, they are not.
import { inertWhileClosed } from "./keyboard-reach.mjs";

/** Start: called once by main.mjs. */
export function start() {
  inertWhileClosed("__search", ".md-search__output");
}
