// Make the widgets' Pyodide memory snapshot, under Node, offline.
//
//   node scripts/make_snapshot.mjs --wheel WHEEL --out FILE [--pyodide DIR] [--leave-out MODULE] [--squeeze KB]
//
// - Boots Pyodide from DIR (default node_modules/pyodide, the npm package pinned in
//   package.json) with _makeSnapshot, unpacks the marjapussi wheel into site-packages as
//   the widgets' worker does (docs/assets/widgets/worker.js), keeps a copy of the files it
//   installed in memory (_MP_FILES, written back by the worker), imports the package
//   (all of it but its command lines, the widgets of one page each and the marriage
//   family: those come as source in _MP_FILES, compiled at their first use), its web
//   bridge and every stdlib module the package imports anywhere (also inside functions;
//   not ctypes, which only CPython uses), then warms the bridge: each widget kind it
//   holds is rendered, handles one action and opens its own shared link, in every
//   language. Fails when the heap grew past the size a restore writes into. What it imports is compiled without docstrings, and the interpreter runs
//   with PYTHONNODEBUGRANGES=1 (no column positions in code objects): together 0.5 MB
//   less to ship, nothing a widget reads. After the warm-up every function's code is
//   replaced by a copy without docstring whose line table names only its def line, its
//   annotations are dropped, and classes and modules lose their docstrings: 0.5 MB less
//   again.
// - Takes pyodide.makeMemorySnapshot(), XORs the static data pyodide.asm.wasm carries
//   out of it (docs/assets/widgets/snapshot_format.mjs: 1.4 MB less to ship) and writes
//   it gzip-compressed to FILE (the browser undoes gzip natively with DecompressionStream).
// - Nothing page-dependent is in it: the bridge takes the language with each call, the
//   package has no clock and no global random state, and the worker reseeds Python's
//   global random generator after a restore anyway.
// - --leave-out MODULE (for the tests): forget that stdlib module after the warm-up, so
//   that the worker has to fetch python_stdlib.zip when a call imports it.
// - --squeeze KB (for the tests): zero the free memory as if the memory ended KB past the
//   heap's end (a warm-up may leave it anywhere from some 0.2 to 0.5 MB short of it).
// Prints one line of figures (`snapshot: raw_mb=... gz_mb=... ...`); exits 0 on
// success, 2 or more on a failure, with the reason on stderr.

import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";

import { pack } from "../docs/assets/widgets/snapshot_format.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function parseArgs(argv) {
  const options = { wheel: null, out: null, pyodide: path.join(ROOT, "node_modules", "pyodide"), leaveOut: [], squeeze: null };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === "--wheel") options.wheel = argv[++i];
    else if (arg === "--out") options.out = argv[++i];
    else if (arg === "--pyodide") options.pyodide = argv[++i];
    else if (arg === "--leave-out") options.leaveOut.push(argv[++i]);
    else if (arg === "--squeeze") options.squeeze = Number(argv[++i]);
    else throw new Error(`unknown argument ${arg}`);
  }
  if (!options.wheel || !options.out) throw new Error("--wheel and --out are required");
  return options;
}

function die(message, code = 2) {
  console.error(`make_snapshot: ${message}`);
  process.exit(code);
}

