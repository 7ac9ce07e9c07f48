"""The link cable's ports: ``transport`` (serial ports and a listening TCP socket,
carrying the protocol's packets, reopened after an unplug) and ``ports`` (the
serial ports a device can offer).  The protocol itself is ``device.link``.
"""
