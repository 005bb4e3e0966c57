// The widgets' worker: boots Pyodide off the page's main thread, unpacks the
// marjapussi wheel and answers the runtime's calls with marjapussi.web.bridge.
//
// Messages in:  {type: "init", pyodide: URL of the Pyodide folder, wheel: URL of the wheel}
//               {type: "call", id, fn: "handle" | "from_url", args: [strings]}
//               {type: "prepare", kinds: [widget kinds of the page]} (after "ready")
// Messages out: {type: "ready", timings, files} | {type: "failed", reason: "download" | "start", detail}
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
//
// The boot overlaps its steps (issue 15): at the start the worker asks for the snapshot,
// pyodide.asm.wasm and both of Pyodide's module scripts at once; the wasm is compiled
// while the snapshot streams in and is gunzipped as it comes, and Pyodide instantiates
// that compiled module (useCompiledWasm) instead of compiling it after the snapshot is
// unpacked. The normal boot, and the fallback to it, use the compiled module too.
// timings (ms) for scripts/bench_site.py: the laps of the boot (import_pyodide_mjs,
// restore_snapshot or load_pyodide, ...), and inside Pyodide's boot make_module (the
// Emscripten module made; module_before_wasm, wasm_instantiate and module_after_wasm
// split it), copy_memory (the snapshot copied into the memory) and finalize_bootstrap;
// wasm_compiled_at: when the compiled module was ready, from the start of the boot.
//
// Pyodide's files come packed (issue 23): when the worker's address names their version
// (packed=HASH), pyodide.mjs, pyodide.asm.mjs and pyodide.asm.wasm are fetched gzipped
// (NAME-gzip.bin, site_hooks/runtime.py) and unpacked here as they stream in: the wasm
// compiles while it downloads, the two module scripts are imported from the unpacked
// text. A host that compresses nothing would otherwise send the wasm's 9.4 MB as they are.
// Pyodide's own request for pyodide.asm.wasm never reaches the network (useCompiledWasm).
// Without DecompressionStream the plain files are used.
// The ready message lists the addresses the worker fetched (files): the page's service
// worker keeps those from the browser's cache instead of downloading them again.
//
// The compiled search core (issue 21): when the worker's address names its version
// (core=HASH, site_hooks/runtime.py), marjapussi_core.wasm is fetched from the Pyodide
// folder and compiled and instantiated (it imports nothing) at the start of the boot,
// beside everything else, and its exports are handed to Python
// (marjapussi.analysis.core.use_wasm, with the Uint8Array constructor to see its memory)
// once the bridge is there, before "ready": every call is served by the core where the
// package says it serves the rules. Nothing is decided here. Should anything fail (no
// such file, another version of the core), the pure-Python solver serves and the
// widgets say their early values are estimates. timings.core: "wasm" | "none" | why not.

let bridge = null;
let booting = null;
let coreInstance = null; // Promise<WebAssembly.Instance> of the compiled core, or null

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

// The packed copies of Pyodide's files: their version, from the worker's own address, or
// null when the plain files are to be used (none named, or no DecompressionStream).
const PACKED = (() => {
  const named = new URL(self.location.href).searchParams.get("packed");
  return named && /^[0-9a-f]+$/.test(named) && typeof DecompressionStream === "function" ? named : null;
})();

// A file of the Pyodide folder as a response with its plain bytes: the packed copy
// unpacked as it streams in, or the plain file.
async function pyodideFile(pyodideURL, name, type) {
  const url = new URL(PACKED ? `${name}-gzip.bin?v=${PACKED}` : name, pyodideURL).href;
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`${url}: HTTP ${answer.status}`);
  if (!PACKED) return answer;
  return new Response(answer.body.pipeThrough(new DecompressionStream("gzip")),
    { headers: { "Content-Type": type } });
}

// One of Pyodide's module scripts, imported from the Pyodide folder: from its unpacked
// text when packed (pyodide.asm.mjs finds nothing by its own address: Pyodide gives it
// every address it needs).
async function importPyodide(pyodideURL, name) {
  if (!PACKED) return import(new URL(name, pyodideURL).href);
  const source = await (await pyodideFile(pyodideURL, name, "text/javascript")).text();
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  try {
    return await import(url);
  } finally {
    URL.revokeObjectURL(url);
  }
}

