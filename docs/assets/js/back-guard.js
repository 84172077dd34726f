// @ts-check
// Scrollhammer Rules: the Back guard, first in every page's <head> (a classic script, so
// its popstate listener is on window before Material's instant navigation adds its own).
// An overlay that owns a history entry (Show) claims Back: while claimed, its handler sees
// each popstate first, and one it answers (returns true) never reaches Material, which
// would otherwise load the page again and lose what the player had entered.
(() => {
  /** @type {((event: PopStateEvent) => boolean) | null} */
  let owner = null;
  window.addEventListener("popstate", (event) => {
    if (owner?.(event)) event.stopImmediatePropagation();
  });
  window.scrollhammerBack = {
    claim(handler) {
      owner = handler;
    },
    release() {
      owner = null;
    },
  };
})();
