"""Games on disk: one journal per game, the archive, and the save folder's order.

``python -m device.journal show DIR`` prints the game in progress in DIR as
an engine record; ``python -m device.journal check DIR`` says whether every
file of the save folder can be read.
"""
