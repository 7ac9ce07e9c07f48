"""The Satellites app a player holds: screens, input handling, saves.

It draws on a surface and reads button presses through the small interfaces
in ``device.hardware`` (and the link's in ``ports``); the hardware side
lives in ``drivers``.
"""
