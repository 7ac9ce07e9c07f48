"""A virtual Raspberry Pi Zero 2 W: an arm64 Debian card image booted in QEMU.

``scripts/pi-vm`` builds the image (``image``), boots it (``machine``) and runs
the appliance's first boot in it unattended (``firstboot``), driven through
QEMU's machine protocol (``qmp``) and the serial console (``console``).
"""
