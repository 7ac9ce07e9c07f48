"""Runs the device app on a desktop: a window, or headless with PNG output."""
