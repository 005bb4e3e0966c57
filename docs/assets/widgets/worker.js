// The widgets' worker: boots Pyodide off the page's main thread, unpacks the
// marjapussi wheel and answers the runtime's calls with marjapussi.web.bridge.
//
// Messages in:  {type: "init", pyodide: URL of the Pyodide folder, wheel: URL of the wheel}
//               {type: "call", id, fn: "handle" | "from_url", args: [strings]}
// Messages out: {type: "ready"} | {type: "failed", reason: "download" | "start", detail}
//               {type: "result", id, value: JSON string} | {type: "error", id, detail}
//
// Everything Python returns is passed on as the string it is; the runtime parses it.

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

async function boot(pyodideURL, wheelURL) {
  clock = performance.now();
  // Ask for the wheel at once: it downloads while the interpreter starts.
  const wheel = fetchBytes(wheelURL);
  wheel.catch(() => {});
  let loadPyodide;
  try {
    ({ loadPyodide } = await import(new URL("pyodide.mjs", pyodideURL).href));
  } catch (error) {
    throw Object.assign(new Error(String(error)), { reason: "download" });
  }
  lap("import_pyodide_mjs");
  let pyodide;
  try {
    pyodide = await loadPyodide({
      // pyodide-lock.json of the site lists no package (site_hooks/runtime.py): the
      // wheel is unpacked below, nothing else is installed.
      indexURL: pyodideURL,
      stdout: () => {},
      stderr: () => {},
    });
  } catch (error) {
    // A blocked or broken download of the interpreter ends here too.
    throw Object.assign(new Error(String(error)), { reason: "start" });
  }
  lap("load_pyodide");
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
    bridge = pyodide.pyimport("marjapussi.web.bridge");
    lap("import_bridge");
  } catch (error) {
    throw Object.assign(new Error(String(error)), { reason: "start" });
  }
}

function call(fn, args) {
  if (fn !== "handle" && fn !== "from_url") throw new Error(`no such call ${fn}`);
  const strings = (Array.isArray(args) ? args : []).map((a) => String(a));
  return bridge[fn](...strings);
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
      self.postMessage({ type: "result", id: message.id, value: String(call(message.fn, message.args)) });
    } catch (error) {
      self.postMessage({ type: "error", id: message.id, detail: String(error && error.message || error) });
    }
  }
};
