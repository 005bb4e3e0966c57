// The service worker's second set: Pyodide's files, the wheel and the widgets' snapshot.
//
// scripts/make_service_worker.mjs writes this file into the built site as
// sw-pyodide-HASH.js, with MP_PYODIDE_SET ([{url, revision, bytes}], relative to the
// site's root) and MP_PYODIDE_CACHE (named by the set's hash) before it; the sw.js Workbox
// generates imports it. Workbox precaches the pages and assets at install; this set is
// not precached there, so that a page without widgets downloads nothing of Pyodide:
//
// - a request for one of these files is answered from the cache, else from the network
//   and then kept (a widget page fills the cache as it boots);
// - {type: "mp-offline-fetch"} from a page fetches the whole set into the cache (a widget
//   page asks once its widgets are live; the reader asks with the footer's button);
// - {type: "mp-offline-status"} answers how much of the set is kept.
// Each page that asked is told {type: "mp-offline-status", cached, count, bytes, total}
// as the set fills, or {type: "mp-offline-failed", detail}.
// Each file is kept under its address plus its revision (mp-rev=...): a new version of
// the site finds the unchanged files already there and, if the reader had kept the set,
// fetches the changed ones while it installs, so the set stays usable offline. The
// files of other revisions are dropped once the new version is active.

/* global MP_PYODIDE_SET, MP_PYODIDE_CACHE */
(() => {
  const scope = self.registration.scope;
  const entries = new Map(MP_PYODIDE_SET.map((entry) => [new URL(entry.url, scope).href, entry]));
  const CACHE_PREFIX = "marjapussi-pyodide";

  function keyOf(href) {
    const key = new URL(href);
    key.searchParams.set("mp-rev", entries.get(href).revision);
    return key.href;
  }

  async function status() {
    const cache = await caches.open(MP_PYODIDE_CACHE);
    const kept = new Set((await cache.keys()).map((request) => request.url));
    let cached = 0;
    let bytes = 0;
    let total = 0;
    for (const [href, entry] of entries) {
      total += entry.bytes || 0;
      if (kept.has(keyOf(href))) {
        cached += 1;
        bytes += entry.bytes || 0;
      }
    }
    return { type: "mp-offline-status", cached, count: entries.size, bytes, total };
  }

  async function tell(message, only) {
    const clients = only ? [only] : await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    for (const client of clients) client.postMessage(message);
  }

  async function fetchInto(cache, href) {
    // no-cache: revalidate with the server (a 304 is cheap) rather than trust an old copy.
    const response = await fetch(href, { cache: "no-cache", credentials: "same-origin" });
    if (!response.ok || response.status !== 200) throw new Error(`${href}: HTTP ${response.status}`);
    await cache.put(keyOf(href), response);
  }

  // Keep the whole set; progress goes to every page.
  let filling = null;
  async function fill() {
    const cache = await caches.open(MP_PYODIDE_CACHE);
    for (const href of entries.keys()) {
      if (await cache.match(keyOf(href))) continue;
      await fetchInto(cache, href);
      await tell(await status());
    }
  }

  // A worker's script from Workbox's precache: a cached response carries the address it
  // was stored under (with Workbox's __WB_REVISION__), which the worker would take for its
  // own and so lose the query of its real address (worker.js?v=..&snapshot=..). Give the
  // worker the same script as a new response, which keeps the address it was asked by.
  self.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET" || request.destination !== "worker") return;
    const bare = new URL(request.url);
    bare.search = "";
    event.respondWith((async () => {
      const precached = (await caches.keys()).filter((name) => name.startsWith("marjapussi-precache"));
      let response = null;
      for (const name of precached) {
        response = response || await (await caches.open(name)).match(bare.href, { ignoreSearch: true });
      }
      if (!response) return fetch(request);
      return new Response(response.body, { status: response.status, statusText: response.statusText,
                                           headers: response.headers });
    })());
  });

  self.addEventListener("fetch", (event) => {
    const href = event.request.url;
    if (event.request.method !== "GET" || !entries.has(href)) return;
    event.respondWith((async () => {
      const cache = await caches.open(MP_PYODIDE_CACHE);
      const hit = await cache.match(keyOf(href));
      if (hit) return hit;
      const response = await fetch(event.request);
      if (response.status === 200) {
        event.waitUntil(cache.put(keyOf(href), response.clone()).catch(() => {}));
      }
      return response;
    })());
  });

  self.addEventListener("message", (event) => {
    const type = event.data && event.data.type;
    if (type === "mp-offline-status") {
      event.waitUntil(status().then((message) => tell(message, event.source)));
    } else if (type === "mp-offline-fetch") {
      filling = filling || fill().finally(() => { filling = null; });
      event.waitUntil(filling.then(
        async () => tell(await status()),
        (error) => tell({ type: "mp-offline-failed", detail: String(error && error.message || error) }),
      ));
    }
  });

  // A new version: if the reader kept the set before, keep this version's set too before
  // it takes over (the unchanged files are there already, under the same key).
  self.addEventListener("install", (event) => {
    event.waitUntil((async () => {
      const names = (await caches.keys()).filter((name) => name.startsWith(CACHE_PREFIX));
      const cache = await caches.open(MP_PYODIDE_CACHE);
      let keptBefore = false;
      for (const name of names) {
        if (name === MP_PYODIDE_CACHE) continue;
        const old = await caches.open(name);
        const keys = await old.keys();
        keptBefore = keptBefore || keys.length > 0;
        for (const request of keys) {
          const wanted = new URL(request.url);
          wanted.searchParams.delete("mp-rev");
          if (entries.has(wanted.href) && keyOf(wanted.href) === request.url) {
            await cache.put(request, await old.match(request));
          }
        }
      }
      if (keptBefore) await fill().catch(() => {});
    })());
  });

  self.addEventListener("activate", (event) => {
    event.waitUntil(caches.keys().then((names) => Promise.all(names
      .filter((name) => name.startsWith(CACHE_PREFIX) && name !== MP_PYODIDE_CACHE)
      .map((name) => caches.delete(name)))));
  });
})();
