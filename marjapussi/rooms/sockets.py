"""The table server's WebSocket protocol: uvicorn's sans-I/O one, reading on while a few
messages wait.

uvicorn's ``websockets-sansio`` stops reading a socket as soon as one message waits for the
application, and reads again once the application has taken it: two changes to the event
loop's selector (two system calls) for every message a device sends, some 3.5 % of the room
server's CPU at the bench's 100 rooms. ``TableWebSocketProtocol`` stops reading only once
``WAITING`` messages wait, so a socket that sends faster than the server reads is still held
back, while a device that sends one message at a time is never paused.
"""

from __future__ import annotations

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

__all__ = ["WAITING", "TableWebSocketProtocol"]

WAITING = 4
"""How many received messages may wait for the application before the socket stops reading."""


class TableWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol, pausing reads at ``WAITING`` waiting messages, not one."""

    def send_receive_event_to_app(self) -> None:
        data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
        self.frames = []
        if self.close_sent:  # past its close: dropped, reading on until the peer's close comes
            return
        if self.curr_msg_data_type == "text":
            try:
                self.queue.put_nowait({"type": "websocket.receive", "text": data.decode()})
            except UnicodeDecodeError:
                self.logger.exception("Invalid UTF-8 sequence received from client.")
                self.conn.send_close(1007)
                self.handle_parser_exception()
                return
        else:
            self.queue.put_nowait({"type": "websocket.receive", "bytes": data})
        if not self.read_paused and self.queue.qsize() >= WAITING:
            self.read_paused = True
            self.transport.pause_reading()
