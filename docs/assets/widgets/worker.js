// The widgets' worker: boots Pyodide off the page's main thread, unpacks the
// marjapussi wheel and answers the runtime's calls with marjapussi.web.bridge.
//
// Messages in:  {type: "init", pyodide: URL of the Pyodide folder, wheel: URL of the wheel}
//               {type: "call", id, fn: "handle" | "from_url", args: [strings]}
// Messages out: {type: "ready", timings} | {type: "failed", reason: "download" | "start", detail}
//               {type: "result", id, value: JSON string} | {type: "error", id, detail}
//
// Everything Python returns is passed on as the string it is; the runtime parses it.
//
// Booting from a memory snapshot: when the worker's own address names one
// (worker.js?v=...&snapshot=snapshot-HASH.bin, written by site_hooks/runtime.py), the
// snapshot is fetched from the Pyodide folder, checked against the SHA-256 its name
// carries, gunzipped with DecompressionStream, given back the static data of
// pyodide.asm.wasm (snapshot_format.mjs) and restored by loadPyodide: the
// interpreter, the package and its web bridge come back imported and warmed
// (scripts/make_snapshot.mjs), in a fraction of a normal boot. What depends on the page
// is set after the restore: Python's global random generator is reseeded (every reader
// restores the same memory), LANG and the time zone are the reader's; the widgets'
// language comes with each call. The file system is not part of a snapshot: the
// package's files, which the snapshot keeps in memory, are written back (the package
// reads its data files), so the wheel is not fetched;
// python_stdlib.zip is not fetched, since the snapshot holds every stdlib module the
// package imports, but should a call still miss one, the zip is fetched then and the
// call made again. If anything about the snapshot fails (no DecompressionStream, a
// missing or corrupted file, another Pyodide build), the worker boots the normal way.
// timings.boot says which way it went ("snapshot" | "normal"), timings.snapshot_failed
// why a snapshot was not used.

let bridge = null;
let booting = null;

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

// How long each step took (ms), sent with "ready" for scripts/bench_site.py.
const timings = {};
let clock = performance.now();
function lap(name) {
  const now = performance.now();
  timings[name] = Math.round(now - clock);
  clock = now;
}

const QUIET = { stdout: () => {}, stderr: () => {} };
// An empty zip (its end-of-central-directory record alone): what Pyodide installs as the
// standard library when booting from a snapshot, so that python_stdlib.zip is not fetched.
const EMPTY_ZIP = "data:application/zip;base64,UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==";
let pyodide = null;
let stdlibURL = null; // set after a snapshot restore: the real zip, fetched on a miss
let missingImports = null; // after a snapshot restore: the names no finder found (a list)

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

// The snapshot's bytes, checked and unpacked, or an exception saying what was wrong.
// The static data of pyodide.asm.wasm is XORed out of the file (snapshot_format.mjs):
// the wasm is fetched here too, and Pyodide's own request for it is then served by the
// browser's cache.
async function snapshotBytes(url, wasmURL) {
  const expected = (/snapshot-([0-9a-f]{12,64})\.bin$/.exec(new URL(url).pathname) || [])[1];
  if (!expected) throw new Error(`no hash in the snapshot's name ${url}`);
  if (typeof DecompressionStream !== "function") throw new Error("no DecompressionStream");
  const started = performance.now();
  const version = new URL(self.location.href).searchParams.get("v");
  const format = import(new URL(`snapshot_format.mjs${version ? `?v=${version}` : ""}`, self.location.href).href);
  const wasm = fetchBytes(wasmURL);
  wasm.catch(() => {});
  const packed = await fetchBytes(url);
  timings.snapshot_fetch = Math.round(performance.now() - started);
  const digest = hex(await crypto.subtle.digest("SHA-256", packed));
  if (!digest.startsWith(expected)) throw new Error(`snapshot hash mismatch: ${digest.slice(0, expected.length)}`);
  const stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
  const contents = new Uint8Array(await new Response(stream).arrayBuffer());
  const bytes = (await format).unpack(contents, new Uint8Array(await wasm));
  timings.snapshot_unpack = Math.round(performance.now() - started) - timings.snapshot_fetch;
  return bytes;
}

// Python run after a restore: what must differ from one reader to the next, and the
// record of imports that found nothing (the standard library is not installed yet).
const AFTER_RESTORE = `
import os, random, sys, time, zipimport
random.seed()
# The snapshot was made under Node: the locale and the time zone are the reader's, as a
# normal boot in this browser would have them.
os.environ["LANG"] = LANG
if hasattr(time, "tzset"):
    time.tzset()
# The zip's directory as read when the snapshot was made: read it again (it is empty now).
zipimport._zip_directory_cache.clear()

class _MissingImports:
    """The last finder: remembers the modules nobody found."""
    names = []

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        cls.names.append(name)
        return None

sys.meta_path.append(_MissingImports)

# The package's files, kept in memory by scripts/make_snapshot.mjs: the file system is not
# part of a snapshot, and the package reads its data files.
for path, data in _MP_FILES.items():
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(data)
del _MP_FILES
import marjapussi.web.bridge as bridge
`;

