"""The screens a player sees, each drawing with the look and acting on the game."""
