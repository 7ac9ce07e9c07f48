"""Link-cable play: two devices joined by a serial cable play one game.

Layers, bottom up: ``cobs`` (byte stuffing), ``frames`` (CRC-32 checked frames
and the messages they carry), ``history`` (the agreed game and its hashes),
``session`` (the protocol state machine), ``transport`` (pyserial URLs and a
listening socket, reopened after an unplug) and ``relay`` (fault injection for
tests).  The wire protocol is specified in docs/link-protocol.md.
"""
