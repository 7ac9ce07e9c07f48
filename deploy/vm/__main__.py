"""``python -m deploy.vm``: what ``scripts/pi-vm`` runs."""

import sys

from deploy.vm.cli import main

sys.exit(main())
