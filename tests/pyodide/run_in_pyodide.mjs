// Run the package's own pytest tests inside real Pyodide, under Node, offline.
//
//   node tests/pyodide/run_in_pyodide.mjs --wheel WHEEL --deps DIR [--doctests]
//        [--snapshot FILE] -- PYTEST_ARGS...
//
// - Pyodide comes from node_modules/pyodide (the npm package pinned in package.json).
// - WHEEL is the marjapussi wheel built from the working tree; DIR holds the pure-Python
//   wheels of pytest, hypothesis and their dependencies (downloaded by scripts/setup.sh
//   from tests/pyodide/wheels.txt). All are installed with pyodide.loadPackage(path).
// - The named test files, with the Python files of their folders and the __init__.py
//   files above them, are copied into Pyodide's in-memory file system; pytest runs there
//   with PYTEST_ARGS (paths relative to the repository). --doctests adds the doctests of
//   the installed package.
// - --snapshot FILE: boot from that memory snapshot (as the site's build makes it with
//   scripts/make_snapshot.mjs) instead of the normal way, as the widgets' worker
//   does: the package comes back imported from it, and the tests run against those very
//   modules (its files are installed again, the file system is not in a snapshot).
// Exits with pytest's exit code (2 or more for a failure to set up).

import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const HOME = "/home/pyodide/repo";

function parseArgs(argv) {
  const options = { wheel: null, deps: null, doctests: false, snapshot: null, pytest: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === "--") { options.pytest = argv.slice(i + 1); break; }
    if (arg === "--wheel") options.wheel = argv[++i];
    else if (arg === "--deps") options.deps = argv[++i];
    else if (arg === "--doctests") options.doctests = true;
    else if (arg === "--snapshot") options.snapshot = argv[++i];
    else throw new Error(`unknown argument ${arg}`);
  }
  if (!options.wheel || !options.deps) throw new Error("--wheel and --deps are required");
  return options;
}

function die(message) {
  console.error(`run_in_pyodide: ${message}`);
  process.exit(3);
}

// The repository files pytest needs: each named test file's folder (*.py) and the
// __init__.py of every folder above it, up to the repository root.
function filesToCopy(testArgs) {
  const files = new Set();
  for (const arg of testArgs) {
    if (arg.startsWith("-")) continue;
    const file = arg.split("::")[0];
    const full = path.resolve(ROOT, file);
    if (!fs.existsSync(full)) continue;
    let folder = fs.statSync(full).isDirectory() ? full : path.dirname(full);
    for (const name of fs.readdirSync(folder)) {
      if (name.endsWith(".py")) files.add(path.join(folder, name));
    }
    while (folder.startsWith(ROOT) && folder !== ROOT) {
      const init = path.join(folder, "__init__.py");
      if (fs.existsSync(init)) files.add(init);
      folder = path.dirname(folder);
    }
  }
  return [...files].map((f) => path.relative(ROOT, f));
}

async function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    die(error.message);
  }
  const started = Date.now();
  const { loadPyodide } = await import(path.join(ROOT, "node_modules", "pyodide", "pyodide.mjs"));
  let snapshot;
  if (options.snapshot) {
    // The site's format (docs/assets/widgets/snapshot_format.mjs): gzip, then the static
    // data of pyodide.asm.wasm XORed out.
    const { unpack } = await import(path.join(ROOT, "docs", "assets", "widgets", "snapshot_format.mjs"));
    snapshot = unpack(new Uint8Array(zlib.gunzipSync(fs.readFileSync(options.snapshot))),
      new Uint8Array(fs.readFileSync(path.join(ROOT, "node_modules", "pyodide", "pyodide.asm.wasm"))));
  }
  const pyodide = await loadPyodide({
    indexURL: path.join(ROOT, "node_modules", "pyodide") + path.sep,
    _loadSnapshot: snapshot,
    stdout: () => {},
    stderr: () => {},
  });
  const booted = Date.now();
  let restored = "";
  if (snapshot) {
    // What the widgets' worker does after a restore (docs/assets/widgets/worker.js), and
    // proof that the package came from the snapshot, not from the wheel installed below.
    restored = pyodide.runPython(`
import random, sys, zipimport
random.seed()
zipimport._zip_directory_cache.clear()
if "marjapussi.web.bridge" not in sys.modules:
    raise SystemExit("the snapshot holds no marjapussi.web.bridge")
f"from a snapshot holding {len(sys.modules)} modules, marjapussi.web.bridge among them"
`);
  }

  const wheels = [
    path.resolve(options.wheel),
    ...fs.readdirSync(options.deps).filter((n) => n.endsWith(".whl")).sort()
      .map((n) => path.resolve(options.deps, n)),
  ];
  for (const wheel of wheels) {
    if (!/-none-any\.whl$/.test(wheel)) die(`${wheel} is not a pure-Python wheel`);
  }
  const errors = [];
  await pyodide.loadPackage(wheels, {
    messageCallback: () => {},
    errorCallback: (message) => errors.push(message),
  });
  if (errors.length) die(`loadPackage failed:\n${errors.join("\n")}`);
  // loadPackage does not throw on a failed load: import what must be there.
  try {
    pyodide.runPython(`
import importlib.util
missing = [m for m in ("marjapussi", "pytest", "hypothesis") if importlib.util.find_spec(m) is None]
if missing:
    raise ImportError("not installed: " + ", ".join(missing))
`);
  } catch (error) {
    die(`the wheels did not install: ${error.message}`);
  }

  for (const file of filesToCopy(options.pytest)) {
    const target = path.posix.join(HOME, file.split(path.sep).join("/"));
    pyodide.FS.mkdirTree(path.posix.dirname(target));
    pyodide.FS.writeFile(target, fs.readFileSync(path.join(ROOT, file)));
  }

  // A conftest.py above the tests: Pyodide is slower than CPython, so no example of
  // hypothesis has a deadline (tests that set their own settings keep them).
  pyodide.FS.writeFile(path.posix.join(HOME, "conftest.py"), [
    "from hypothesis import settings",
    'settings.register_profile("pyodide", deadline=None)',
    'settings.load_profile("pyodide")',
    "",
  ].join("\n"));
  const write = (stream) => ({ write: (bytes) => { stream.write(bytes); return bytes.length; } });
  pyodide.setStdout(write(process.stdout));
  pyodide.setStderr(write(process.stderr));
  // rootdir: the copied repository, so that the conftest.py above is loaded.
  const args = ["-p", "no:cacheprovider", "-o", "addopts=", "--rootdir", HOME, ...options.pytest];
  if (options.doctests) args.push("--doctest-modules", "--pyargs", "marjapussi");
  pyodide.globals.set("PYTEST_ARGS", pyodide.toPy(args));
  console.log(`run_in_pyodide: Pyodide ${pyodide.version} booted in ${booted - started} ms ${restored}; `
    + `${wheels.length} wheels installed; pytest ${args.join(" ")}`);
  const code = pyodide.runPython(`
import os, sys
os.chdir(${JSON.stringify(HOME)})
sys.dont_write_bytecode = True
import pytest
int(pytest.main(list(PYTEST_ARGS)))
`);
  console.log(`run_in_pyodide: pytest exit code ${code} after ${Date.now() - started} ms in all`);
  process.exit(code);
}

main().catch((error) => die(error && error.stack || String(error)));
