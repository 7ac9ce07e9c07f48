from engine.cli import exit_with
from engine.lab.cli import main

exit_with(main)
