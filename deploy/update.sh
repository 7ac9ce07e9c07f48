#!/bin/bash
# Update an installed Satellites appliance from this checkout (or --wheel FILE, or
# --bundle FILE made by bundle.sh, without a network), keeping its config and saves,
# then restart the game.
#
#   sudo deploy/update.sh [--wheel FILE | --bundle FILE] [--no-compile] [--root DIR]
#
# Takes the install.sh options; the profile is read from the existing config. A bundle
# must be signed with the key whose public half install.sh --bundle-key put on the
# device, or, on a device that has no key yet (its first install), with the key whose
# public half --bundle-key FILE gives (see deploy/README.md).
set -euo pipefail

usage() { sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; }
refuse() { echo "update.sh: $*" >&2; exit 1; }

deploy_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="" bundle="" bundle_key=""
args=()
while [ $# -gt 0 ]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        --root) root="$2"; args+=("$1" "$2"); shift 2 ;;
        --bundle) bundle="$(realpath "$2")"; shift 2 ;;
        --bundle-key) bundle_key="$2"; args+=("$1" "$2"); shift 2 ;;
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

# A bundle is installed only if it is signed by the key install.sh --bundle-key put
# on the device (on a device without one, the key --bundle-key gives), and holds
# nothing its signed manifest does not list.
check_bundle() {
    local key="$root/etc/satellites/bundle-key.pem" top="$unpacked/satellites-bundle"
    local listed present
    if [ ! -f "$key" ] && [ -n "$bundle_key" ]; then
        key="$bundle_key"
    fi
    if ! tar -xzf "$bundle" -C "$unpacked" --no-same-owner --no-same-permissions 2>/dev/null ||
        [ ! -f "$top/SHA256SUMS" ]; then
        refuse "$bundle is not a bundle made by deploy/bundle.sh"
    fi
    [ -z "$(find "$unpacked" ! -type f ! -type d)" ] ||
        refuse "$bundle holds links or special files, which no bundle has"
    [ -f "$key" ] || refuse "this device has no key for bundles ($key): give the public key with --bundle-key FILE"
    [ -f "$top/SHA256SUMS.sig" ] || refuse "$bundle is not signed"
    openssl pkeyutl -verify -pubin -inkey "$key" -rawin -in "$top/SHA256SUMS" \
        -sigfile "$top/SHA256SUMS.sig" >/dev/null 2>&1 ||
        refuse "$bundle is not signed with this device's key ($key)"
    listed="$(cut -c 67- "$top/SHA256SUMS" | sort)"
    present="$(cd "$unpacked" && find . -type f | sed 's|^\./||' |
        grep -vx -e satellites-bundle/SHA256SUMS -e satellites-bundle/SHA256SUMS.sig | sort)"
    [ "$listed" = "$present" ] ||
        refuse "$bundle holds files its signed manifest does not list: $(comm -13 <(echo "$listed") <(echo "$present") | head -n 3 | paste -sd ' ' -)"
    (cd "$unpacked" && sha256sum --quiet --strict --check satellites-bundle/SHA256SUMS) >/dev/null 2>&1 ||
        refuse "$bundle is damaged (a checksum differs); copy it again"
    [ -f "$top/wheels/requirements.txt" ] || refuse "$bundle lists no requirements"
}

if [ -n "$bundle" ]; then
    [ -f "$bundle" ] || refuse "no such bundle: $bundle"
    unpacked="$(mktemp -d)"
    trap 'rm -rf "$unpacked"' EXIT
    check_bundle
    wheels="$unpacked/satellites-bundle/wheels"
    # The pure wheel (install.sh takes the bundle's compiled one instead where it fits).
    game_wheel="$(find "$wheels" -name 'satellites-*-py3-none-any.whl' | head -n 1)"
    [ -n "$game_wheel" ] || refuse "$bundle holds no game wheel"
    args+=(--offline "$wheels" --wheel "$game_wheel")
fi

"$deploy_dir/install.sh" --keep-config "${args[@]}"
if [ -z "$root" ]; then
    systemctl restart satellites.service
fi
