// Scrollhammer Rules: the in-page calculators.
//
// One generic binder for every calculator form the build generated from a calculator's
// input declaration. The maths runs in Python (Pyodide) in one module worker, started
// once per visit and kept across Material's instant navigation. Values go to Python as
// JSON data; answers come back as JSON and are shown with textContent only.
"use strict";

(function () {
  const SCRIPT_BASE = new URL(".", document.currentScript ? document.currentScript.src : window.location.href);
  const SITE_ROOT = new URL("../", SCRIPT_BASE);
  const DEBOUNCE_MS = 150;

  // ------------------------------------------------------------------ the engine
  const engine = {
    worker: null,
    state: "idle", // idle | loading | ready | failed
    failure: "",
    starts: 0,
    nextId: 1,
    pending: new Map(),
    listeners: new Set(),
  };
  // Tests and the benchmark read how often Python was started.
  window.scrollhammerCalculators = {
    get starts() { return engine.starts; },
    get state() { return engine.state; },
  };

  function notify() {
    for (const listener of engine.listeners) listener();
  }

  function startEngine() {
    if (engine.worker || engine.state === "failed") return;
    engine.state = "loading";
    engine.starts += 1;
    notify();
    try {
      engine.worker = new Worker(new URL("calculator-worker.mjs", SCRIPT_BASE), { type: "module" });
    } catch (error) {
      fail(String((error && error.message) || error));
      return;
    }
    engine.worker.addEventListener("message", (event) => {
      const data = event.data || {};
      if (data.type === "ready") {
        engine.state = "ready";
        notify();
        return;
      }
      if (data.type === "failed") {
        fail(data.message);
        return;
      }
      const waiter = engine.pending.get(data.id);
      if (!waiter) return;
      engine.pending.delete(data.id);
      if (data.failed) waiter.reject(new Error(data.failed));
      else waiter.resolve(data.answer);
    });
    engine.worker.addEventListener("error", (event) => {
      event.preventDefault();
      fail(event.message || "the worker could not start");
    });
  }

  function fail(message) {
    engine.state = "failed";
    engine.failure = message || "unknown error";
    document.dispatchEvent(new CustomEvent("sh-calc:failed"));
    for (const waiter of engine.pending.values()) waiter.reject(new Error(engine.failure));
    engine.pending.clear();
    notify();
  }

  function ask(message) {
    startEngine();
    if (engine.state === "failed") return Promise.reject(new Error(engine.failure));
    const id = engine.nextId++;
    return new Promise((resolve, reject) => {
      engine.pending.set(id, { resolve, reject });
      engine.worker.postMessage({ id, ...message });
    });
  }

  // ------------------------------------------------------------------ DOM helpers
  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function ruleHref(pageAndId) {
    const [page, id] = String(pageAndId).split("#");
    const url = new URL(page + "/", SITE_ROOT);
    url.hash = id || "";
    return url.href;
  }

  function values(section) {
    const out = {};
    for (const field of section.querySelectorAll("form [name]")) out[field.name] = field.value;
    return out;
  }

  function setValue(section, name, raw) {
    const field = section.querySelector(`form [name="${CSS.escape(name)}"]`);
    if (!field) return false;
    if (field.tagName === "SELECT" && ![...field.options].some((o) => o.value === raw)) {
      const option = el("option", "", raw === "" ? "(empty)" : raw);
      option.value = raw;
      option.dataset.fromUrl = "";
      field.append(option);
    }
    field.value = raw;
    return true;
  }

  // ------------------------------------------------------------------ rendering
  function showStatus(section) {
    const status = section.querySelector(".sh-calc__status-text");
    const box = section.querySelector(".sh-calc__status");
    let bar = box.querySelector("progress");
    if (engine.state === "loading") {
      status.textContent = "Starting the calculator (first visit only)… you can fill in the form meanwhile.";
      if (!bar) {
        bar = el("progress", "sh-calc__progress");
        bar.setAttribute("aria-label", "Starting the calculator");
        box.prepend(bar);
      }
    } else {
      if (bar) bar.remove();
      if (engine.state === "failed") {
        status.textContent = "The calculator could not start (" + engine.failure + "). The rules on this page are not affected.";
        box.classList.add("sh-calc__status--failed");
      } else if (engine.state === "ready") {
        status.textContent = section.dataset.computing ? "Calculating…" : "";
      }
    }
    box.hidden = !status.textContent && !bar;
  }

  function clearErrors(section) {
    for (const box of section.querySelectorAll(".sh-calc__error")) {
      box.hidden = true;
      box.textContent = "";
    }
    for (const field of section.querySelectorAll("[aria-invalid]")) field.removeAttribute("aria-invalid");
  }

  function showErrors(section, errors) {
    clearErrors(section);
    const formError = section.querySelector(".sh-calc__error--form");
    const general = [];
    for (const [name, message] of Object.entries(errors)) {
      const field = name ? section.querySelector(`form [name="${CSS.escape(name)}"]`) : null;
      const box = field && field.type !== "hidden" ? section.querySelector(`#${CSS.escape(field.id)}-error`) : null;
      if (box) {
        box.textContent = message;
        box.hidden = false;
        field.setAttribute("aria-invalid", "true");
      } else {
        general.push(message);
      }
    }
    if (general.length) {
      formError.textContent = general.join(" ");
      formError.hidden = false;
    }
    const result = section.querySelector(".sh-calc__result");
    result.hidden = true;
    result.replaceChildren();
    result.removeAttribute("data-result");
    section.querySelector(".sh-calc__roll").hidden = true;
    const status = section.querySelector(".sh-calc__status-text");
    const count = Object.keys(errors).length;
    status.textContent = count === 1 ? "One value needs fixing: " + Object.values(errors)[0] : count + " values need fixing.";
    section.querySelector(".sh-calc__status").hidden = false;
  }

  function table(spec) {
    const wrap = el("div", "sh-calc__table-wrap");
    wrap.setAttribute("role", "region");
    wrap.setAttribute("aria-label", spec.caption);
    wrap.tabIndex = 0;
    const t = el("table", "sh-calc__table");
    t.append(el("caption", "", spec.caption));
    const head = el("tr");
    for (const column of spec.columns) {
      const th = el("th", "", column);
      th.scope = "col";
      head.append(th);
    }
    const thead = el("thead");
    thead.append(head);
    const tbody = el("tbody");
    for (const row of spec.rows) {
      const tr = el("tr");
      row.forEach((cell, i) => {
        const td = el(i === 0 ? "th" : "td", "", cell);
        if (i === 0) td.scope = "row";
        tr.append(td);
      });
      tbody.append(tr);
    }
    t.append(thead, tbody);
    wrap.append(t);
    return wrap;
  }

  function bars(spec) {
    const figure = el("figure", "sh-calc__bars");
    figure.append(el("figcaption", "", spec.caption));
    const list = el("ul", "sh-calc__bar-list");
    for (const item of spec.items) {
      const li = el("li", "sh-calc__bar-row");
      li.append(el("span", "sh-calc__bar-label", item.label));
      const track = el("span", "sh-calc__bar-track");
      const fill = el("span", "sh-calc__bar-fill");
      fill.style.width = Math.max(0, Math.min(100, item.share * 100)).toFixed(1) + "%";
      track.append(fill);
      li.append(track, el("span", "sh-calc__bar-value", item.text));
      li.setAttribute("aria-label", item.label + ": " + item.text + " (" + item.fraction + ")");
      list.append(li);
    }
    figure.append(list);
    return figure;
  }

  function showResult(section, answer) {
    clearErrors(section);
    const result = section.querySelector(".sh-calc__result");
    const nodes = [];
    const summary = el("dl", "sh-calc__summary");
    for (const figure of answer.view.summary) {
      const dt = el("dt");
      if (figure.rule) {
        const a = el("a", "", figure.label);
        a.href = ruleHref(figure.rule);
        dt.append(a);
      } else {
        dt.textContent = figure.label;
      }
      const dd = el("dd");
      dd.append(el("strong", "", figure.percent || figure.fraction));
      if (figure.percent) dd.append(" ", el("span", "sh-calc__fraction", figure.fraction));
      summary.append(dt, dd);
    }
    nodes.push(summary);
    if (answer.view.bars && answer.view.bars.items.length) nodes.push(bars(answer.view.bars));
    for (const spec of answer.view.tables) nodes.push(table(spec));
    const working = el("details", "sh-calc__working");
    working.append(el("summary", "", "Working, rule by rule"));
    const steps = el("ol");
    for (const step of answer.result.working) {
      const li = el("li", "", step.text + " ");
      const a = el("a", "", "Rule");
      a.href = ruleHref(step.rule_id);
      a.setAttribute("aria-label", "The rule: " + step.rule_id.split("#")[1]);
      li.append(a);
      steps.append(li);
    }
    working.append(steps);
    nodes.push(working);
    result.replaceChildren(...nodes);
    result.dataset.result = JSON.stringify(answer.result);
    result.hidden = false;
  }

  // ------------------------------------------------------------------ actions
  async function compute(section) {
    const ticket = (Number(section.dataset.ticket) || 0) + 1;
    section.dataset.ticket = String(ticket);
    section.dataset.computing = "1";
    showStatus(section);
    let answer;
    try {
      answer = await ask({ op: "run", name: section.dataset.calc, inputs: values(section) });
    } catch {
      delete section.dataset.computing;
      showStatus(section);
      return;
    }
    if (String(ticket) !== section.dataset.ticket) return; // a newer input won
    delete section.dataset.computing;
    if (answer.errors) showErrors(section, answer.errors);
    else {
      showResult(section, answer);
      showStatus(section);
    }
    section.dispatchEvent(new CustomEvent("sh-calc:answered", { bubbles: true }));
  }

  function d6Faces(count) {
    // Unbiased d6 faces from the browser's crypto RNG (rejection sampling).
    const faces = [];
    const limit = Math.floor(0x100000000 / 6) * 6;
    const buffer = new Uint32Array(count * 2);
    while (faces.length < count) {
      crypto.getRandomValues(buffer);
      for (const value of buffer) {
        if (value < limit && faces.length < count) faces.push((value % 6) + 1);
      }
    }
    return faces;
  }

  async function roll(section) {
    const box = section.querySelector(".sh-calc__roll");
    let answer;
    try {
      answer = await ask({ op: "roll", name: section.dataset.calc, inputs: values(section), faces: d6Faces(600) });
    } catch (error) {
      box.replaceChildren(el("p", "", "The dice could not be rolled: " + error.message));
      box.hidden = false;
      return;
    }
    if (answer.errors) {
      showErrors(section, answer.errors);
      return;
    }
    const list = el("ol", "sh-calc__roll-lines");
    for (const line of answer.lines) list.append(el("li", "", line));
    box.replaceChildren(el("p", "sh-calc__roll-title", "Rolled with real dice:"), list);
    box.hidden = false;
  }

  function shareUrl(section) {
    const url = new URL(window.location.href);
    url.search = "";
    url.searchParams.set("calc", section.dataset.calc);
    for (const [name, value] of Object.entries(values(section))) url.searchParams.set(name, value);
    url.hash = section.dataset.rule;
    return url.href;
  }

  function copy(text, message) {
    // rules.js (loaded first on every page) owns copying and its confirmation.
    window.scrollhammerShare.copy(text, message, "Could not copy; here it is: " + text);
  }

  // ------------------------------------------------------------------ binding
  function bind(section) {
    if (section.dataset.bound) return;
    section.dataset.bound = "1";
    let timer = 0;
    const form = section.querySelector("form");
    const later = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => compute(section), DEBOUNCE_MS);
    };
    form.addEventListener("input", later);
    form.addEventListener("change", later);
    form.addEventListener("submit", (event) => { event.preventDefault(); compute(section); });
    section.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-action]");
      if (!button) return;
      const action = button.dataset.action;
      if (action === "roll") roll(section);
      else if (action === "copy-link") copy(shareUrl(section), "Link to this calculation copied");
      else if (action === "copy-json") {
        const result = section.querySelector(".sh-calc__result").dataset.result;
        if (result) copy(JSON.stringify(JSON.parse(result), null, 2), "Result copied as JSON");
      }
    });
    const listener = () => showStatus(section);
    engine.listeners.add(listener);
    showStatus(section);
  }

  // Which calculator a shared URL means: same name, then matching fixed inputs, then the
  // rule in the fragment.
  function sharedTarget(sections, params) {
    const name = params.get("calc");
    const candidates = sections.filter((s) => s.dataset.calc === name);
    const fixedMatch = candidates.filter((s) =>
      [...s.querySelectorAll("form input[type=hidden]")].every((f) => !params.has(f.name) || params.get(f.name) === f.value));
    const pool = fixedMatch.length ? fixedMatch : candidates;
    const hash = decodeURIComponent(window.location.hash.slice(1));
    return pool.find((s) => s.dataset.rule === hash) || pool[0] || null;
  }

  function applyUrl(section, params) {
    for (const [name, raw] of params) {
      if (name === "calc") continue;
      const field = section.querySelector(`form [name="${CSS.escape(name)}"]`);
      if (field && field.type === "hidden") continue; // fixed by the place
      if (!setValue(section, name, raw)) {
        // Not a field of this calculator: Python says so, by name.
        const extra = el("input");
        extra.type = "hidden";
        extra.name = name;
        extra.value = raw;
        extra.dataset.fromUrl = "";
        section.querySelector("form").append(extra);
      }
    }
  }

  function whenIdle(fn) {
    if ("requestIdleCallback" in window) window.requestIdleCallback(fn, { timeout: 500 });
    else window.setTimeout(fn, 200);
  }

  let shownSearch = null;

  // Once a shared calculation has its answer, show it: the form above is as the link set it.
  function showAnswerWhenReady(section) {
    section.addEventListener("sh-calc:answered", () => {
      (section.querySelector(".sh-calc__result:not([hidden])") || section).scrollIntoView({ block: "start" });
    }, { once: true });
  }

  function onPage() {
    const sections = [...document.querySelectorAll("section.sh-calc")];
    shownSearch = window.location.search;
    if (!sections.length) return;
    sections.forEach(bind);
    const params = new URLSearchParams(window.location.search);
    const shared = params.has("calc") ? sharedTarget(sections, params) : null;
    if (shared) applyUrl(shared, params);
    const run = () => {
      if (shared) showAnswerWhenReady(shared);
      for (const section of sections) compute(section);
    };
    if (engine.state === "ready") run();
    else whenIdle(() => { startEngine(); run(); });
  }

  // A link to a calculation on this same page (?calc=…) is applied in place: the page,
  // its worker and its answers stay; the address changes so Back returns to the last one.
  // (Material's instant navigation does not reload a page for a new query string.)
  function onLocation(url) {
    if (shownSearch === null || url.search === shownSearch || url.pathname !== window.location.pathname) return;
    shownSearch = url.search;
    const sections = [...document.querySelectorAll("section.sh-calc")];
    const params = new URLSearchParams(url.search);
    const shared = params.has("calc") ? sharedTarget(sections, params) : null;
    if (!shared) return;
    for (const extra of shared.querySelectorAll("[data-from-url]")) extra.remove();
    shared.querySelector("form").reset(); // inputs the link does not name take their defaults
    applyUrl(shared, params);
    showAnswerWhenReady(shared);
    compute(shared);
  }

  if (typeof document$ !== "undefined") document$.subscribe(onPage);
  else document.addEventListener("DOMContentLoaded", onPage);
  document.addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!link || link.target || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const url = new URL(link.href, window.location.href);
      const here = window.location;
      if (url.origin !== here.origin || url.pathname !== here.pathname || !url.searchParams.has("calc")) return;
      if (!document.querySelector("section.sh-calc")) return;
      event.preventDefault();
      event.stopPropagation(); // before Material's handler on <body> sees it
      history.pushState(null, "", url.href);
      onLocation(url);
    },
    true,
  );
  window.addEventListener("popstate", () => onLocation(new URL(window.location.href)));
})();
