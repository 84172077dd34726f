// Globals the page scripts use that no module declares.

/** Material for MkDocs' observable of each new page (instant navigation). */
declare const document$: { subscribe(fn: () => void): unknown };
