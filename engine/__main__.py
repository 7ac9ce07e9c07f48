from engine.cli import exit_with, main

exit_with(main)
