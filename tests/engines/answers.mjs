// The cross-engine tests' way to the page's own calculator engine: a module the test adds
// to the page (never part of the site). A module script of the page resolves the engine in
// the page's module map, so it is the instance the page runs; a driver's own import() may
// not be (Firefox evaluates a second copy for a script run by Marionette).
const link = document.querySelector('link[rel=modulepreload][href$="calculators/engine.mjs"]');
window.__engine = await import(link.href);
