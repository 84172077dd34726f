// Globals the page scripts use that no module declares.

/** Material for MkDocs' observable of each new page (instant navigation). */
declare const document$: { subscribe(fn: () => void): unknown };

/** The site's Back guard (assets/js/back-guard.js, first in every page's head). */
interface Window {
  scrollhammerBack?: {
    /** Let `handler` answer the next popstate events before Material's instant navigation sees them. */
    claim(handler: (event: PopStateEvent) => boolean): void;
    /** Stop answering them. */
    release(): void;
  };
  /** Material's search worker, started late (assets/js/search-later.js, before Material's bundle). */
  scrollhammerSearch?: {
    /** Start the search worker now (it builds the index), if it has not started. */
    start(): void;
    readonly started: boolean;
  };
}
