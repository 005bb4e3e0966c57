// Make the site's service worker, under Node, offline: the last step of the site build.
//
//   node scripts/make_service_worker.mjs --site DIR --pyodide-set FILE.json
//
// Called by site_hooks/offline.py once every language is built.
// - Workbox (npm workbox-build, pinned in package.json) writes DIR/sw.js with a precache
//   manifest: every built page, asset and the search index, each with a content hash
//   (the revision), the printouts' PDFs among them, so that a changed file is fetched again and an unchanged one never.
//   Pages are found by their folder's address (rules/guild/ → rules/guild/index.html);
//   the ?v=HASH our own scripts carry is ignored when looking them up.
//   Pyodide, the wheel and the snapshot are not in it: a page without widgets must not
//   download them.
// - The new version waits: sw.js skips waiting only when the page asks (the reader has
//   clicked "reload" on the notice assets/offline.js shows), so an open page never runs
//   against files of another version.
// - Pyodide's files, the wheel and the snapshot (FILE.json: [{url, revision, bytes}], site
//   relative) are the second set: scripts/sw_pyodide.js, written as
//   DIR/sw-pyodide-HASH.js with the set prepended, caches them in a cache named by the
//   set's hash, as a widget page uses them or all at once when a page asks
//   (assets/offline.js), and drops the caches of older sets.
// Prints one line of figures (`service worker: precached=N kb=... pyodide_set=...`);
// exits 0 on success, 2 or more on a failure, with the reason on stderr.

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));

function die(message, code = 2) {
  console.error(`make_service_worker: ${message}`);
  process.exit(code);
}

function parseArgs(argv) {
  const options = { site: null, pyodideSet: null };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === "--site") options.site = argv[++i];
    else if (arg === "--pyodide-set") options.pyodideSet = argv[++i];
    else throw new Error(`unknown argument ${arg}`);
  }
  if (!options.site || !options.pyodideSet) throw new Error("--site and --pyodide-set are required");
  return options;
}

async function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    die(error.message);
  }
  const site = path.resolve(options.site);
  const set = JSON.parse(fs.readFileSync(options.pyodideSet, "utf-8"));
  if (!Array.isArray(set) || !set.every((e) => typeof e.url === "string" && typeof e.revision === "string")) {
    die("the Pyodide set must be a list of {url, revision}");
  }
  for (const old of fs.readdirSync(site)) {
    if (/^(sw-pyodide-[0-9a-f]+\.js|sw\.js|workbox-[0-9a-f]+\.js)$/.test(old)) fs.unlinkSync(path.join(site, old));
  }
  const setHash = crypto.createHash("sha256").update(JSON.stringify(set)).digest("hex").slice(0, 16);
  const extraName = `sw-pyodide-${setHash}.js`;
  const template = fs.readFileSync(path.join(HERE, "sw_pyodide.js"), "utf-8");
  fs.writeFileSync(path.join(site, extraName),
    `const MP_PYODIDE_SET = ${JSON.stringify(set)};\nconst MP_PYODIDE_CACHE = "marjapussi-pyodide-${setHash}";\n${template}`);

  const { generateSW } = await import("workbox-build");
  const { count, size, warnings } = await generateSW({
    globDirectory: site,
    globPatterns: [
      "**/*.{html,css,js,mjs,json,svg,png,ico,webmanifest,ipynb,pdf,woff,woff2}",
    ],
    globIgnores: [
      "pyodide/**", "sw.js", "sw-pyodide-*.js", "workbox-*.js", "**/*.map",
      // lunr's segmenters of Japanese and Thai (900 KB), which the site's languages never load
      "assets/javascripts/lunr/tinyseg.js", "assets/javascripts/lunr/wordcut.js",
    ],
    swDest: path.join(site, "sw.js"),
    importScripts: [extraName],
    skipWaiting: false,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    cacheId: "marjapussi",
    directoryIndex: "index.html",
    // room and view: the shared table's page at any room, or as the projector's view.
    ignoreURLParametersMatching: [/^v$/, /^snapshot$/, /^utm_/, /^room$/, /^view$/],
    // Material's own files carry their hash in the name: no revision needed.
    dontCacheBustURLsMatching: /\.[0-9a-f]{8}\.min\.(js|css)$/,
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    inlineWorkboxRuntime: true,
    sourcemap: false,
    mode: "production",
  });
  if (!count) die("the precache manifest is empty", 3);
  for (const warning of warnings) console.error(`make_service_worker: warning: ${warning}`);
  const setBytes = set.reduce((sum, e) => sum + (e.bytes || 0), 0);
  console.log(`service worker: precached=${count} kb=${Math.round(size / 1024)} `
    + `pyodide_set=${set.length} pyodide_set_kb=${Math.round(setBytes / 1024)} extra=${extraName}`);
}

main().catch((error) => die(error && error.stack || String(error), 3));