// Python run before the snapshot: import and warm everything the widgets use.
const WARM = String.raw`
import ast, builtins, dis, gc, html, importlib, json, pkgutil, re, sys, types, weakref
from pathlib import Path

# Every module imported from here on is compiled without its docstrings (asserts are
# kept, unlike python -OO): the package and the stdlib modules it pulls in carry some
# 0.1 MB of compressed docstrings that no widget reads. Undone before the snapshot.
_compile = builtins.compile


def _without_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                docstring = body.pop(0)
                if not body and not isinstance(node, ast.Module):
                    body.append(ast.copy_location(ast.Pass(), docstring))
    return tree


def _compile_module(source, filename, mode, flags=0, dont_inherit=False, optimize=-1, **kwargs):
    if mode == "exec" and isinstance(filename, str) and filename.endswith(".py") \
            and not flags & ast.PyCF_ONLY_AST and not kwargs:
        tree = _compile(source, filename, mode, flags | ast.PyCF_ONLY_AST, dont_inherit, optimize)
        return _compile(_without_docstrings(tree), filename, mode, flags, dont_inherit, optimize)
    return _compile(source, filename, mode, flags, dont_inherit, optimize, **kwargs)


builtins.compile = _compile_module

import marjapussi
from marjapussi.web import bridge

# The widget kinds whose modules the snapshot holds imported and warmed: all but the
# score keeper's, the dispute page's and the course's (one page each), which with
# whatever only they import come as source (the files the worker writes back after a
# restore, below), compiled and warmed once their page is live (docs/assets/widgets/
# worker.js: prepare). Measured (issue 23): with the marriage family 0.21 MB less to ship
# on every first visit; the Play page's widget and the quiz as source too saved 0.08 MB
# more, but the Play page's first deal then took 0.6-1.5 s where it took 0.3 s.
SNAPSHOT_KINDS = ("trick-stepper", "which-card", "asking", "scoring", "quiz", "play")
COMMAND_LINES = {"__main__", "cli"}
# Modules no widget uses: the club night's scoring (the room server's evening reads it). With
# its fractions (and their decimal) it grew the heap past the 30 MB a restore writes into.
SERVER_SIDE = {"club"}
package_dir = Path(marjapussi.__file__).parent


def module_name(file):
    parts = file.relative_to(package_dir.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


# Every module the package imports anywhere, also inside a function: gathered while each
# file is parsed for its imports at load (below), once. (A second parse of every file,
# later in the warm-up, left the heap's end 0.09-0.21 MB short of the 30 MB a restore
# writes into, where it is now 0.27-0.32 MB short, and took half the warm-up's time: with
# the zeroing below, one build in three fell back to no snapshot.)
imported_anywhere = set()


def imported_at_load(file):
    """The package's modules a module imports when it is loaded (not inside a function,
    not for type checking); what it imports anywhere goes into imported_anywhere."""
    name = module_name(file)
    package = name if file.stem == "__init__" else name.rpartition(".")[0]
    found = set()
    tree = ast.parse(file.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported_anywhere.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            imported_anywhere.add(node.module)
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            base = importlib.util.resolve_name("." * node.level + (node.module or ""), package) \
                if node.level else node.module or ""
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {n for n in found if n.startswith("marjapussi")}


modules = {module_name(f): f for f in package_dir.rglob("*.py")
           if f.stem not in COMMAND_LINES | SERVER_SIDE and module_name(f).split(".")[1:2] != ["rooms"]}
edges = {name: imported_at_load(file) & modules.keys() for name, file in modules.items()}


def reached(starts):
    seen, stack = set(), list(starts)
    while stack:
        name = stack.pop()
        if name in seen or name not in modules:
            continue
        seen.add(name)
        stack.extend(edges[name])
        stack.extend(".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1))
    return seen


def kind_module(kind):
    return f"marjapussi.web.{bridge.WIDGETS.names[kind]}"


kept = reached(["marjapussi", "marjapussi.web.bridge", "marjapussi.analysis",
                *(kind_module(kind) for kind in SNAPSHOT_KINDS)])
# And the rule family of Huutopussi with marriage trumps, until a reader picks it (a
# preset of the Play page, the score keeper or the dispute page): its module and every
# module that imports it when loaded (its bots, for instance).
MARRIAGE_FAMILY = {name for name in modules if "marjapussi.marriage_trumps" in reached([name])}
# And the weighing of Huutopussi's bids (the Play page's bidding hint and review), which no
# widget imports when loaded: as source, the warm-up's heap ends some 0.15 MB further from
# the 30 MB a restore writes into (0.27-0.32 MB short of it -> 0.34-0.49) and the snapshot
# is 0.02 MB smaller.
ON_DEMAND = {name for name in modules if "marjapussi.analysis.auction" in reached([name])}
FIRST_USE = (reached(kind_module(kind) for kind in bridge.WIDGETS if kind not in SNAPSHOT_KINDS)
             | MARRIAGE_FAMILY | ON_DEMAND) - kept
# Their sources as the worker will write them back (below): made now, before the imports,
# so that what the parsing takes and frees is used again by them (made last, it left the
# heap past the 30 MB a restore writes into).
FIRST_USE_SOURCES = {}
for name in FIRST_USE:
    source = ast.unparse(_without_docstrings(ast.parse(modules[name].read_text(encoding="utf-8"))))
    _compile(source, str(modules[name]), "exec")  # fails the build, not a reader's click
    FIRST_USE_SOURCES[name] = (str(modules[name]), source.encode())
del source
# Every other module of the package but the command lines (__main__, whose import would
# run one, cli and course.cli, which no widget uses: with argparse and gettext they are
# 45 KB compressed), also those the kept widgets import only inside a function (the
# trick stepper's best card here, for instance).
for info in pkgutil.walk_packages(marjapussi.__path__, "marjapussi."):
    if info.name in modules and info.name not in FIRST_USE:
        importlib.import_module(info.name)
del edges, kept, info

# Every stdlib module the package imports anywhere, also inside a function (the
# bridge keeps urllib.parse off its start-up path, for instance): after a restore the
# widgets need no more of python_stdlib.zip. Except what the package imports only
# outside a browser: ctypes loads the compiled core's native library in CPython (in
# Pyodide the worker hands over the WebAssembly module's exports); with its extension
# module it is some 0.15 MB of snapshot to ship for nothing. And hashlib, with its
# digests' modules: only the course's record_hash uses it, for the build's verdicts and the
# tests (five modules, some 30 KB of snapshot; a page that ever needs it imports it then).
OUTSIDE_BROWSER = {"ctypes", "hashlib"}
for name in sorted(imported_anywhere - OUTSIDE_BROWSER):
    if name.split(".")[0] in sys.stdlib_module_names:
        importlib.import_module(name)

# Each widget kind, in each language: its first view, one action, its shared link.
action_attr = re.compile(r"""data-action='([^']*)'|data-action="([^"]*)\"""")
warmed = 0
for kind in SNAPSHOT_KINDS:
    module = bridge.WIDGETS[kind]
    for lang in ("fi", "en", "ru"):
        page = bridge.render(kind, module.DEFAULT_ARGS, lang)
        state = bridge.initial_state(kind, module.DEFAULT_ARGS)
        found = action_attr.search(page)
        action = json.loads(html.unescape(found.group(1) or found.group(2))) if found else {}
        reply = json.loads(bridge.handle(json.dumps(
            {"widget": kind, "lang": lang, "state": state, "action": action})))
        if not reply.get("html"):
            raise RuntimeError(f"warming {kind} in {lang}: the bridge gave no view: {reply}")
        opened = json.loads(bridge.from_url(kind, bridge.share_query(kind, state).lstrip("?"), lang))
        if not opened.get("html"):
            raise RuntimeError(f"warming {kind} in {lang}: the shared link gave no view")
        warmed += 1
del page, state, found, action, reply, opened
for name in LEAVE_OUT:
    parent, _, child = name.rpartition(".")
    sys.modules.pop(name)
    if parent:
        delattr(sys.modules[parent], child)
# The package's files as the wheel installed them: a snapshot holds memory, not the
# file system, and the worker writes them back after a restore (the package reads its
# data files), with no wheel to fetch and unzip.
# The data files, and the sources of the modules not imported (FIRST_USE), without their
# docstrings and comments (ast.unparse; a traceback's line numbers are the unparsed
# text's): some 40 KB compressed, where imported they would be 0.2 MB. The sources of
# the imported modules would be 0.7 MB of memory shipped for nothing.
site_packages = package_dir.parent
_MP_FILES = {str(p): p.read_bytes() for p in sorted(site_packages.glob("marjapussi*/**/*"))
             if p.is_file() and "__pycache__" not in p.parts
             and p.suffix != ".py"}
_MP_FILES.update((path, source) for name, (path, source) in FIRST_USE_SOURCES.items()
                 if name not in sys.modules)
first_use = len(FIRST_USE - sys.modules.keys())
del modules, FIRST_USE, FIRST_USE_SOURCES, package_dir
# Then what Pyodide imported before the warm-up (some 190 modules, from the compiled
# python_stdlib.zip, so not through the compile hook above) loses its docstrings too,
# and every code object, the package's as well, its line table: each function gets a
# lean copy of its code, whose table maps every instruction to the function's def line
# (the same two bytes per eight instructions over and over). Together 0.4 MB less to
# ship (measured: 4.53 -> 4.14 MiB after recompress). A traceback from the snapshot
# then names the file, the function and its def line, without the line within; an
# empty table would save 0.07 MB more but makes traceback.format_exc() itself fail.
# The copies are not specialised yet (the warm-up's specialisations are gone; a click
# redoes them within a few runs): 0.07 MB less again than keeping them.
_CO_HAS_DOCSTRING = 0x4000000
_LOAD_CONST = dis.opmap["LOAD_CONST"]
_lean_codes = {}


def _def_line_table(code):
    units = len(code.co_code) // 2
    return b"\xef\x00" * (units // 8) + (bytes([0xe8 | (units % 8 - 1), 0]) if units % 8 else b"")


def _lean(code):
    # Keyed by id, with weak references to tell a reused id: the originals die as the
    # loop goes, and their memory holds the copies (keeping them all alive until the end
    # spreads what stays over more memory: 0.3 MB more compressed).
    known = _lean_codes.get(id(code))
    if known is not None and known[0]() is code and known[1]() is not None:
        return known[1]()
    consts = [_lean(c) if type(c) is types.CodeType else c for c in code.co_consts]
    if code.co_flags & _CO_HAS_DOCSTRING and consts and isinstance(consts[0], str) \
            and not any(i.opcode == _LOAD_CONST and i.arg == 0 for i in dis.get_instructions(code)):
        consts[0] = None
    table = _def_line_table(code)
    if table == code.co_linetable and all(a is b for a, b in zip(consts, code.co_consts)):
        lean = code
    else:
        lean = code.replace(co_consts=tuple(consts), co_linetable=table)
    _lean_codes[id(code)] = (weakref.ref(code), weakref.ref(lean))
    _lean_codes[id(lean)] = (weakref.ref(lean), weakref.ref(lean))
    return lean


# A function's annotations are made on demand (PEP 649) by a second function, its
# __annotate__, with its own code: 1150 of them, 0.1 MB compressed. No widget asks for
# annotations (the dataclasses read theirs when their classes were made), and with
# __annotate__ None a function's __annotations__ is {}.
for obj in gc.get_objects():
    if type(obj) is types.FunctionType:
        obj.__code__ = _lean(obj.__code__)
        obj.__doc__ = None
        obj.__annotate__ = None
    elif isinstance(obj, type) and obj.__flags__ & (1 << 9) and isinstance(obj.__dict__.get("__doc__"), str):
        try:  # (1 << 9): a heap type, one made by a class statement
            obj.__doc__ = None
        except (AttributeError, TypeError):
            pass
for module in list(sys.modules.values()):
    if isinstance(getattr(module, "__doc__", None), str):
        try:
            module.__doc__ = None
        except (AttributeError, TypeError):
            pass
del obj, module
# What only the warm-up needed: the standard library zip's directory (the worker reads
# it again if it ever fetches the zip), the sources read for tracebacks.
import linecache, zipimport
builtins.compile = _compile
_lean_codes.clear()
del _compile, _compile_module, _without_docstrings, _lean, _lean_codes, _def_line_table
del name, imported_anywhere, COMMAND_LINES, OUTSIDE_BROWSER
zipimport._zip_directory_cache.clear()
linecache.clearcache()
gc.collect()
[warmed, first_use]
`;

