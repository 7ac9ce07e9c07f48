"""Turning a Raspberry Pi into a Satellites appliance: config, doctor, install data."""

import os

# The appliance and the doctor import this package before anything imports
# pygame, which prints a greeting into the system log unless this is set first.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
