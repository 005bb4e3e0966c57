"""The bots' turns off the event loop: a club bot's think never stalls the other rooms.

``BotRunner`` hands a game (a small frozen ``Game``) and a level to an executor and
gets back the model's action code: a process pool in the server (``python -m marjapussi
table``), the loop's thread pool by default, and whatever a test gives it. The
functions run in the executor are plain module functions, so a process pool can call
them; they ask the model (``Game.decision``), which is seeded, so the same position
gives the same move wherever it is computed.

A process pool's workers end with the server: ``close`` waits for them when the server
stops, and each worker (``watch_parent``, the pool's initializer) ends itself when the
server's process is gone, killed too, so that no bot worker is left running.

>>> from marjapussi.game import Game
>>> len(decide_code(Game.new("guild", 3), "random"))
2
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
from concurrent.futures import Executor
from multiprocessing.connection import wait

from ..cards import Seat
from ..game import Game, ReviewItem, code_of
from ..messages import LANGUAGES
from ..web.table_view import hint_text, reason_text

__all__ = ["BotRunner", "decide_code", "hint_texts", "reason_of", "reviews_of", "watch_parent"]


def watch_parent() -> None:
    """In a worker process of the bots' pool (its initializer): end the worker as soon as the
    process that started it has ended, however it ended (a server killed leaves no worker)."""
    parent = multiprocessing.parent_process()
    if parent is None:  # not a worker: nothing to watch
        return

    def watch() -> None:
        wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def decide_code(game: Game, level: str) -> str:
    """The action code of a bot of ``level`` to act in the game's deal in play."""
    decision = game.decision(level)
    return code_of(game.position().deal, decision.action)


def reason_of(game: Game, level: str, index: int, lang: str) -> str:
    """Why the bot of ``level`` took action number ``index`` of the deal in play, in words."""
    seat, action = game.position().deal.history[index]
    return reason_text(seat, action, game.decision(level, index), lang)


def hint_texts(game: Game, level: int) -> dict[str, str]:
    """The hint of ``level`` (``Game.hint``) for the seat to act, in every language."""
    hint = game.hint(level)
    return {lang: hint_text(hint, lang) for lang in LANGUAGES}


def reviews_of(game: Game, seats: tuple[Seat, ...]) -> dict[Seat, tuple[ReviewItem, ...]]:
    """The review (``Game.review``) of each of ``seats`` in the game's finished deal in play."""
    return {seat: game.review(seat) for seat in seats}


class BotRunner:
    """Runs the bots' decisions in an executor (``None``: the event loop's default pool)."""

    def __init__(self, executor: Executor | None = None) -> None:
        self.executor = executor

    async def decide(self, game: Game, level: str) -> str:
        """The action code the bot chooses (computed off the event loop)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, decide_code, game, level)

    async def reason(self, game: Game, level: str, index: int, lang: str) -> str:
        """A bot's reason for an action of the deal (computed off the event loop)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, reason_of, game, level, index, lang)

    async def hint(self, game: Game, level: int) -> dict[str, str]:
        """The hint for the seat to act, in every language (computed off the event loop)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, hint_texts, game, level)

    async def review(self, game: Game, seats: tuple[Seat, ...]) -> dict[Seat, tuple[ReviewItem, ...]]:
        """The review of each of ``seats`` in the finished deal (computed off the event loop)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, reviews_of, game, seats)

    def close(self) -> None:
        """Stop the executor (when this runner was handed one): the decisions not yet begun are
        dropped, and this returns once the ones under way and the workers have ended."""
        if self.executor is not None:
            self.executor.shutdown(wait=True, cancel_futures=True)