async function loadStdlib() {
  const zip = new Uint8Array(await fetchBytes(stdlibURL));
  const [major, minor] = pyodide.runPython("import sys; sys.version_info[:2]").toJs();
  pyodide.FS.writeFile(`/lib/python${major}${minor}.zip`, zip);
  pyodide.runPython(`
import importlib, sys
sys.meta_path[:] = [f for f in sys.meta_path if getattr(f, "__name__", "") != "_MissingImports"]
importlib.invalidate_caches()
`);
  stdlibURL = null;
}

async function unpackWheel(wheel) {
  let bytes;
  try {
    bytes = await wheel;
  } catch (error) {
    throw Object.assign(new Error(String(error)), { reason: "download" });
  }
  try {
    lap("wheel_wait");
    // Into site-packages, as pip would (the default would be the working directory).
    const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
    pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
    lap("unpack_wheel");
  } catch (error) {
    throw Object.assign(new Error(String(error)), { reason: "start" });
  }
}

async function bootFromSnapshot(loadPyodide, pyodideURL, snapshot) {
  pyodide = await loadPyodide({
    indexURL: pyodideURL,
    _loadSnapshot: snapshot,
    stdLibURL: EMPTY_ZIP,
    ...QUIET,
  });
  lap("restore_snapshot");
  // What Emscripten sets when it starts in a browser (the snapshot holds Node's value).
  const lang = `${((navigator.languages && navigator.languages[0]) || "C").replace("-", "_")}.UTF-8`;
  const missing = pyodide.runPython(`LANG = ${JSON.stringify(lang)}\n${AFTER_RESTORE}\n_MissingImports.names`);
  bridge = pyodide.globals.get("bridge");
  if (!bridge || typeof bridge.handle !== "function") throw new Error("the snapshot holds no bridge");
  missingImports = missing;
  stdlibURL = new URL("python_stdlib.zip", pyodideURL).href;
  lap("after_restore");
}

async function bootNormally(loadPyodide, pyodideURL, wheel) {
  try {
    pyodide = await loadPyodide({
      // pyodide-lock.json of the site lists no package (site_hooks/runtime.py): the
      // wheel is unpacked below, nothing else is installed.
      indexURL: pyodideURL,
      ...QUIET,
    });
  } catch (error) {
    // A blocked or broken download of the interpreter ends here too.
    throw Object.assign(new Error(String(error)), { reason: "start" });
  }
  lap("load_pyodide");
  await unpackWheel(wheel);
  try {
    bridge = pyodide.pyimport("marjapussi.web.bridge");
    lap("import_bridge");
  } catch (error) {
    throw Object.assign(new Error(String(error)), { reason: "start" });
  }
}

async function boot(pyodideURL, wheelURL) {
  clock = performance.now();
  // Ask for the snapshot (or else the wheel) at once: it downloads while Pyodide's module
  // loads. The snapshot holds the package's files: the wheel is only for a normal boot.
  const named = new URL(self.location.href).searchParams.get("snapshot");
  const snapshot = named && /^snapshot-[0-9a-f]+\.bin$/.test(named)
    ? snapshotBytes(new URL(named, pyodideURL).href, new URL("pyodide.asm.wasm", pyodideURL).href) : null;
  if (snapshot) snapshot.catch(() => {});
  const wheel = snapshot ? null : fetchBytes(wheelURL);
  if (wheel) wheel.catch(() => {});
  let loadPyodide;
  try {
    ({ loadPyodide } = await import(new URL("pyodide.mjs", pyodideURL).href));
  } catch (error) {
    throw Object.assign(new Error(String(error)), { reason: "download" });
  }
  lap("import_pyodide_mjs");
  if (snapshot) {
    try {
      await bootFromSnapshot(loadPyodide, pyodideURL, snapshot);
      timings.boot = "snapshot";
      return;
    } catch (error) {
      timings.snapshot_failed = String(error && error.message || error).slice(0, 300);
      bridge = null;
      pyodide = null;
      missingImports = null;
      stdlibURL = null;
      lap("snapshot_attempt");
    }
  }
  await bootNormally(loadPyodide, pyodideURL, wheel || fetchBytes(wheelURL));
  timings.boot = "normal";
}

async function call(fn, args) {
  if (fn !== "handle" && fn !== "from_url") throw new Error(`no such call ${fn}`);
  const strings = (Array.isArray(args) ? args : []).map((a) => String(a));
  const value = bridge[fn](...strings);
  // After a restore the standard library is not installed: if the call missed a module,
  // install it and make the call again (the bridge is a pure function of its input).
  if (stdlibURL && missingImports && missingImports.length) {
    await loadStdlib();
    missingImports.destroy();
    missingImports = null;
    return bridge[fn](...strings);
  }
  return value;
}

self.onmessage = async (event) => {
  const message = event.data || {};
  if (message.type === "init") {
    if (!booting) {
      booting = boot(String(message.pyodide), String(message.wheel)).then(
        () => self.postMessage({ type: "ready", timings }),
        (error) => self.postMessage({
          type: "failed",
          reason: error.reason || "start",
          detail: String(error && error.message || error),
        }),
      );
    }
    return;
  }
  if (message.type === "call") {
    try {
      if (!bridge) throw new Error("the bridge is not loaded");
      self.postMessage({ type: "result", id: message.id, value: String(await call(message.fn, message.args)) });
    } catch (error) {
      self.postMessage({ type: "error", id: message.id, detail: String(error && error.message || error) });
    }
  }
};
