// Run one Python file inside Pyodide under Node, with the marjapussi wheel installed:
//
//   node scripts/bench_bots_pyodide.mjs WHEEL SCRIPT.py [CORE.wasm]
//
// Used by scripts/bench_bots.py to time bot decisions in the same runtime the site's
// widgets use, and (with CORE.wasm) by scripts/bench_analysis.py and
// tests/analysis/test_core_wasm.py: the compiled search core is instantiated here, as the
// site's worker does, and its exports handed to Python with the Uint8Array constructor
// (marjapussi.analysis.core.use_wasm). Prints what the script prints; exits 3 when
// Pyodide or the core cannot be set up.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function main() {
  const [wheel, script, core] = process.argv.slice(2);
  if (!wheel || !script) throw new Error("usage: bench_bots_pyodide.mjs WHEEL SCRIPT.py [CORE.wasm]");
  const { loadPyodide } = await import(path.join(ROOT, "node_modules", "pyodide", "pyodide.mjs"));
  const pyodide = await loadPyodide({
    indexURL: path.join(ROOT, "node_modules", "pyodide") + path.sep,
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
  });
  const errors = [];
  await pyodide.loadPackage([path.resolve(wheel)], {
    messageCallback: () => {},
    errorCallback: (message) => errors.push(message),
  });
  if (errors.length) throw new Error(`loadPackage failed: ${errors.join("; ")}`);
  if (core) {
    const { instance } = await WebAssembly.instantiate(fs.readFileSync(core), {});
    pyodide.globals.set("CORE_EXPORTS", instance.exports);
    pyodide.globals.set("CORE_UINT8ARRAY", Uint8Array);
    pyodide.runPython(`
from marjapussi.analysis import core
if core.use_wasm(CORE_EXPORTS, CORE_UINT8ARRAY) is None:
    raise SystemExit("the core's wasm is another version than the package")
del CORE_EXPORTS, CORE_UINT8ARRAY
`);
  }
  console.error(`bench_bots_pyodide: Pyodide ${pyodide.version}${core ? ` with the core ${core}` : ""}`);
  pyodide.runPython(fs.readFileSync(script, "utf8"));
}

main().catch((error) => {
  console.error(`bench_bots_pyodide: ${error && error.stack || error}`);
  process.exit(3);
});