// pyodide.asm.wasm, fetched once by the worker itself at the start of the boot: compiled
// at once (WebAssembly.compileStreaming, on V8's background threads, as it downloads and
// unpacks) while the snapshot downloads and unpacks, and its bytes kept for unpack() when
// a snapshot needs them. Pyodide's loadPyodide would compile it only after the snapshot
// is unpacked (it awaits _loadSnapshot before it instantiates the module); useCompiledWasm()
// hands it this module.
// {module: Promise<WebAssembly.Module>, bytes: Promise<ArrayBuffer> | null}
function startWasm(pyodideURL, wantBytes) {
  const started = performance.now();
  const response = pyodideFile(pyodideURL, "pyodide.asm.wasm", "application/wasm");
  // Both readers of the one response are made in the same turn, before its body is read.
  const readers = response.then((answer) => {
    const bytes = wantBytes ? answer.clone().arrayBuffer() : null;
    let module;
    if (typeof WebAssembly.compileStreaming === "function") {
      // A server that sends it without Content-Type application/wasm: compile the bytes.
      module = WebAssembly.compileStreaming(answer).catch((error) => {
        if (!bytes) throw error;
        return bytes.then((b) => WebAssembly.compile(b));
      });
    } else {
      module = (bytes || answer.arrayBuffer()).then((b) => WebAssembly.compile(b));
    }
    module.then(() => { timings.wasm_compiled_at = Math.round(performance.now() - started); }, () => {});
    return { module, bytes };
  });
  const module = readers.then((r) => r.module);
  const bytes = wantBytes ? readers.then((r) => r.bytes) : null;
  module.catch(() => {});
  if (bytes) bytes.catch(() => {});
  return { module, bytes };
}

// The version of the compiled core the site serves, from the worker's own address, or null.
const CORE = (() => {
  const named = new URL(self.location.href).searchParams.get("core");
  return named && /^[0-9a-f]+$/.test(named) ? named : null;
})();

// The compiled core, fetched, compiled and instantiated beside Pyodide's boot (compiled
// as it downloads where the host sends it as application/wasm, else from its bytes).
// WebAssembly.instantiateStreaming is left alone: useCompiledWasm() stands in for it
// while Pyodide boots.
function startCore(pyodideURL) {
  if (!CORE || typeof WebAssembly !== "object") return null;
  const started = performance.now();
  const url = new URL(`marjapussi_core.wasm?v=${CORE}`, pyodideURL).href;
  const instance = fetch(url).then(async (answer) => {
    if (!answer.ok) throw new Error(`${url}: HTTP ${answer.status}`);
    const bytes = answer.clone().arrayBuffer();
    bytes.catch(() => {});
    let module;
    try {
      module = await WebAssembly.compileStreaming(answer);
    } catch (error) {
      module = await WebAssembly.compile(await bytes);
    }
    const made = await WebAssembly.instantiate(module, {});
    timings.core_ready_at = Math.round(performance.now() - started);
    return made;
  });
  instance.catch(() => {});
  return instance;
}

// Hand the compiled core to Python; any failure leaves the pure-Python solver serving.
async function bindCore() {
  if (!coreInstance) {
    timings.core = "none";
    return;
  }
  try {
    const { exports } = await coreInstance;
    const module = pyodide.pyimport("marjapussi.analysis.core");
    try {
      const bound = module.use_wasm(exports, Uint8Array);
      timings.core = bound ? "wasm" : "another version";
      if (bound && typeof bound.destroy === "function") bound.destroy();
    } finally {
      module.destroy();
    }
  } catch (error) {
    timings.core = String(error && error.message || error).slice(0, 300);
  }
}

// The hook that makes Pyodide instantiate the module compiled above. Pyodide 314.0.7's
// instantiateWasm (getInstantiateWasmFunc in pyodide.mjs) fetches pyodide.asm.wasm and
// calls WebAssembly.instantiateStreaming(response, imports) once, in the browser, after
// adding its own imports: for the length of one loadPyodide, in this worker's scope only,
// Pyodide's fetch of the file is answered with an empty stand-in, which never reaches
// the network, and that call with WebAssembly.instantiate(the compiled module, imports).
// Should the early compile have failed, Pyodide gets the plain file from the network
// after all. timings.wasm: "compiled early" when it was so, "pyodide" when Pyodide
// compiled it itself (the early compile failed, or another Pyodide build no longer calls
// this). Returns what undoes it.
let moduleStarted = 0;
let wasmDone = 0;
function useCompiledWasm(compiled, pyodideURL) {
  const real = WebAssembly.instantiateStreaming;
  const realFetch = self.fetch;
  if (!compiled || typeof real !== "function") return () => {};
  const plain = new URL("pyodide.asm.wasm", pyodideURL).href;
  timings.wasm = "pyodide";
  self.fetch = function fetchOtherThanTheWasm(resource, options) {
    if (String(resource instanceof Request ? resource.url : resource) === plain) {
      return Promise.resolve(new Response(new Uint8Array(0), { headers: { "Content-Type": "application/wasm" } }));
    }
    return realFetch.call(self, resource, options);
  };
  WebAssembly.instantiateStreaming = async function instantiateStreaming(source, imports) {
    WebAssembly.instantiateStreaming = real;
    let module;
    try {
      module = await compiled;
    } catch (error) {
      return real.call(WebAssembly, realFetch.call(self, plain), imports);
    }
    const started = performance.now();
    timings.module_before_wasm = Math.round(started - moduleStarted);
    const instance = await WebAssembly.instantiate(module, imports);
    timings.wasm_instantiate = Math.round(performance.now() - started);
    timings.wasm = "compiled early";
    wasmDone = performance.now();
    return { instance, module };
  };
  return () => {
    WebAssembly.instantiateStreaming = real;
    self.fetch = realFetch;
  };
}

