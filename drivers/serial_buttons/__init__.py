"""The serial button controller: a small microcontroller board reporting buttons.

``protocol`` holds the wire format and the press logic, ``reader`` the thread
that turns frames into SDL key events (surviving unplugs), ``emulator`` a
Python stand-in for the board.  The wire protocol and the wiring are in
docs/button-controller.md.
"""
