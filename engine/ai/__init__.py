"""The computer opponent: evaluation, search, the five levels, the hint and the arena."""
