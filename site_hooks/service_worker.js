// The site's service worker. site_hooks/offline.py writes it into the built site as sw.js,
// after MP_OFFLINE: {groups: {NAME: {bundle: [path, size] | null, files: [[path, revision,
// size, bundled], ...]}}}, paths relative to the site's root (a page as FOLDER/index.html),
// the revision the start of the file's SHA-256. Plain script, no library.
//
// What it keeps, and when (the groups are described in offline.py):
// - nothing at its first install: a page asks, once it has loaded, with
//   {type: "mp-offline-keep", groups: [NAME, ...] | "all", loaded: [addresses]}: its own
//   language (and "site"; a widget page, once its widgets are live, "engine" too), or
//   everything when the reader presses the footer's button;
// - a group is kept whole: first the files the page names in `loaded` (what it and its
//   widgets' worker have fetched), from the browser's own cache (cache: "force-cache",
//   which also waits for a request still under way), then the rest: the group's bundle
//   (its text files, gzipped in one file) when it is smaller than the text files still
//   missing, else file by file. Every file is checked against its revision before it is
//   kept: what crosses the network on a first visit crosses it once.
// - a new version keeps again, while it installs, every group of which the reader kept
//   something (the unchanged files are there already, under the same key), so that the
//   site stays usable offline; it waits for the reader's "reload" (SKIP_WAITING, sent by
//   assets/offline.js), then drops the files of other revisions and the older caches.
// A request for a kept file is answered from the cache (the address's query is ignored:
// ?v=..., a shared position's ?w=...), any other one by the network as if there were no
// service worker.
// Messages out, to every page: {type: "mp-offline-status", kept: {NAME: true | false},
// remaining: bytes still to fetch to keep everything}, {type: "mp-offline-progress", done,
// total} while keeping, {type: "mp-offline-failed", detail}.

