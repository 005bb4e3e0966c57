"""The teaching table's room server: people and bots at one table, each on their own device.

A part of the package above the widget bridge (``web``): it imports the rules core, the
game model (``game``), ``analysis`` and the bridge's renderers, and nothing imports it
(the site's browser package leaves it out). It needs the ``table`` extra
(``pip install "marjapussi[table]"``: Starlette, uvicorn, websockets, segno); its models
(``room``, ``store``, ``protocol``, ``views``) run without them.

- ``limits``: every limit in one place (message size, rooms, sockets, heartbeats, pace).
- ``clock``: the clock the rooms read (grace periods, the bots' pace, heartbeats), which
  a test replaces with one it moves by hand.
- ``codes``: room codes, seat tokens and reclaim codes.
- ``protocol``: every message from a client parsed and checked in one place.
- ``room``: a room as a list of events (event-sourced: a room is rebuilt by replaying
  them), with the checks that turn a request into an event.
- ``store``: the events in SQLite, each written before any seat is told.
- ``views``: the one place each seat's, spectator's and projector's view is built, from
  ``analysis.view.SeatView``, as HTML in the connection's language.
- ``hub``: the rooms and their connections, without a transport: parse, ask the room,
  store, then send each connection its own view; the bots' turns off the event loop.
- ``server``: the Starlette application (WebSocket, the QR code, the short links, the
  site or the self-contained table page); ``cli``: ``python -m marjapussi table``.
"""
