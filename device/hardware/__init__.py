"""What the app knows of the hardware: the reference devices, and what it asks of them.

``profiles`` is the one table of the reference devices (panel, pins, the key
each button sends, what a press means), in the vocabulary of ``buttons`` (the
logical buttons, and how presses, repeats and long presses become them).
The other modules are the protocols the drivers satisfy without importing
them (display, speaker, power and light, the wait). The wiring (``simulator``,
``deploy``) hands the app the drivers it opened as one
``device.devices.Devices``, and hands each driver what it needs from the table.
"""