// The snapshot's bytes, checked and unpacked, or an exception saying what was wrong.
// The file is gunzipped as it streams in; its SHA-256 is checked on the whole file before
// the unpacked bytes are used. The static data of pyodide.asm.wasm is XORed out of it
// (snapshot_format.mjs): the wasm's bytes come from startWasm().
async function snapshotBytes(url, wasmBytes) {
  const expected = (/snapshot-([0-9a-f]{12,64})\.bin$/.exec(new URL(url).pathname) || [])[1];
  if (!expected) throw new Error(`no hash in the snapshot's name ${url}`);
  if (typeof DecompressionStream !== "function") throw new Error("no DecompressionStream");
  const started = performance.now();
  const version = new URL(self.location.href).searchParams.get("v");
  const format = import(new URL(`snapshot_format.mjs${version ? `?v=${version}` : ""}`, self.location.href).href);
  format.catch(() => {});
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const [whole, toGunzip] = response.body.tee();
  const unpacked = new Response(toGunzip.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  unpacked.catch(() => {});
  const packed = await new Response(whole).arrayBuffer();
  timings.snapshot_fetch = Math.round(performance.now() - started);
  const digest = hex(await crypto.subtle.digest("SHA-256", packed));
  if (!digest.startsWith(expected)) throw new Error(`snapshot hash mismatch: ${digest.slice(0, expected.length)}`);
  const contents = new Uint8Array(await unpacked);
  timings.snapshot_gunzip_wait = Math.round(performance.now() - started) - timings.snapshot_fetch;
  const bytes = (await format).unpack(contents, new Uint8Array(await wasmBytes));
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
# Among them the sources of the widget modules the snapshot holds unimported (the score
# keeper's, the Play page's, ...: scripts/make_snapshot.mjs), compiled when first used.
for path, data in _MP_FILES.items():
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(data)
del _MP_FILES
# The directories' listings as read when the snapshot was made: read them again. (Only the
# file finders': importlib.invalidate_caches() would also make zipimport read the standard
# library's zip, which a restore does not install.)
from importlib.machinery import FileFinder
[f.invalidate_caches() for f in list(sys.path_importer_cache.values()) if isinstance(f, FileFinder)]
del FileFinder
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

// loadPyodide's options for either boot: the module script imported by the worker (at the
// start of the boot, beside everything else) and Pyodide's steps timed: the module made
// (the wasm instantiated), the memory restored, the interpreter's bootstrap finished.
function pyodideOptions(pyodideURL, createModule) {
  return {
    indexURL: pyodideURL,
    ...QUIET,
    createPyodideModule: async (settings) => {
      const create = await createModule;
      moduleStarted = performance.now();
      const module = await create(settings);
      timings.make_module = Math.round(performance.now() - moduleStarted);
      if (wasmDone) timings.module_after_wasm = Math.round(performance.now() - wasmDone);
      const api = module.API;
      for (const step of ["restoreSnapshot", "finalizeBootstrap"]) {
        const real = api && api[step];
        if (typeof real !== "function") continue;
        api[step] = function timed(...args) {
          const begun = performance.now();
          try {
            return real.apply(this, args);
          } finally {
            timings[step === "restoreSnapshot" ? "copy_memory" : "finalize_bootstrap"] =
              Math.round(performance.now() - begun);
          }
        };
      }
      return module;
    },
  };
}

async function bootFromSnapshot(loadPyodide, options, snapshot, compiled) {
  const restore = useCompiledWasm(compiled, options.indexURL);
  try {
    pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot, stdLibURL: EMPTY_ZIP });
  } finally {
    restore();
  }
  lap("restore_snapshot");
  // What Emscripten sets when it starts in a browser (the snapshot holds Node's value).
  const lang = `${((navigator.languages && navigator.languages[0]) || "C").replace("-", "_")}.UTF-8`;
  const missing = pyodide.runPython(`LANG = ${JSON.stringify(lang)}\n${AFTER_RESTORE}\n_MissingImports.names`);
  bridge = pyodide.globals.get("bridge");
  if (!bridge || typeof bridge.handle !== "function") throw new Error("the snapshot holds no bridge");
  missingImports = missing;
  stdlibURL = new URL("python_stdlib.zip", options.indexURL).href;
  lap("after_restore");
}

