// @ts-check
// Scrollhammer Rules: handing a table over (Share, Copy link, QR code, Copy summary, New
// game) and taking one that was shared: read-only, with "Use this table".
import { qrCode } from "../show.mjs";
import { copyText, el, shareOrCopy, toast } from "../site.mjs";
import * as model from "./model.mjs";
import { draw, keep, tableLink, ui } from "./state.mjs";
import { saveOwn } from "./store.mjs";
import { summary } from "./summary.mjs";

/** @typedef {import("./model.mjs").Table} Table */

/**
 * The buttons that hand the table over: link, QR code, summary; and New game.
 * @param {Table} table
 * @param {boolean} readOnly
 */
export function handOver(table, readOnly) {
  const box = el("section", "sh-table__share");
  box.append(el("h3", "", readOnly ? "This shared table" : "Share it with your opponent"));
  const buttons = el("div", "sh-table__buttons");
  /**
   * @param {string} text
   * @param {() => void} action
   * @param {string} [className]
   */
  const button = (text, action, className = "md-button") => {
    const b = el("button", className, text);
    b.type = "button";
    b.addEventListener("click", action);
    buttons.append(b);
    return b;
  };
  const qr = el("div", "sh-table__qr");
  qr.hidden = true;
  // Each button hands over the table as it is when pressed (a draw keeps the first buttons).
  const now = () => (readOnly ? ui.shared : ui.own) || table;
  if (!readOnly) {
    button("Share", () => shareOrCopy({ title: "Our table", text: summary(ui.spec, now()), url: tableLink(now()) }));
    button("Copy link", () =>
      copyText(tableLink(now()), "Link to this table copied", `Could not copy; here it is: ${tableLink(now())}`),
    );
    const qrButton = button("QR code", async () => {
      const shown = qrButton.closest(".sh-table__share")?.querySelector(".sh-table__qr");
      if (!(shown instanceof HTMLElement)) return;
      if (!shown.hidden) {
        shown.hidden = true;
        return;
      }
      shown.replaceChildren(await qrCode(tableLink(now()), "QR code of this table's link"));
      shown.hidden = false;
    });
  }
  button("Copy summary", () => copyText(summary(ui.spec, now()), "Summary copied", "Could not copy the summary"));
  if (!readOnly) {
    button(
      "New game",
      () => {
        if (!window.confirm("Clear the table: every piece, what was agreed and what happened?")) return;
        ui.own = model.emptyTable();
        ui.notices.loaded = "";
        ui.notices.saving = saveOwn(ui.own, { replace: true });
        draw();
      },
      "md-button sh-table__new",
    );
  }
  box.append(buttons, qr);
  const text = el("pre", "sh-table__summary", summary(ui.spec, table));
  text.setAttribute("aria-label", "The table in plain text");
  box.append(text);
  if (!readOnly && table.pieces.length) box.append(sheetQr(tableLink(table)));
  return box;
}

/** @type {{link: string, code: Promise<SVGSVGElement> | null, svg: SVGSVGElement | null}} */
const printed = { link: "", code: null, svg: null };

/**
 * The game sheet's QR code of the table's link: printed only (rules.css), never on the
 * screen, where the QR code button shows it. Made once per link, after the table is drawn;
 * drawn with the table from then on.
 * @param {string} link
 */
function sheetQr(link) {
  const holder = el("div", "sh-table__sheet-qr");
  holder.setAttribute("aria-hidden", "true");
  const fill = (/** @type {Element} */ box, /** @type {SVGSVGElement} */ svg) =>
    box.replaceChildren(el("p", "", "Open this table:"), svg.cloneNode(true));
  if (printed.link === link && printed.svg) {
    fill(holder, printed.svg);
    return holder;
  }
  if (printed.link !== link || !printed.code) {
    printed.link = link;
    printed.svg = null;
    printed.code = qrCode(link, "QR code of this table's link");
  }
  const code = printed.code;
  // Filled once made, on the page as it is then (a draw keeps the holder first drawn).
  code.then(
    (svg) => {
      if (printed.code !== code) return;
      printed.svg = svg;
      for (const shown of new Set([holder, ...document.querySelectorAll(".sh-table__sheet-qr")])) fill(shown, svg);
    },
    () => {
      for (const shown of new Set([holder, ...document.querySelectorAll(".sh-table__sheet-qr")])) shown.remove();
    },
  );
  return holder;
}

/** Leave the shared table (the address goes back to the page without it). */
function closeShared() {
  ui.shared = null;
  history.replaceState(history.state, "", window.location.pathname + window.location.search);
}

/** The banner over a shared table. */
export function sharedBanner() {
  const banner = el("div", "sh-table__banner");
  banner.setAttribute("role", "region");
  banner.setAttribute("aria-label", "A shared table");
  banner.append(el("p", "", "This table was shared with you. It is shown read-only: your own table is unchanged."));
  const use = el("button", "md-button md-button--primary", "Use this table");
  use.type = "button";
  use.addEventListener("click", () => {
    if (!ui.shared) return;
    const mine = ui.own.pieces.length;
    if (mine && !window.confirm(`Replace your table (${mine} piece${mine === 1 ? "" : "s"}) with this one?`)) return;
    const next = ui.shared;
    closeShared();
    keep(next);
    toast("This is now your table");
    draw();
  });
  const back = el("button", "md-button", "Back to my table");
  back.type = "button";
  back.addEventListener("click", () => {
    closeShared();
    draw();
  });
  banner.append(use, back);
  return banner;
}
