#!/bin/bash
# Remove the Satellites appliance: service, udev rule, display firmware, boot
# overlays and the game. Saves and the config stay unless --purge is given.
#
#   sudo deploy/uninstall.sh [--purge] [--root DIR]
#
# --root DIR removes from DIR and records system commands in DIR/uninstall-plan.txt.
set -euo pipefail

usage() { sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; }

purge=0 root=""
while [ $# -gt 0 ]; do
    case "$1" in
        --purge) purge=1; shift ;;
        --root) root="$(realpath -m "$2")"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "uninstall.sh: unknown option $1" >&2; exit 2 ;;
    esac
done

config="$root/etc/satellites/config.toml"
plan="$root/uninstall-plan.txt"
[ -z "$root" ] || : > "$plan"

system() {
    if [ -n "$root" ]; then
        printf '%s\n' "$*" >> "$plan"
    else
        "$@"
    fi
}

if [ -z "$root" ] && [ "$(id -u)" -ne 0 ]; then
    echo "uninstall.sh: run as root: sudo $0" >&2
    exit 1
fi

deploy_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
deploy_python() { PYTHONPATH="$(dirname "$deploy_dir")" python3 -m "$@"; }

# The data partition's mount unit, its link and the device's timeout drop-in, as
# install.sh --data-partition wrote them (found by the line it marks them with).
# The partition stays mounted until the next boot, so --purge still finds the saves.
remove_data_partition_units() {
    local units="$root/etc/systemd/system" unit drop_in
    for unit in "$units"/*.mount; do
        if ! grep -qs '^# Written by install.sh: the Satellites save folder' "$unit"; then
            continue
        fi
        echo "==> removing the data partition's mount unit $(basename "$unit")"
        system systemctl disable "$(basename "$unit")"
        rm -f "$unit" "$units/local-fs.target.wants/$(basename "$unit")"
    done
    for drop_in in "$units"/*.device.d/50-satellites-timeout.conf; do
        [ -f "$drop_in" ] || continue
        rm -f "$drop_in"
        rmdir --ignore-fail-on-non-empty "$(dirname "$drop_in")"
    done
}

echo "==> stopping and removing the service"
system systemctl disable --now satellites.service
rm -rf "$root/etc/systemd/system/satellites.service" \
    "$root/etc/systemd/system/satellites.service.d" \
    "$root/etc/systemd/system/multi-user.target.wants/satellites.service"
remove_data_partition_units
system systemctl daemon-reload
system systemctl enable getty@tty1.service

echo "==> removing the udev rule, display firmware and boot overlays"
rm -f "$root/etc/udev/rules.d/99-satellites.rules" "$root/etc/udev/rules.d/98-satellites-backlight.rules" \
    "$root/etc/polkit-1/rules.d/50-satellites-power.rules" "$root"/lib/firmware/satellites-*.bin
system udevadm control --reload-rules
boot="$root/boot/firmware/config.txt"
if [ -f "$boot" ]; then
    deploy_python deploy.boot_files remove-block "$boot"
fi

echo "==> removing the game (/opt/satellites)"
rm -rf "$root/opt/satellites" "$root/usr/local/sbin/satellites-update"

if [ "$purge" -eq 1 ]; then
    echo "==> purging the saves, the config and the user"
    if [ -f "$config" ]; then
        deploy_python deploy.purge --root "${root:-/}" "$config"
    fi
    rm -rf "$root/etc/satellites"
    system userdel satellites
else
    echo "==> kept $config and the saves (--purge removes them)"
fi