// Zero the heap's free chunks: what the boot and the warm-up allocated and freed is
// still there as garbage and would be compressed and shipped. Fill every free chunk
// below the heap's end with zeroed blocks, largest first, then free them all again.
// A block malloc finds no free chunk for comes from the top chunk (the free memory just
// below the heap's end) and, when that is too small, from sbrk, which grows the memory
// when the heap's end would pass it; a memory grown past what a restore writes into
// makes no snapshot. So, while it zeroes, dlmalloc's footprint limit keeps sbrk within
// the room left (malloc returns 0 where it would pass it), and is lifted again before the
// snapshot. (Before, a block was asked for only while 128 KB of room were left past the
// heap's end: the warm-up leaves 0.23-0.45 MB from run to run, and a run that left less
// zeroed nothing and shipped a snapshot 0.5 MB larger, a first visit over its bound.)
const SBRK_STEP = 1 << 16; // dlmalloc's granularity: it rounds its footprint limit up to 64 KB steps

function zeroFreeMemory(M, room) {
  const sbrkEnd = () => M.HEAPU32[M._emscripten_get_sbrk_ptr() >>> 2];
  const unlimited = M._malloc_footprint_limit();
  M._malloc_set_footprint_limit(M._malloc_footprint() + Math.max(0, Math.floor(room / SBRK_STEP) - 1) * SBRK_STEP);
  const end = sbrkEnd();
  const taken = [];
  let bytes = 0;
  try {
    for (let size = 1 << 16; size >= 16; size >>= 1) {
      for (;;) {
        const ptr = M._malloc(size);
        if (!ptr) break; // past the footprint limit: a smaller block may still fit a free chunk
        taken.push(ptr);
        if (ptr + size > end) break; // fresh memory from the heap's end: already zero
        M.HEAPU8.fill(0, ptr, ptr + size);
        bytes += size;
      }
    }
  } finally {
    taken.forEach((ptr) => M._free(ptr));
    M._malloc_set_footprint_limit(unlimited);
  }
  return bytes;
}

