// Lighthouse's accessibility audit of each URL given, in one Chromium (Debian's).
// Usage: CHROME_PATH=… CHROME_FLAGS='[…]' node tests/browser/lighthouse_a11y.mjs URL... ;
// prints {results: [{url, score, failed: [...]}], crashes: [{url, log}]} as JSON.
//
// A tab that crashes (Lighthouse's TARGET_CRASHED; seen once in CI under a loaded host, never
// here) is no finding about the page's accessibility: its URL is audited again in a fresh
// Chromium, once, and the crash is reported with the tail of Chromium's own log. A second
// crash of the same URL fails the run.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const urls = process.argv.slice(2);
// The Chromium and its flags are the browser tests' own (tests/support.py), handed over.
const { CHROME_PATH, CHROME_FLAGS } = process.env;
if (!CHROME_PATH || !CHROME_FLAGS) {
  console.error("set CHROME_PATH and CHROME_FLAGS (a JSON list), as test_trust.py does");
  process.exit(2);
}

/** A Chromium on a profile of our own, so its log can be read after a crash. */
async function launch() {
  const userDataDir = mkdtempSync(join(tmpdir(), "lighthouse-a11y-"));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ["--headless=new", ...JSON.parse(CHROME_FLAGS)],
    userDataDir,
  });
  return { ...chrome, userDataDir };
}

async function close(chrome) {
  await chrome.kill();
  rmSync(chrome.userDataDir, { recursive: true, force: true });
}

/** The last lines Chromium wrote to its stderr (chrome-launcher keeps them in the profile). */
function logTail(chrome) {
  try {
    return readFileSync(`${chrome.userDataDir}/chrome-err.log`, "utf8").split("\n").slice(-30).join("\n");
  } catch (error) {
    return `(no log: ${error.message})`;
  }
}

async function audit(url, chrome) {
  const { lhr } = await lighthouse(url, {
    port: chrome.port,
    onlyCategories: ["accessibility"],
    logLevel: "error",
    output: "json",
  });
  const failed = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
    .map((audit) => `${audit.id}: ${audit.title}`);
  return { url, score: lhr.categories.accessibility.score, failed };
}

const results = [];
const crashes = [];
let chrome = await launch();
try {
  for (const url of urls) {
    try {
      results.push(await audit(url, chrome));
    } catch (error) {
      if (error?.code !== "TARGET_CRASHED") throw error;
      crashes.push({ url, log: logTail(chrome) });
      await close(chrome);
      chrome = await launch();
      results.push(await audit(url, chrome));
    }
  }
} finally {
  await close(chrome);
}
process.stdout.write(`${JSON.stringify({ results, crashes })}\n`);
