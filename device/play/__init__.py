"""The game as the device plays it, without pygame: the match and who plays it, choosing a
move, the tutorial's lessons, replays, the player's settings, the sounds and the light.
"""
