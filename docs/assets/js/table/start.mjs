// @ts-check
// Scrollhammer Rules: the table's scripts, loaded only where they are used: the table page
// (its root element) and the pages whose calculators the table fills in (the build puts
// the table's data there). Other pages never download them.
import { onEveryPage } from "../site.mjs";

function onPage() {
  if (document.querySelector("[data-table-root]")) {
    import("./page.mjs").then((m) => m.onPage());
  } else if (document.getElementById("table-spec")) {
    import("./calculators.mjs").then((m) => m.onPage());
  }
}

/** Start: called once by main.mjs. */
export function start() {
  onEveryPage(onPage);
}
