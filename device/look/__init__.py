"""How the app looks and sounds: palette, fonts, layout, the board's picture, the HUD, the
button bar, the sound effects.
"""
