"""Link-cable play: two devices joined by a cable play one game.

Bottom up: ``frames`` (CRC-32 checked frames), ``messages`` (what each frame
carries), ``rules`` (which rules two devices play, and what to say when they
differ), ``history`` (the agreed game and its hashes), ``session`` (the
protocol state machine) and ``connector`` (opening a linked game).  What the
app's screens and match see of it: ``game`` (roles, the game a device keeps),
``events`` (states, the peer's moves, and why a link stopped, as the player
is told) and ``interface`` (sessions and connectors).  The bytes travel
through ``drivers.link.transport`` (serial ports and a listening socket), which
the wiring hands in; the wire protocol is specified in docs/link-protocol.md.
"""
