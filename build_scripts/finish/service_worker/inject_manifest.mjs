// Write site/sw.js: Workbox's injectManifest puts this build's precache manifest (the
// core tier: the shell, the search, the calculators archive and the pinned Pyodide files,
// the core rulebook's pages, each with a revision hash) into workbox_source.js (next to
// this file), then the build id and the size of the book's second tier go in. The second
// tier (the pages matched by OPTIONS.book, with their revisions and sizes) is written to
// site/offline-book.json, which the service worker reads when the player keeps the book.
//
// The rule cards (r/) are left out: the worker answers a live rule's card address itself
// (with the rule in its page). OPTIONS.extra, a list of paths from the site root, names the
// files of r/ to precache after all (the cards of rules that are gone).
//
// Usage: node build_scripts/finish/service_worker/inject_manifest.mjs SITE_DIR BUILD_ID [OPTIONS]
// OPTIONS (JSON): {"extra": [paths], "book": [globs], "never": [globs]} ("never": pages kept
// only when read, in neither tier: the older pages of the changes)
// Prints {"count": N, "size": BYTES, "bookFiles": N, "bookBytes": BYTES} on success; exits 1
// with the reason otherwise.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getManifest, injectManifest } from "workbox-build";

const here = path.dirname(fileURLToPath(import.meta.url));
const [siteDir, buildId, optionsJson] = process.argv.slice(2);
if (!siteDir || !/^[0-9a-f]{6,64}$/.test(buildId || "")) {
  console.error("usage: node build_scripts/finish/service_worker/inject_manifest.mjs SITE_DIR BUILD_ID [OPTIONS]");
  process.exit(2);
}
const swDest = path.join(siteDir, "sw.js");
// sitemap.xml: the theme's instant navigation reads it, offline too.
const PATTERNS = [
  "**/*.{html,js,mjs,css,json,wasm,zip,svg,png,ico,webmanifest,pf_meta,pf_index,pf_fragment,pagefind}",
  "sitemap.xml",
];
// Material ships lunr for many languages and its own search worker; the site's search is
// Pagefind's (assets/js/search/), so neither is ever loaded. The rules as data (api/) are
// for tools, never read by a page.
const NEVER = [
  "sw.js",
  "offline-book.json",
  "**/*.br",
  "**/*.gz",
  "404.html",
  "assets/javascripts/lunr/**",
  "assets/javascripts/workers/**",
  "r/**",
  "api/**",
];

/** @param {string} file */
function md5(file) {
  return crypto
    .createHash("md5")
    .update(fs.readFileSync(path.join(siteDir, file)))
    .digest("hex");
}

try {
  /** @type {{extra?: string[], book?: string[], never?: string[]}} */
  const options = JSON.parse(optionsJson || "{}");
  const extra = options.extra || [];
  const bookGlobs = options.book || [];
  const never = [...NEVER, ...(options.never || [])];
  const additionalManifestEntries = extra.map((url) => ({ url, revision: md5(url) }));
  const book = bookGlobs.length
    ? (
        await getManifest({
          globDirectory: siteDir,
          globPatterns: bookGlobs,
          globIgnores: never,
          maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
        })
      ).manifestEntries
    : [];
  const files = book.map((entry) => ({
    url: entry.url,
    revision: entry.revision,
    size: fs.statSync(path.join(siteDir, entry.url)).size,
  }));
  const bookBytes = files.reduce((sum, file) => sum + file.size, 0);
  fs.writeFileSync(path.join(siteDir, "offline-book.json"), JSON.stringify({ build: buildId, files }));
  const { count, size, warnings } = await injectManifest({
    swSrc: path.join(here, "workbox_source.js"),
    swDest,
    globDirectory: siteDir,
    globPatterns: PATTERNS,
    globIgnores: [...never, ...bookGlobs],
    additionalManifestEntries,
    maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
  });
  const text = fs
    .readFileSync(swDest, "utf8")
    .replace("__SCROLLHAMMER_BUILD__", buildId)
    .replace("__SCROLLHAMMER_BOOK_FILES__", String(files.length))
    .replace("__SCROLLHAMMER_BOOK_BYTES__", String(bookBytes))
    // What the files are, for the offer's words: the book's pages, and its PDFs to print.
    .replace("__SCROLLHAMMER_BOOK_PAGES__", String(files.filter((f) => f.url.endsWith("index.html")).length))
    .replace("__SCROLLHAMMER_BOOK_PDFS__", String(files.filter((f) => f.url.endsWith(".pdf")).length));
  fs.writeFileSync(swDest, text);
  for (const warning of warnings) console.error(`workbox: ${warning}`);
  process.stdout.write(`${JSON.stringify({ count, size, bookFiles: files.length, bookBytes })}\n`);
} catch (error) {
  console.error(`service worker: ${error?.message || error}`);
  process.exit(1);
}