/* global MP_OFFLINE */
(() => {
  "use strict";

  const CACHE = "marjapussi-offline";
  const OURS = "marjapussi"; // the start of every cache name this site's workers have used
  const BUNDLE_MAGIC = "MPBUNDL1";
  const scope = new URL(self.registration.scope);

  const files = new Map(); // path → {path, revision, size, bundled, group}
  for (const [group, { files: list }] of Object.entries(MP_OFFLINE.groups)) {
    for (const [path, revision, size, bundled] of list) {
      files.set(path, { path, revision, size, bundled: Boolean(bundled), group });
    }
  }
  const groupNames = Object.keys(MP_OFFLINE.groups);
  const inGroup = (name) => [...files.values()].filter((file) => file.group === name);

  function keyOf(file) {
    return new URL(`${file.path}?mp-rev=${file.revision}`, scope).href;
  }

  // The site path of an address in the scope, its query dropped and a folder's index.html
  // added; null for an address elsewhere.
  function pathOf(address) {
    const url = new URL(address, scope);
    if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return null;
    let path;
    try {
      path = decodeURIComponent(url.pathname.slice(scope.pathname.length));
    } catch (error) {
      return null;
    }
    return path === "" || path.endsWith("/") ? `${path}index.html` : path;
  }

  function hex(buffer) {
    return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  async function matches(file, bytes) {
    return hex(await crypto.subtle.digest("SHA-256", bytes)).startsWith(file.revision);
  }

  async function keptKeys() {
    const cache = await caches.open(CACHE);
    return new Set((await cache.keys()).map((request) => request.url));
  }

  // --- what is kept ---------------------------------------------------------------------

  // The bytes that keeping the missing files of a group would move, the cheaper way.
  function cost(name, missing) {
    const group = MP_OFFLINE.groups[name];
    const text = missing.filter((file) => file.bundled).reduce((sum, file) => sum + file.size, 0);
    const other = missing.filter((file) => !file.bundled).reduce((sum, file) => sum + file.size, 0);
    return other + (group.bundle && group.bundle[1] < text ? group.bundle[1] : text);
  }

  async function status() {
    const keys = await keptKeys();
    const kept = {};
    let remaining = 0;
    for (const name of groupNames) {
      const missing = inGroup(name).filter((file) => !keys.has(keyOf(file)));
      kept[name] = missing.length === 0;
      remaining += cost(name, missing);
    }
    return { type: "mp-offline-status", kept, remaining };
  }

  async function tell(message, only) {
    const clients = only ? [only] : await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    for (const client of clients) client.postMessage(message);
  }

  // --- keeping a group -------------------------------------------------------------------

  async function put(cache, file, bytes, type) {
    await cache.put(keyOf(file), new Response(bytes, {
      status: 200,
      headers: { "Content-Type": type || "application/octet-stream", "Content-Length": String(bytes.byteLength) },
    }));
  }

  // A file from `address` (the page's own address of it, or its plain one): kept if its
  // bytes are the ones of this version. `how`: the fetch's cache mode.
  async function fetchInto(cache, file, address, how) {
    const response = await fetch(address, { cache: how, credentials: "same-origin" });
    if (!response.ok) throw new Error(`${file.path}: HTTP ${response.status}`);
    const bytes = await response.arrayBuffer();
    if (!(await matches(file, bytes))) return false;
    await put(cache, file, bytes, response.headers.get("Content-Type"));
    return true;
  }

  // A group's text files from its bundle (offline.py's make_bundle), those in `wanted` kept.
  async function fromBundle(cache, bundle, wanted) {
    const response = await fetch(new URL(bundle[0], scope).href, { credentials: "same-origin" });
    if (!response.ok) throw new Error(`${bundle[0]}: HTTP ${response.status}`);
    const raw = new Uint8Array(await new Response(response.body.pipeThrough(new DecompressionStream("gzip")))
      .arrayBuffer());
    if (new TextDecoder().decode(raw.subarray(0, 8)) !== BUNDLE_MAGIC) throw new Error(`${bundle[0]}: not a bundle`);
    const length = new DataView(raw.buffer, raw.byteOffset + 8, 4).getUint32(0, true);
    let at = 12 + length;
    for (const [path, size, type] of JSON.parse(new TextDecoder().decode(raw.subarray(12, at)))) {
      const file = files.get(path);
      const bytes = raw.slice(at, at + size);
      at += size;
      if (!file || !wanted.has(file)) continue;
      if (!(await matches(file, bytes))) throw new Error(`${path}: not the file of this version`);
      await put(cache, file, bytes, type);
      wanted.delete(file);
    }
  }

  // Keep the group `name`; `loaded`: the addresses the page has fetched (site path → address).
  async function keepGroup(name, loaded, progress) {
    const cache = await caches.open(CACHE);
    const keys = await keptKeys();
    const missing = new Set(inGroup(name).filter((file) => !keys.has(keyOf(file))));
    for (const file of [...missing]) {
      const address = loaded.get(file.path);
      if (!address) continue;
      try {
        if (await fetchInto(cache, file, address, "force-cache")) missing.delete(file);
      } catch (error) {
        // fetched again below
      }
    }
    const bundle = MP_OFFLINE.groups[name].bundle;
    const text = [...missing].filter((file) => file.bundled);
    if (bundle && text.length && bundle[1] < text.reduce((sum, file) => sum + file.size, 0)
        && typeof DecompressionStream === "function") {
      await fromBundle(cache, bundle, missing);
      progress(bundle[1]);
    }
    for (const file of missing) {
      const address = new URL(file.path.replace(/(^|\/)index\.html$/, "$1"), scope).href;
      if (!(await fetchInto(cache, file, address, "no-cache"))) {
        throw new Error(`${file.path}: not the file of this version`);
      }
      progress(file.size);
    }
  }

  // One keeping at a time, in the order asked.
  let queue = Promise.resolve();
  function keep(names, loaded) {
    const run = queue.then(async () => {
      const keys = await keptKeys();
      const total = names.reduce((sum, name) => sum + cost(name, inGroup(name).filter((file) => !keys.has(keyOf(file)))), 0);
      let done = 0;
      const progress = (bytes) => {
        done += bytes;
        tell({ type: "mp-offline-progress", done, total });
      };
      for (const name of names) await keepGroup(name, loaded, progress);
    });
    queue = run.catch(() => {});
    return run;
  }

  function asked(data) {
    const names = data.groups === "all" ? groupNames
      : (Array.isArray(data.groups) ? data.groups : []).filter((name) => groupNames.includes(name));
    const loaded = new Map();
    for (const address of Array.isArray(data.loaded) ? data.loaded : []) {
      const path = typeof address === "string" ? pathOf(address) : null;
      if (path && files.has(path) && !loaded.has(path)) loaded.set(path, address);
    }
    return [names, loaded];
  }

  self.addEventListener("message", (event) => {
    const data = event.data || {};
    if (data.type === "SKIP_WAITING") {
      self.skipWaiting();
    } else if (data.type === "mp-offline-status") {
      event.waitUntil(status().then((message) => tell(message, event.source)));
    } else if (data.type === "mp-offline-keep") {
      const [names, loaded] = asked(data);
      event.waitUntil(keep(names, loaded).then(
        async () => tell(await status()),
        (error) => tell({ type: "mp-offline-failed", detail: String(error && error.message || error) }),
      ));
    }
  });

  // --- answering ------------------------------------------------------------------------

  self.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET") return;
    const path = pathOf(request.url);
    const file = path && files.get(path);
    if (!file) return;
    event.respondWith((async () => {
      const hit = await (await caches.open(CACHE)).match(keyOf(file));
      return hit || fetch(request);
    })());
  });

  // --- versions -------------------------------------------------------------------------

  // A new version: keep again what the reader kept of the old one (in any of our caches,
  // the older workers' among them), before it takes over.
  self.addEventListener("install", (event) => {
    event.waitUntil((async () => {
      const kept = new Set();
      for (const name of await caches.keys()) {
        if (!name.startsWith(OURS)) continue;
        for (const request of await (await caches.open(name)).keys()) {
          const path = pathOf(request.url);
          if (files.has(path)) kept.add(files.get(path).group);
        }
      }
      await keep(groupNames.filter((name) => kept.has(name)), new Map());
    })());
  });

  self.addEventListener("activate", (event) => {
    event.waitUntil((async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(OURS) && name !== CACHE) await caches.delete(name);
      }
      const cache = await caches.open(CACHE);
      const current = new Set([...files.values()].map(keyOf));
      for (const request of await cache.keys()) {
        if (!current.has(request.url)) await cache.delete(request);
      }
      await self.clients.claim();
    })());
  });
})();
