// Write site/sw.js: Workbox's injectManifest puts this build's precache manifest (every
// page, the search index, the calculators archive and the pinned Pyodide files, each with
// a revision hash) into workbox_source.js (next to this file), then the build id goes in.
//
// The rule cards (r/) are left out: the worker answers a live rule's card address itself
// (with the rule in its page). EXTRA, a JSON list of paths from the site root, names the
// files of r/ to precache after all (the cards of rules that are gone).
//
// Usage: node build_scripts/finish/service_worker/inject_manifest.mjs SITE_DIR BUILD_ID [EXTRA]
// Prints {"count": N, "size": BYTES} on success; exits 1 with the reason otherwise.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { injectManifest } from "workbox-build";

const here = path.dirname(fileURLToPath(import.meta.url));
const [siteDir, buildId, extraJson] = process.argv.slice(2);
if (!siteDir || !/^[0-9a-f]{6,64}$/.test(buildId || "")) {
  console.error("usage: node build_scripts/finish/service_worker/inject_manifest.mjs SITE_DIR BUILD_ID");
  process.exit(2);
}
const swDest = path.join(siteDir, "sw.js");
try {
  /** @type {string[]} */
  const extra = JSON.parse(extraJson || "[]");
  const additionalManifestEntries = extra.map((url) => ({
    url,
    revision: crypto
      .createHash("md5")
      .update(fs.readFileSync(path.join(siteDir, url)))
      .digest("hex"),
  }));
  const { count, size, warnings } = await injectManifest({
    swSrc: path.join(here, "workbox_source.js"),
    swDest,
    globDirectory: siteDir,
    globPatterns: ["**/*.{html,js,mjs,css,json,wasm,zip,svg,png,ico,webmanifest}"],
    // Material ships lunr for many languages; this site searches in English only.
    globIgnores: ["sw.js", "**/*.br", "**/*.gz", "404.html", "assets/javascripts/lunr/**", "r/**"],
    additionalManifestEntries,
    maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
  });
  const text = fs.readFileSync(swDest, "utf8").replace("__SCROLLHAMMER_BUILD__", buildId);
  fs.writeFileSync(swDest, text);
  for (const warning of warnings) console.error(`workbox: ${warning}`);
  process.stdout.write(`${JSON.stringify({ count, size })}\n`);
} catch (error) {
  console.error(`service worker: ${error?.message || error}`);
  process.exit(1);
}
