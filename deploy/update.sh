#!/bin/bash
# Update an installed Satellites appliance from this checkout (or --wheel FILE),
# keeping its config and saves, then restart the game. A device without a network
# updates from a signed bundle with the command installed on it instead:
# sudo satellites-update /media/usb/satellites-bundle-VERSION.tar (deploy/README.md).
#
#   sudo deploy/update.sh [--wheel FILE] [--no-compile] [--root DIR]
#   sudo deploy/update.sh --bundle FILE --bundle-key KEY --profile NAME [...]
#
# Takes the install.sh options; the profile is read from the existing config.
# --bundle FILE installs a signed bundle on a device that has no game yet (its first
# install without a network), checked with the key --bundle-key gives.
set -euo pipefail

usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; }
refuse() { echo "update.sh: $*" >&2; exit 1; }

deploy_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="" bundle=""
args=()
while [ $# -gt 0 ]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        --root) root="$2"; args+=("$1" "$2"); shift 2 ;;
        --bundle) bundle="$2"; shift 2 ;;
        *) args+=("$1"); shift ;;
    esac
done

if [ -n "$bundle" ]; then
    # A device with the game checks bundles with its own code, never this checkout's.
    if [ -e "$root/opt/satellites/venv/bin/satellites-update" ]; then
        refuse "this device checks bundles itself: sudo satellites-update $bundle"
    fi
    PYTHONPATH="$(dirname "$deploy_dir")" exec python3 -m deploy.update "$bundle" "${args[@]}"
fi

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
