"""Work out the course's bidding verdicts (what the site's build does, from the command line).

``python scripts/course_verdicts.py`` writes ``marjapussi/course/data/verdicts.json`` unless
it already stands for the current inputs (``--force``: work them out anyway); ``--deals N``
sets the deals a position (at least 200 for the site). It prints the CPU seconds it took.
See ``site_hooks/course_verdicts.py``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from site_hooks.course_verdicts import DEALS, build


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=DEALS, help=f"deals a position (default {DEALS})")
    parser.add_argument("--force", action="store_true", help="work the verdicts out even if up to date")
    args = parser.parse_args(argv)
    try:
        print(build(args.deals, force=args.force))
    except ValueError as err:
        print(f"course_verdicts: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
