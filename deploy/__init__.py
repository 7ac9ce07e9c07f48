"""Turning a Raspberry Pi into a Satellites appliance: profiles, config, doctor, install data."""
