"""The core's WebAssembly module inside Pyodide under Node, as the site's worker will load it:
the same values, lines and node counts as the native library on the same positions.

``scripts/bench_bots_pyodide.mjs`` boots Pyodide from node_modules, installs the wheel built
from this checkout, instantiates ``build/core/marjapussi_core.wasm`` and hands its exports
to ``marjapussi.analysis.core.use_wasm``; the script below then runs there and, unchanged,
in this CPython with the native library.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from marjapussi.analysis.core import WASM_NAME, CoreLibrary

from .core_support import ROOT

RUNNER = ROOT / "scripts" / "bench_bots_pyodide.mjs"

SCRIPT = r"""
import json, random
from marjapussi import Deal, find_rules
from marjapussi.analysis import ContractResult, DealPoints, EraUtility, Solver, backend
from marjapussi.deal import Phase
from marjapussi.huutopussi import HuutopussiDeal
from marjapussi.randomplay import random_action


def position(name, seed, tricks):
    rng = random.Random(seed)
    rules = find_rules(name)
    if rules.family == "huutopussi":
        deal = HuutopussiDeal.random(rng, rules)
        while deal.phase is not Phase.PLAY and not deal.is_over():
            deal.push(random_action(deal, rng))
        if deal.is_over():
            return None
    else:
        deal = Deal.random(rng, rules, opening=seed % 2 == 0)
    while len(deal._tricks) < tricks or (deal.pending is None and rng.random() < 0.3 and not deal.is_over()):
        deal.push(random_action(deal, rng, 0.6))
        if deal.is_over():
            return None
    return deal


out = {"backend": backend(find_rules("guild")), "results": []}
cases = [("guild", 1, 0, None)]
cases += [(name, seed, tricks, None) for name in ("guild", "pagat", "huutopussi", "huutopussi3")
          for seed in (1001, 1002) for tricks in (3, 6)]
cases += [("guild", 7, 5, EraUtility((10, 8))), ("pagat", 8, 4, DealPoints(carried=2))]
for name, seed, tricks, objective in cases:
    deal = position(name, seed, tricks)
    if deal is None:
        continue
    solver = Solver(objective, backend="core")
    result = solver.solve(deal)
    out["results"].append({
        "case": [name, seed, tricks, str(objective)],
        "values": {str(a): v for a, v in result.values.items()},
        "best": str(result.best), "line": [str(a) for a in result.line], "nodes": result.nodes,
    })
print(json.dumps(out))
"""


def run_in_pyodide(tmp_path: Path) -> dict[str, object]:
    node = shutil.which("node")
    assert node is not None, "node is not installed: run ./scripts/setup.sh"
    assert (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file(), "run ./scripts/setup.sh"
    from hatchling.builders.wheel import WheelBuilder

    wheel = next(iter(WheelBuilder(str(ROOT)).build(directory=str(tmp_path), versions=["standard"])))
    assert wheel.endswith("-py3-none-any.whl"), wheel
    script = tmp_path / "core_check.py"
    script.write_text(SCRIPT, encoding="utf-8")
    proc = subprocess.run(
        [node, str(RUNNER), wheel, str(script), str(ROOT / "build" / "core" / WASM_NAME)],
        capture_output=True, text=True, check=False, timeout=1200, cwd=ROOT,
    )
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-3000:]
    data: dict[str, object] = json.loads([x for x in proc.stdout.splitlines() if x.startswith("{")][-1])
    return data


def test_the_wasm_core_in_pyodide_gives_the_native_cores_values_and_node_counts(
    core_library: CoreLibrary, tmp_path: Path
) -> None:
    if not (ROOT / "build" / "core" / WASM_NAME).is_file():
        pytest.fail("build/core has no wasm: scripts/build_core.sh builds it (it needs lld)")
    in_pyodide = run_in_pyodide(tmp_path)
    namespace: dict[str, object] = {}
    printed: list[str] = []
    namespace["print"] = printed.append
    exec(SCRIPT, namespace)
    native = json.loads(printed[-1])
    assert in_pyodide["backend"] == native["backend"] == "core"
    assert len(native["results"]) >= 15
    assert in_pyodide["results"] == native["results"]
