// @ts-check
// Scrollhammer Rules: a rule card sends its reader on to the rule in its page at once,
// replacing the card in the history (Back goes where they came from), with the version
// the link was shared at (?v=…), so the page can say if the words changed since. A card
// whose rule is gone stays: it shows the rule's last words and where they went.
// A classic script in the card's <head> (it runs before the card is even drawn).
(() => {
  const root = document.documentElement;
  if (root.dataset.status === "gone" || !root.dataset.target) return;
  const target = new URL(root.dataset.target, window.location.href);
  if (target.origin !== window.location.origin) return;
  const version = new URLSearchParams(window.location.search).get("v");
  if (version && /^[0-9a-f]{8}$/.test(version)) target.search = `?v=${version}`;
  window.location.replace(target.href);
})();
