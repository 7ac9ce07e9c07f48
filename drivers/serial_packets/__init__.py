"""Zero-delimited COBS packets over a serial port, shared by the link cable and the
button controller.

``cobs`` (byte stuffing: no zero inside a packet), ``packets`` (a zero ends every
packet; splitting a byte stream into packets) and ``port`` (a pyserial port that
survives unplugging).
"""
