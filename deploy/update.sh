#!/bin/bash
# Update an installed Satellites appliance from this checkout (or --wheel FILE),
# keeping its config and saves, then restart the game.
#
#   sudo deploy/update.sh [--wheel FILE] [--no-compile] [--root DIR]
#
# Takes the install.sh options; the profile is read from the existing config.
set -euo pipefail

deploy_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root=""
args=("$@")
while [ $# -gt 0 ]; do
    case "$1" in
        --root) root="$2"; shift 2 ;;
        *) shift ;;
    esac
done

if [ -z "$root" ] && [ "$(findmnt --noheadings --output FSTYPE /)" = "overlay" ]; then
    echo "update.sh: the root file system is read-only (overlay); nothing would survive a reboot." >&2
    echo "Turn the overlay off, reboot, update, then turn it back on:" >&2
    echo "  sudo raspi-config nonint do_overlayfs 1 && sudo reboot" >&2
    echo "  sudo $0 && sudo raspi-config nonint do_overlayfs 0 && sudo reboot" >&2
    exit 1
fi

"$deploy_dir/install.sh" --keep-config "${args[@]}"
if [ -z "$root" ]; then
    systemctl restart satellites.service
fi
