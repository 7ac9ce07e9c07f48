"""Runs the device app on a desktop: a window, or headless with PNG output."""

import os

# Both ways in (python -m simulator, satellites-sim) import this package before
# anything imports pygame, which prints a greeting unless this is set first.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
