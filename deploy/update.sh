#!/bin/bash
# Update an installed Satellites appliance from this checkout (or --wheel FILE, or
# --bundle FILE made by bundle.sh, without a network), keeping its config and saves,
# then restart the game.
#
#   sudo deploy/update.sh [--wheel FILE | --bundle FILE] [--no-compile] [--root DIR]
#
# Takes the install.sh options; the profile is read from the existing config.
set -euo pipefail

usage() { sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; }

deploy_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="" bundle=""
args=()
while [ $# -gt 0 ]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        --root) root="$2"; args+=("$1" "$2"); shift 2 ;;
        --bundle) bundle="$(realpath "$2")"; shift 2 ;;
        *) args+=("$1"); shift ;;
    esac
done

if [ -z "$root" ] && [ "$(findmnt --noheadings --output FSTYPE /)" = "overlay" ]; then
    echo "update.sh: the root file system is read-only (overlay); nothing would survive a reboot." >&2
    echo "Turn the overlay off, reboot, update, then turn it back on:" >&2
    echo "  sudo raspi-config nonint do_overlayfs 1 && sudo reboot" >&2
    echo "  sudo $0 && sudo raspi-config nonint do_overlayfs 0 && sudo reboot" >&2
    exit 1
fi

if [ -n "$bundle" ]; then
    [ -f "$bundle" ] || { echo "update.sh: no such bundle: $bundle" >&2; exit 1; }
    unpacked="$(mktemp -d)"
    trap 'rm -rf "$unpacked"' EXIT
    tar -xzf "$bundle" -C "$unpacked" 2>/dev/null && [ -f "$unpacked/satellites-bundle/SHA256SUMS" ] ||
        { echo "update.sh: $bundle is not a bundle made by deploy/bundle.sh" >&2; exit 1; }
    wheels="$unpacked/satellites-bundle/wheels"
    (cd "$wheels" && sha256sum --quiet --check ../SHA256SUMS) ||
        { echo "update.sh: $bundle is damaged (a checksum differs); copy it again" >&2; exit 1; }
    game_wheel="$(find "$wheels" -name 'satellites-*.whl' | head -n 1)"
    [ -n "$game_wheel" ] || { echo "update.sh: $bundle holds no game wheel" >&2; exit 1; }
    args+=(--offline "$wheels" --wheel "$game_wheel")
fi

"$deploy_dir/install.sh" --keep-config "${args[@]}"
if [ -z "$root" ]; then
    systemctl restart satellites.service
fi
