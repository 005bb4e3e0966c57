"""The compiled core under AddressSanitizer and UndefinedBehaviorSanitizer.

An ASan library cannot be loaded into CPython without preloading tricks, so a small C
driver (``core_driver.c``) is built with the sanitizers together with ``core.c``: it reads
buffers the tests write (valid positions of every preset and objective, each entry point,
the trace; then forged headers and buffers too small) and runs each in a fresh buffer of
exactly its size. Any read or write outside it, or undefined behaviour, stops the driver;
its answers must be the native library's.
"""

from __future__ import annotations

import random
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from marjapussi.analysis import ContractResult, DealPoints, EraUtility, Objective, SolveError
from marjapussi.analysis.core import (
    E_UNFINISHED,
    H_DECL,
    H_HP,
    H_LINE,
    H_NODE_BUDGET,
    H_STATUS,
    HEADER_WORDS,
    MAX_LINE,
    UTILITY_AT,
    CoreLibrary,
    CoreSearch,
    encode,
)

from .core_support import ROOT, core_presets, declaration_forgeries, forgeries, position

DRIVER = Path(__file__).with_name("core_driver.c")
SOURCE = ROOT / "marjapussi" / "analysis" / "core.c"
ENTRIES = ("mp_moves", "mp_solve", "mp_value", "mp_value")
RESUMED = 3
"""The driver's entry code for ``mp_value`` called again while its budget runs out."""
FIRST, LAST = H_STATUS, H_LINE + MAX_LINE


def build_driver(out: Path) -> Path:
    clang = shutil.which("clang")
    if clang is None:
        pytest.skip("clang is not installed: scripts/setup.sh installs it")
    target = out / "core_driver"
    flags = ["-g", "-O1", "-fsanitize=address,undefined", "-fno-sanitize-recover=all"]
    command = [clang, *flags, "-fno-omit-frame-pointer", "-o", str(target), str(DRIVER), str(SOURCE)]
    proc = subprocess.run(command, capture_output=True, text=True, check=False)
    needs = "the sanitizers need compiler-rt (scripts/setup.sh installs it):\n"
    assert proc.returncode == 0, needs + proc.stderr
    return target


Record = tuple[int, int, bytes]


def valid_records(search: CoreSearch) -> list[Record]:
    """Positions of every preset after tricks 5 to 8, each objective and entry point."""
    out: list[Record] = []
    for rules in core_presets():
        for seed in range(6):
            deal = position(rules, 300 + seed, 5, 8)
            if deal is None:
                continue
            objectives: list[Objective] = (
                [ContractResult()] if rules.family == "huutopussi" else [DealPoints(), EraUtility((3, 9), 1)]
            )
            for objective in objectives:
                try:
                    ev = objective.bind(deal)
                except SolveError:  # three-player Huutopussi with no bid
                    continue
                trace = 1 << 16 if seed == 0 else 0
                size = search.size(search.tt_log2, trace)
                words, utility = encode(
                    deal, objective, ev, tt_log2=search.tt_log2, reset=True, trace_words=trace
                )
                data = struct.pack(f"<{len(words)}i", *words)
                data += bytes(UTILITY_AT * 4 - len(data)) + struct.pack(f"<{len(utility)}i", *utility)
                for entry in range(RESUMED):
                    out.append((entry, size, data))
                # the same search in slices of 37 nodes, each call going on where the last stopped
                budgeted = bytearray(data)
                struct.pack_into("<i", budgeted, H_NODE_BUDGET * 4, 37)
                out.append((RESUMED, size, bytes(budgeted)))
    return out


def forged_records(valid: list[Record], rng: random.Random) -> list[Record]:
    """Forged headers of some valid buffers, valid ones in buffers too small, and every
    Marjapussi buffer with declaration points its declared suits cannot give (5 for a
    pair: the search would declare past the era table's cache)."""
    out: list[Record] = []
    for entry, size, data in valid[::7]:
        words = list(struct.unpack(f"<{len(data) // 4}i", data))
        for forged in forgeries(words[:96], rng)[::3]:
            out.append((entry, size, struct.pack(f"<{len(words)}i", *forged, *words[96:])))
        for small in (0, 100, HEADER_WORDS * 4 - 4, HEADER_WORDS * 4, size - 64):
            out.append((entry, small, data))
    for entry, size, data in valid:
        words = list(struct.unpack(f"<{len(data) // 4}i", data))
        if words[H_HP]:
            continue
        for forged in declaration_forgeries(words[:96]):
            if 5 in forged[H_DECL : H_DECL + 2]:
                out.append((entry, size, struct.pack(f"<{len(words)}i", *forged, *words[96:])))
    return out


def native_answers(lib: CoreLibrary, records: list[Record]) -> list[str]:
    """What the native library answers for each record (in a fresh, zeroed buffer)."""
    lines = []
    for entry, size, data in records:
        address = lib.allocate(max(size, len(data), 64))
        assert address is not None
        lib.write(address, data)
        status = lib.call(ENTRIES[entry], address, size)
        tries = 0
        while entry == RESUMED and status == E_UNFINISHED and tries < 1_000_000:
            status = lib.call(ENTRIES[entry], address, size)
            tries += 1
        line = str(status)
        if status >= 0 and size >= LAST * 4:
            words = struct.unpack(f"<{LAST - FIRST}i", lib.read(address + FIRST * 4, (LAST - FIRST) * 4))
            line += "".join(f" {w}" for w in words)
        lines.append(line)
    return lines


def test_the_core_under_the_sanitizers_answers_as_the_native_library(
    core_library: CoreLibrary, tmp_path: Path
) -> None:
    driver = build_driver(tmp_path)
    valid = valid_records(CoreSearch(core_library, 1 << 10))
    records = valid + forged_records(valid, random.Random(9))
    path = tmp_path / "records.bin"
    path.write_bytes(b"".join(struct.pack("<3i", e, s, len(d)) + d for e, s, d in records))
    command = [str(driver), str(path), str(FIRST), str(LAST)]
    proc = subprocess.run(command, capture_output=True, text=True, check=False, timeout=900)
    assert proc.returncode == 0 and not proc.stderr, proc.stderr[-4000:]
    answers = proc.stdout.splitlines()
    assert answers == native_answers(core_library, records)
    statuses = [int(a.split()[0]) for a in answers]
    assert all(s >= 0 for s in statuses[: len(valid)])
    assert sum(s < 0 for s in statuses) > 500 and len(valid) > 90
