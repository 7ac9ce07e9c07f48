"""The game as the device plays it, without pygame: the match and who plays it, choosing a
move, the tutorial's lessons, replays, buttons and what they mean.
"""
