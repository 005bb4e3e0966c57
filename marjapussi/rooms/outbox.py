"""One socket's messages on their way out: a queue drained by a task of the socket's own.

A broadcast only puts each connection's message in its outbox and goes on; the outbox's task
sends them in order, so a phone on a weak link (or one that stopped reading) delays only
itself, never the room or its lock. While the socket is still taking an earlier message, a
view replaces the unsent views before it (only the newest view is worth sending to a socket
that is behind; the words said with the views it replaced go with it, the last few of them),
and a heartbeat waits behind no other heartbeat; every other message (what a device keeps, a
message refused) is sent as it was put. What one handler puts before the task first runs goes out
whole, in order.

A view's message holds the whole view (``parts``), while its text, as the hub serialized
it, carries only the parts that changed since the view put before it (``views.delta``): a
view that replaces unsent views is therefore sent whole, from its message, since the page
never had the views its text follows.

A refused card's answer (``refused``: what to put into the view the page has, ``views.apply_refusal``)
follows the views put before it: a view that replaces them replaces it too (it would be put into
a view the page never gets), and says its words with its own.

A message's text may be shared by many outboxes (the hub serializes a view once for every
connection that sees the same); an outbox never changes a message it was given.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["Outbox", "dumps"]

KEPT_WORDS = 4
"""How many announcements a view that replaced unsent views carries at most (its own last)."""


def dumps(message: dict[str, Any]) -> str:
    """A message as the socket sends it (compact JSON, the text as it is)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


@dataclass
class Outgoing:
    message: dict[str, Any]
    text: str
    said: tuple[str, ...] = ()
    """A view's announcements, oldest first (its own and those of the views it replaced)."""

    @property
    def view(self) -> bool:
        message = self.message
        return message.get("type") == "view" and bool(message.get("parts") or message.get("html"))

    @property
    def on_view(self) -> bool:
        """A view, or what the page puts into the view before it (a refused card's answer)."""
        return self.view or self.message.get("type") == "refused"


class Outbox:
    """The unsent messages of one socket and the task that sends them (see the module docstring).

    ``send`` sends one text (it may take as long as the socket takes); ``failed`` is called once
    when it raises (the socket is gone: the outbox stops and drops what it held).
    """

    def __init__(self, send: Callable[[str], Awaitable[None]], failed: Callable[[], None]) -> None:
        self.send = send
        self.failed = failed
        self.waiting: list[Outgoing] = []
        self.task: asyncio.Task[None] | None = None
        self.busy = False
        """A message is on its way (the socket has not taken it yet)."""
        self.stopped = False

    def put(self, message: dict[str, Any], text: str | None = None) -> None:
        """Queue a message (``text``: its serialized form, when the caller shares it); never waits."""
        if self.stopped:
            return
        own = message.get("announce") or ""
        item = Outgoing(message, dumps(message) if text is None else text, (own,) if own else ())
        if item.view and self.busy:
            item = self._replace_views(item)
        elif message.get("type") == "ping" and any(w.message.get("type") == "ping" for w in self.waiting):
            return
        self.waiting.append(item)
        if self.task is None:
            self.task = asyncio.ensure_future(self._drain())

    def _replace_views(self, item: Outgoing) -> Outgoing:
        """Drop the unsent views a newer one replaces; their words go with it (the last few), and
        it goes whole (its text follows a view the page will not have)."""
        olds = [w for w in self.waiting if w.on_view]
        if not olds:
            return item
        self.waiting = [w for w in self.waiting if not w.on_view]
        words = tuple(w for old in olds for w in old.said)[-KEPT_WORDS:] + item.said
        words = words[-KEPT_WORDS:]
        message = {**item.message, "announce": " ".join(words)}
        return Outgoing(message, dumps(message), words)

    async def _drain(self) -> None:
        try:
            while self.waiting and not self.stopped:
                item = self.waiting.pop(0)
                self.busy = True
                await self.send(item.text)
                self.busy = False
        except asyncio.CancelledError:
            raise
        except Exception:  # a socket gone between two messages
            self.stop()
            self.failed()
        finally:
            self.task, self.busy = None, False

    def stop(self) -> None:
        """Send nothing more (the socket is closed or dropped)."""
        self.stopped = True
        self.waiting.clear()
        task, self.task = self.task, None
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def sent(self) -> None:
        """Wait until every message put so far has gone (or the outbox stopped)."""
        while self.task is not None:
            await asyncio.wait({self.task})
