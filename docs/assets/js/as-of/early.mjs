// @ts-check
// Scrollhammer Rules: a page opened as of a date (?as-of=…) holds its rules back until they
// show their words of then.
//
// A classic script, just before the article of each rulebook page (the build puts it there and
// preloads it in the head, bundled from this module: build_scripts/finish/classic), so it runs
// before any rule is painted. On a page opened with
// ?as-of= it marks the page; the stylesheet then keeps the article unpainted (it keeps its
// place: nothing else moves) until as-of/index.mjs has put in the banner, the calculators' notes
// and the words of then (when the theme says the page is ready, before the window's load),
// and takes the mark away. What is painted never moves (Lighthouse's layout shift 0). A page
// whose scripts failed shows today's rules at its load (and the stylesheet shows them after
// 10 s whatever happens). Without a value for ?as-of= it does nothing: it reads the address as
// every other part does (asOfValue), so an empty ?as-of= no longer hid the rules until then.
import { asOfValue } from "./when.mjs";

if (asOfValue(window.location.search)) {
  const root = document.documentElement;
  root.classList.add("sh-asof-wait");
  window.addEventListener("load", () => root.classList.remove("sh-asof-wait"), { once: true });
}