async function bootNormally(loadPyodide, options, wheel, compiled) {
  const restore = useCompiledWasm(compiled, options.indexURL);
  try {
    // pyodide-lock.json of the site lists no package (site_hooks/runtime.py): the
    // wheel is unpacked below, nothing else is installed.
    pyodide = await loadPyodide(options);
  } catch (error) {
    // A blocked or broken download of the interpreter ends here too.
    throw Object.assign(new Error(String(error)), { reason: "start" });
  } finally {
    restore();
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
  // Ask for everything at once: the snapshot (or else the wheel), pyodide.asm.wasm (which
  // compiles while the snapshot downloads and unpacks) and Pyodide's two module scripts.
  // The snapshot holds the package's files: the wheel is only for a normal boot.
  const named = new URL(self.location.href).searchParams.get("snapshot");
  const useSnapshot = Boolean(named && /^snapshot-[0-9a-f]+\.bin$/.test(named));
  const wasm = startWasm(pyodideURL, useSnapshot);
  coreInstance = startCore(pyodideURL);
  const snapshot = useSnapshot ? snapshotBytes(new URL(named, pyodideURL).href, wasm.bytes) : null;
  if (snapshot) snapshot.catch(() => {});
  const wheel = snapshot ? null : fetchBytes(wheelURL);
  if (wheel) wheel.catch(() => {});
  const createModule = importPyodide(pyodideURL, "pyodide.asm.mjs").then((m) => m.default);
  createModule.catch(() => {});
  let loadPyodide;
  try {
    ({ loadPyodide } = await importPyodide(pyodideURL, "pyodide.mjs"));
  } catch (error) {
    throw Object.assign(new Error(String(error)), { reason: "download" });
  }
  lap("import_pyodide_mjs");
  const options = pyodideOptions(pyodideURL, createModule);
  if (snapshot) {
    try {
      await bootFromSnapshot(loadPyodide, options, snapshot, wasm.module);
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
  await bootNormally(loadPyodide, options, wheel || fetchBytes(wheelURL), wasm.module);
  timings.boot = "normal";
}

// The addresses this worker has fetched (its own script's among them), for the page's
// service worker.
function fetchedFiles() {
  const entries = typeof performance.getEntriesByType === "function" ? performance.getEntriesByType("resource") : [];
  return [self.location.href, ...entries.map((entry) => entry.name).filter((name) => /^https?:/.test(name))];
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

// After "ready", the runtime names the widget kinds of its page: their modules are
// imported and each drawn once now, while the reader looks at the page, so that a first
// click does not wait for a module the snapshot holds as source only, nor for what its
// warm-up would have read (the course's exercises: scripts/make_snapshot.mjs). A failure
// here comes again, and is reported, at the click.
const PREPARE = `
for kind in KINDS:
    if kind in bridge.WIDGETS:
        try:
            bridge.render(kind, bridge.WIDGETS[kind].DEFAULT_ARGS, "en")
        except Exception:
            pass
del kind, KINDS
`;

function prepare(kinds) {
  const wanted = (Array.isArray(kinds) ? kinds : []).filter((kind) => typeof kind === "string");
  if (!bridge || !wanted.length) return;
  const started = performance.now();
  try {
    pyodide.runPython(`KINDS = ${JSON.stringify(wanted)}\n${PREPARE}`);
  } catch (error) {
    // nothing to do: the click says what went wrong
  }
  timings.prepare_ms = Math.round(performance.now() - started);
}

self.onmessage = async (event) => {
  const message = event.data || {};
  if (message.type === "prepare") {
    if (booting) await booting;
    prepare(message.kinds);
    return;
  }
  if (message.type === "init") {
    if (!booting) {
      booting = boot(String(message.pyodide), String(message.wheel)).then(bindCore).then(
        () => self.postMessage({ type: "ready", timings, files: fetchedFiles() }),
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
