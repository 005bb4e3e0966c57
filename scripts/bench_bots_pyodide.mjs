// Run one Python file inside Pyodide under Node, with the marjapussi wheel installed:
//
//   node scripts/bench_bots_pyodide.mjs WHEEL SCRIPT.py
//
// Used by scripts/bench_bots.py to time bot decisions in the same runtime the site's
// widgets use. Prints what the script prints; exits 3 when Pyodide cannot be set up.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function main() {
  const [wheel, script] = process.argv.slice(2);
  if (!wheel || !script) throw new Error("usage: bench_bots_pyodide.mjs WHEEL SCRIPT.py");
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
  console.error(`bench_bots_pyodide: Pyodide ${pyodide.version}`);
  pyodide.runPython(fs.readFileSync(script, "utf8"));
}

main().catch((error) => {
  console.error(`bench_bots_pyodide: ${error && error.stack || error}`);
  process.exit(3);
});
