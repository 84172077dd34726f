// Scrollhammer Rules: deep links to single rules.
//
// - Tapping a rule's "#" control copies the rule's full URL and confirms it.
// - Arriving on a link (or following one in the page) highlights that rule and keeps it
//   below the sticky header.
// - A fragment that an older build published but the rule has since moved from is sent
//   to the rule's new id (the page carries the map from the anchors lock).
// Runs on every page, including after instant navigation (Material's document$).
"use strict";

(function () {
  const TARGET_CLASS = "rule--target";
  let toastTimer = 0;

  function ruleUrl(id) {
    const url = new URL(window.location.href);
    url.search = "";
    url.hash = id;
    return url.href;
  }

  function toast(message) {
    let box = document.querySelector(".sh-toast");
    if (!box) {
      box = document.createElement("div");
      box.className = "sh-toast";
      box.setAttribute("role", "status");
      box.setAttribute("aria-live", "polite");
      document.body.append(box);
    }
    box.textContent = message;
    box.hidden = false;
    window.clearTimeout(toastTimer);
    toastTimer = window.setTimeout(() => { box.hidden = true; }, 2500);
  }

  // Copy text and confirm it; when the clipboard is not available, say so and show the
  // text. Shared with the calculators' "Copy link" and "Copy as JSON".
  async function copy(text, copiedMessage, fallbackMessage) {
    let copied = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(text);
        copied = true;
      }
    } catch {
      copied = false;
    }
    toast(copied ? copiedMessage : fallbackMessage);
    return copied;
  }
  window.scrollhammerShare = { copy };

  function highlight(id) {
    for (const old of document.querySelectorAll("." + TARGET_CLASS)) {
      old.classList.remove(TARGET_CLASS);
    }
    if (!id) return null;
    const el = document.getElementById(id);
    if (!el) return null;
    el.classList.add(TARGET_CLASS);
    return el;
  }

  function aliases() {
    const data = document.getElementById("anchor-aliases");
    if (!data) return {};
    try {
      return JSON.parse(data.textContent || "{}");
    } catch {
      return {};
    }
  }

  function currentId() {
    try {
      return decodeURIComponent(window.location.hash.slice(1));
    } catch {
      return "";
    }
  }

  // Follow a moved rule's old id to its new place; returns true when navigating away.
  function followAlias(id) {
    if (!id || document.getElementById(id)) return false;
    const target = aliases()[id];
    if (typeof target !== "string") return false;
    const url = new URL(target, window.location.href);
    if (url.origin !== window.location.origin) return false;
    if (url.pathname === window.location.pathname) {
      history.replaceState(history.state, "", url.hash);
      return false;
    }
    window.location.replace(url.href);
    return true;
  }

  // Scroll the rule into view, and put it back in view during the next moments unless the
  // player scrolls: after instant navigation from a search result on a phone, Material
  // unlocks the page (its search overlay locked the body) and restores an older offset
  // once the new page's scripts have loaded, which can land after this page showed.
  function bringIntoView(el) {
    let touched = false;
    const stop = () => { touched = true; };
    const outOfView = () => {
      const top = el.getBoundingClientRect().top;
      return top < 0 || top > window.innerHeight / 2;
    };
    const scroll = () => {
      if (!touched && outOfView()) el.scrollIntoView({ block: "start" });
    };
    for (const type of ["touchstart", "wheel", "keydown"]) {
      window.addEventListener(type, stop, { once: true, passive: true });
    }
    window.requestAnimationFrame(scroll);
    for (const delay of [150, 400, 800, 1500]) window.setTimeout(scroll, delay);
  }

  function arrive() {
    if (followAlias(currentId())) return;
    const el = highlight(currentId());
    if (el) bringIntoView(el);
  }

  async function onLinkTap(event) {
    const link = event.target.closest("a.rule-link, a.headerlink");
    if (!link) return;
    event.preventDefault();
    // Material's instant navigation may rewrite hrefs to absolute URLs: read the fragment.
    const id = decodeURIComponent(new URL(link.href, window.location.href).hash.slice(1));
    const url = ruleUrl(id);
    history.replaceState(history.state, "", "#" + encodeURIComponent(id));
    highlight(id);
    await copy(url, "Link copied: " + url, "Link ready in the address bar: " + url);
  }

  document.addEventListener("click", onLinkTap);
  window.addEventListener("hashchange", arrive);

  if (typeof document$ !== "undefined") {
    document$.subscribe(arrive);
  } else {
    document.addEventListener("DOMContentLoaded", arrive);
  }
})();
