// @ts-check
// Scrollhammer Rules: the page first opened as of a date shows its words of then before it is painted.
//
// The build bundles this module into a classic script, as-of/first.js (esbuild, an IIFE: a
// classic script runs where it stands and blocks the first paint; a module would wait for the
// theme's bundle and the page's modules), and puts it right after each rulebook page's
// article, where the article and its rules' versions are already parsed. as-of/early.js, before
// the article, has kept it unpainted until now. Without ?as-of= it does nothing.

import { showRulesAsOf } from "./page.mjs";
import { asOfValue } from "./when.mjs";

if (asOfValue(window.location.search)) showRulesAsOf();
