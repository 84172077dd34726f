// Test-only (never part of the site): make the calculators' Python worker fail as a phone's
// can. Read from sessionStorage "worker-trouble" (JSON), so it holds across the tab's pages:
//   limits  the engine's time limits for the test (window.scrollhammerLimits, ms)
//   kind    "end-at-start": the worker is ended while it starts (it dies: an error event);
//           "silent-end-at-start": ended while it starts with no event (only the limit sees it);
//           "end-at-answer": ended as a calculation is sent to it;
//           "never-answer": it starts, and never answers a calculation;
//           "slow-snapshot": it starts from the files (so the page asks it for a snapshot),
//           and once it has taken the snapshot, nothing it says reaches the page for `hold`
//           ms: what the page sees of a worker whose thread a slow snapshot holds
//   times   how many workers in a row have the trouble (those after them are sound)
//   after   for the ends at a start: ms after the worker is made
//   hold    for the slow snapshot: ms its worker is held once it has taken the snapshot
//   sound   limits for the workers after the troubled ones, from the first of them on (a
//           restart from the files is slower than the silent start the test makes the engine
//           wait for; a worker that never answers is given a short answer limit, a sound one a
//           long one)
// What happened is kept in window.__trouble: each worker's start message, how it ended, and
// how many snapshots held their worker (held: counted when the hold starts) and how many of
// those the worker has answered (snapshotsDone: its reply heard, by the page or not).
(() => {
  let plan = null;
  try {
    plan = JSON.parse(sessionStorage.getItem("worker-trouble") || "null");
  } catch {
    plan = null;
  }
  if (!plan) return;
  window.scrollhammerLimits = plan.limits || {};
  const seen = { workers: 0, starts: [], ended: [], held: 0, snapshotsDone: 0 };
  window.__trouble = seen;
  let left = plan.times ?? 1;
  const RealWorker = window.Worker;
  window.Worker = class extends RealWorker {
    constructor(url, options) {
      super(url, options);
      this.trouble = "";
      this.snapshotId = -1;
      this.holding = null;
      if (!/calculators\/worker\.mjs/.test(String(url))) return;
      seen.workers += 1;
      if (left <= 0) {
        if (plan.sound) Object.assign(window.scrollhammerLimits, plan.sound);
        return;
      }
      left -= 1;
      this.trouble = plan.kind;
      if (plan.kind === "end-at-start") setTimeout(() => this.end(true), plan.after || 0);
      if (plan.kind === "silent-end-at-start") setTimeout(() => this.end(false), plan.after || 0);
    }
    end(loud) {
      seen.ended.push(this.trouble);
      // The event first: WebKit drops what is dispatched on a worker already terminated.
      if (loud) this.dispatchEvent(new ErrorEvent("error", { message: "ended by the test" }));
      this.terminate();
    }
    addEventListener(type, listener, options) {
      if (type !== "message" || this.trouble !== "slow-snapshot") return super.addEventListener(type, listener, options);
      return super.addEventListener(type, (event) => this.heard(event, listener), options);
    }
    heard(event, listener) {
      if (this.holding) {
        this.holding.push(() => this.heard(event, listener));
        return;
      }
      listener.call(this, event);
      const reply = event.data;
      if (reply && reply.type !== "taken" && reply.id === this.snapshotId) seen.snapshotsDone += 1;
      if (reply && reply.type === "taken" && reply.id === this.snapshotId) {
        seen.held += 1;
        this.holding = [];
        setTimeout(() => {
          const held = this.holding;
          this.holding = null;
          for (const deliver of held) deliver();
        }, plan.hold || 0);
      }
    }
    postMessage(message, ...rest) {
      if (message && message.type === "start" && this.trouble === "slow-snapshot") message = { ...message, snapshot: false };
      if (message && message.type === "snapshot") this.snapshotId = message.id;
      if (message && message.type === "start") seen.starts.push({ snapshot: message.snapshot });
      const calculation = message && (message.type === "compute" || message.type === "play");
      if (calculation && this.trouble === "never-answer") return;
      super.postMessage(message, ...rest);
      if (calculation && this.trouble === "end-at-answer") this.end(true);
    }
  };
})();
