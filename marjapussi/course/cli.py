"""The ``exercises`` command: list the course by stage, with the rule ids each practises.

>>> import io
>>> out = io.StringIO()
>>> run("en", False, out)
0
>>> print(out.getvalue().splitlines()[1])
   cards-1  ask:winner-card  deck, trick-winner
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from ..messages import LANGUAGES
from . import STAGES, stage_exercises

__all__ = ["add_command", "listing", "run"]


def add_command(sub: Any, default_lang: str) -> None:
    """Add ``exercises`` to the command line's subcommands."""
    cmd: argparse.ArgumentParser = sub.add_parser(
        "exercises", help="list the course's exercises by stage with the rule ids each practises"
    )
    cmd.add_argument("--json", action="store_true", help="machine-readable output")
    cmd.add_argument("--lang", choices=LANGUAGES, default=default_lang)


def _link(ident: str, lang: str) -> str:
    prefix = "" if lang == "fi" else f"{lang}/"
    return f"{prefix}course/?w=course&p={ident}#w-course"


def listing(lang: str) -> list[dict[str, Any]]:
    """The stages in order, each with its name and its exercises (id, goal, rule ids, link)."""
    from ..web.course_texts import ct

    return [
        {
            "stage": stage,
            "name": ct(f"stage:{stage}", lang),
            "exercises": [
                {"id": e.id, "goal": e.goal, "practises": list(e.practises), "link": _link(e.id, lang)}
                for e in stage_exercises(stage)
            ],
        }
        for stage in STAGES
    ]


def run(lang: str, as_json: bool, out: TextIO) -> int:
    """Print the listing (text or JSON); return the exit status."""
    stages = listing(lang)
    if as_json:
        print(json.dumps({"stages": stages}, ensure_ascii=False, indent=2), file=out)
        return 0
    for n, stage in enumerate(stages, 1):
        print(f"{n}. {stage['name']} ({stage['stage']})", file=out)
        for e in stage["exercises"]:
            print(f"   {e['id']}  {e['goal']}  {', '.join(e['practises'])}", file=out)
    return 0