async function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    die(error.message);
  }
  const indexURL = path.resolve(options.pyodide) + path.sep;
  const started = Date.now();
  const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
  const pyodide = await loadPyodide({
    indexURL,
    _makeSnapshot: true,
    // Code objects without column positions (python -X no_debug_ranges): 0.4 MB less
    // to ship; a traceback then marks its lines without the carets under the columns.
    // The flag is read when the interpreter starts, so it stays in force after a restore.
    env: { PYTHONNODEBUGRANGES: "1" },
    stdout: () => {},
    stderr: (line) => console.error(line),
  });
  const booted = Date.now();
  // A restore copies the memory into a fresh instance's, which has the size this one has
  // now: a snapshot of a heap grown past it could not be restored (RangeError).
  const restorable = pyodide._module.HEAP8.length;
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  // A Node Buffer is a typed array Pyodide does not know: pass a plain Uint8Array.
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(options.wheel)), "wheel", { extractDir: sitePackages });
  pyodide.globals.set("LEAVE_OUT", pyodide.toPy(options.leaveOut));
  const [warmed, firstUse] = pyodide.runPython(WARM).toJs();
  pyodide.globals.delete("LEAVE_OUT");
  const modules = pyodide.runPython("import sys; len(sys.modules)");
  const ready = Date.now();
  // --squeeze KB (for the tests): zero as if the memory ended KB past the heap's end, as
  // an unlucky warm-up leaves it, and fail if the heap's end passed that.
  const sbrkEnd = () => pyodide._module.HEAPU32[pyodide._module._emscripten_get_sbrk_ptr() >>> 2];
  const room = pyodide._module.HEAP8.length - sbrkEnd();
  const limit = sbrkEnd() + (options.squeeze === null ? room : Math.min(room, options.squeeze * 1024));
  const zeroed = zeroFreeMemory(pyodide._module, limit - sbrkEnd());
  if (sbrkEnd() > limit) die(`zeroing the free memory took the heap's end ${sbrkEnd() - limit} bytes past ${limit}`);
  if (pyodide._module.HEAP8.length > restorable) {
    die(`the warm-up grew the heap to ${pyodide._module.HEAP8.length} bytes, past the ${restorable} `
      + "a restore writes into: import or keep less before the snapshot");
  }
  const raw = pack(pyodide.makeMemorySnapshot(), fs.readFileSync(path.join(indexURL, "pyodide.asm.wasm")));
  // Level 6: level 9 makes a file 0.7% smaller in five times the time (measured: 5.71 and
  // 5.67 MB; deflate the same; brotli would give 4.5 MB, but DecompressionStream lacks it).
  const gz = zlib.gzipSync(raw, { level: 6 });
  const out = path.resolve(options.out);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out + ".part", gz);
  fs.renameSync(out + ".part", out);
  const mb = (n) => (n / 1048576).toFixed(2);
  console.log(`snapshot: pyodide=${pyodide.version} raw_mb=${mb(raw.length)} gz_mb=${mb(gz.length)} `
    + `zeroed_mb=${mb(zeroed)}${options.squeeze === null ? "" : ` squeezed_to_kb=${options.squeeze}`} modules=${modules} widgets_warmed=${warmed} first_use_modules=${firstUse} boot_ms=${booted - started} `
    + `warm_ms=${ready - booted} total_ms=${Date.now() - started}`);
}

main().catch((error) => die(error && error.stack || String(error), 3));
