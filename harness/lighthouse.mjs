// The one Lighthouse runner (make bench-lighthouse): each URL audited in turn, in one
// Chromium (Debian's), with the caller's audit.
//
// A tab that crashes (Lighthouse's TARGET_CRASHED; seen once in CI under a loaded host) says
// nothing of the page: its URL is audited again in a fresh Chromium, once, and the crash is
// reported with the tail of Chromium's own log. A second crash of the same URL fails the run.
//
// Used by bench/lighthouse/scores.mjs, which prints {results, crashes} as JSON.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

/** The Chromium and its flags, handed over by the Python side (harness/chromium.py). */
function chromium() {
  const { CHROME_PATH, CHROME_FLAGS } = process.env;
  if (!CHROME_PATH || !CHROME_FLAGS) {
    console.error("set CHROME_PATH and CHROME_FLAGS (a JSON list of Chromium's flags)");
    process.exit(2);
  }
  return { path: CHROME_PATH, flags: JSON.parse(CHROME_FLAGS) };
}

/** A Chromium on a profile of its own, so its log can be read after a crash. */
async function launch(browser) {
  const userDataDir = mkdtempSync(join(tmpdir(), "lighthouse-"));
  const chrome = await chromeLauncher.launch({
    chromePath: browser.path,
    chromeFlags: ["--headless=new", ...browser.flags],
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

/**
 * Run Lighthouse on each URL in turn, with ``options`` (its categories), and give each report
 * to ``summary`` (the caller's figures of it).
 * @param {string[]} urls
 * @param {object} options Lighthouse's flags, such as {onlyCategories: ["performance"]}
 * @param {(url: string, lhr: object) => object} summary
 * @returns {Promise<{results: object[], crashes: {url: string, log: string}[]}>}
 */
export async function auditEach(urls, options, summary) {
  const browser = chromium();
  const audit = async (url, chrome) => {
    const { lhr } = await lighthouse(url, { port: chrome.port, logLevel: "error", output: "json", ...options });
    return summary(url, lhr);
  };
  const results = [];
  const crashes = [];
  let chrome = await launch(browser);
  try {
    for (const url of urls) {
      try {
        results.push(await audit(url, chrome));
      } catch (error) {
        if (error?.code !== "TARGET_CRASHED") throw error;
        crashes.push({ url, log: logTail(chrome) });
        await close(chrome);
        chrome = await launch(browser);
        results.push(await audit(url, chrome));
      }
    }
  } finally {
    await close(chrome);
  }
  return { results, crashes };
}
