#!/bin/bash
# Install Satellites as an appliance on Raspberry Pi OS Lite (Trixie or Bookworm): run as
# root on the Pi, from a checkout or with --wheel. See deploy/README.md.
#
#   sudo deploy/install.sh --profile hatmini [options]
#
# --root DIR installs into DIR instead of / (for tests and image building): the
# commands that would change the running system (apt-get, useradd, udevadm,
# systemctl) are written to DIR/install-plan.txt instead of being run.
set -euo pipefail

usage() {
    cat <<USAGE
usage: install.sh --profile NAME [options]
  --profile NAME          $(profile_names) (kept from the config on update)
  --button-serial PORT    serial button controller (e.g. /dev/satellites-buttons)
  --buttons-usb-id V:P    USB vendor:product of that controller, or several separated by
                          commas (default 2e8a:000a,2e8a:0009: a Pico or a Pico 2)
  --link-port PORT        link cable serial port or pyserial URL
  --save-dir DIR          save folder: /var/lib/satellites (the default) or a folder in it
  --language en|es        (default en)
  --display NAME          framebuffer or kmsdrm (default: framebuffer for the SPI panels,
                          kmsdrm for HDMI)
  --panel-driver NAME     find the panel by its card's kernel driver (for a panel whose
                          connector does not say what it is; deploy/README.md)
  --systemd-version N     write the unit for this systemd, 1 to 9999 (default: the running one)
  --data-partition LABEL  mount the ext4 file system with this label on the save folder
                          (a systemd mount unit, which the read-only overlay leaves writable)
  --wheel FILE            install this built wheel instead of the checkout
  --offline DIR           no network: wheels only from DIR, no apt-get (update.sh --bundle)
  --bundle-key FILE       the public key update bundles must be signed with (a device's first
                          install; later keys come with satellites-update)
  --no-compile            install the pure-Python engine without trying mypyc
  --keep-config           keep an existing /etc/satellites/config.toml (update)
  --skip-pip              create the virtual environment (without pip), install nothing
  --no-boot-config        leave /boot/firmware/config.txt alone
  --appliance             the device is only a game: SSH off, Wi-Fi and Bluetooth off,
                          and cloud-init no longer run at every boot
  --root DIR              install into DIR instead of / and only record system commands
USAGE
}

deploy_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_dir="$(dirname "$deploy_dir")"

deploy_python() { PYTHONPATH="$source_dir" python3 -m "$@"; }

# The profiles' names as device/hardware/profiles.py declares them: "a, b or c".
profile_names() {
    local names
    names="$(deploy_python deploy.config profiles | paste -sd, - | sed 's/,/, /g')"
    echo "${names%, *} or ${names##*, }"
}

profile="" button_serial="" buttons_usb_id="2e8a:000a,2e8a:0009" link_port=""
save_dir="/var/lib/satellites" language="en" display="" wheel="" compile=1 keep_config=0
skip_pip=0 boot_config=1 root="" systemd_version="" data_partition="" offline=""
bundle_key="" panel_driver="" appliance=0

while [ $# -gt 0 ]; do
    case "$1" in
        --profile) profile="$2"; shift 2 ;;
        --button-serial) button_serial="$2"; shift 2 ;;
        --buttons-usb-id) buttons_usb_id="$2"; shift 2 ;;
        --link-port) link_port="$2"; shift 2 ;;
        --save-dir) save_dir="$2"; shift 2 ;;
        --language) language="$2"; shift 2 ;;
        --display) display="$2"; shift 2 ;;
        --panel-driver) panel_driver="$2"; shift 2 ;;
        --systemd-version) systemd_version="$2"; shift 2 ;;
        --data-partition) data_partition="$2"; shift 2 ;;
        --wheel) wheel="$(realpath "$2")"; shift 2 ;;
        --offline) offline="$(realpath "$2")"; compile=0; shift 2 ;;
        --bundle-key) bundle_key="$2"; shift 2 ;;
        --no-compile) compile=0; shift ;;
        --keep-config) keep_config=1; shift ;;
        --skip-pip) skip_pip=1; shift ;;
        --no-boot-config) boot_config=0; shift ;;
        --appliance) appliance=1; shift ;;
        --root) root="$(realpath -m "$2")"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
    esac
done

user=satellites
opt="$root/opt/satellites"
venv="$opt/venv"
config="$root/etc/satellites/config.toml"
unit_dir="$root/etc/systemd/system"
plan="$root/install-plan.txt"

step() { echo "==> $*"; }
die() { echo "install.sh: $*" >&2; exit 1; }

# Commands that change the running system: run them, or record them under --root.
system() {
    if [ -n "$root" ]; then
        printf '%s\n' "$*" >> "$plan"
    else
        "$@"
    fi
}

# The deploy package's own helpers, from this checkout or installed package.

# Every value that ends up in a system file is checked before anything is written.
check_settings() {
    local id
    buttons_usb_id="${buttons_usb_id,,}"
    for id in ${buttons_usb_id//,/ }; do
        [[ "$id" =~ ^[0-9a-f]{4}:[0-9a-f]{4}$ ]] ||
            die "--buttons-usb-id $id: give the USB ids as four hex digits each, e.g. 2e8a:000a"
    done
    [[ "$buttons_usb_id" =~ ^[0-9a-f:,]+$ ]] || die "--buttons-usb-id: ids separated by commas"
    if [ -n "$systemd_version" ] && ! [[ "$systemd_version" =~ ^[1-9][0-9]{0,3}$ ]]; then
        die "--systemd-version $systemd_version: give a number from 1 to 9999, such as 252"
    fi
    if [ -n "$data_partition" ] && ! [[ "$data_partition" =~ ^[A-Za-z0-9_-]{1,16}$ ]]; then
        die "--data-partition $data_partition: a file system label of letters, digits, _ and -"
    fi
    check_data_partition_label
    local problem
    if [ "$keep_config" -eq 1 ] && [ -f "$config" ]; then
        if ! problem="$(deploy_python deploy.config check "$config" 2>&1)"; then
            die "${problem#error: }"
        fi
        return
    fi
    if ! problem="$(deploy_python deploy.config check-settings --profile "$profile" \
        --button-serial-port "$button_serial" --link-port "$link_port" \
        --save-dir "$save_dir" --language "$language" --display "$display" \
        --panel-driver "$panel_driver" 2>&1)"; then
        die "${problem#error: }"
    fi
}

# The label must name a file system that is there: a wrong one would otherwise stop
# the install halfway, after the system was changed.
check_data_partition_label() {
    [ -n "$data_partition" ] || return 0
    if [ -e "$root/dev/disk/by-label/$data_partition" ]; then
        return 0
    fi
    if [ -z "$root" ] && command -v blkid >/dev/null && blkid -L "$data_partition" >/dev/null; then
        return 0
    fi
    die "--data-partition $data_partition: no file system has this label (see: lsblk -o NAME,LABEL); nothing was changed"
}

check_prerequisites() {
    if [ -z "$root" ] && [ "$(id -u)" -ne 0 ]; then
        die "run as root: sudo $0 $*"
    fi
    if [ -n "$root" ]; then
        mkdir -p "$root"
        : > "$plan"
    fi
    if [ -n "$wheel" ] && [ ! -f "$wheel" ]; then
        die "no such wheel: $wheel"
    fi
    if [ -z "$wheel" ] && [ ! -f "$source_dir/pyproject.toml" ]; then
        die "$source_dir is not a checkout of the game; give --wheel FILE"
    fi
}

choose_profile() {
    if [ "$keep_config" -eq 1 ] && [ -f "$config" ] && [ -z "$profile" ]; then
        profile="$(deploy_python deploy.config get "$config" profile)"
    fi
    [ -n "$profile" ] || die "give --profile ($(profile_names))"
}

install_packages() {
    if [ -n "$offline" ]; then
        step "system packages: kept as they are (offline)"
        return
    fi
    step "system packages"
    system apt-get update
    system apt-get install --yes --no-install-recommends python3-venv python3-dev gcc
    # What SDL's kmsdrm driver loads at run time (not on Raspberry Pi OS Lite); the
    # framebuffer path needs none of it, kmsdrm falls back to it when one is missing.
    system apt-get install --yes --no-install-recommends \
        libegl1 libgles2 libgbm1 libgl1-mesa-dri libdrm2
    # Powering off from the game's menu goes through logind, which asks polkit.
    system apt-get install --yes --no-install-recommends polkitd
}

create_user() {
    step "system user $user (groups video, render, input, dialout, audio)"
    if [ -z "$root" ] && id "$user" >/dev/null 2>&1; then
        system usermod --append --groups video,render,input,dialout,audio "$user"
    else
        system useradd --system --home-dir "$save_dir" --no-create-home \
            --shell /usr/sbin/nologin --groups video,render,input,dialout,audio "$user"
    fi
}

write_config() {
    if [ "$keep_config" -eq 1 ] && [ -f "$config" ]; then
        step "keeping $config"
        deploy_python deploy.config check "$config"
        return
    fi
    step "config $config"
    deploy_python deploy.config write "$config" --profile "$profile" \
        --button-serial-port "$button_serial" --link-port "$link_port" \
        --save-dir "$save_dir" --language "$language" --display "$display" \
        --panel-driver "$panel_driver"
    chmod 0644 "$config"
}

# The data partition is mounted by a systemd mount unit, not /etc/fstab: raspi-config's
# overlay (overlayroot=tmpfs) puts every fstab mount under a RAM overlay too, and the
# form of its kernel option that would not (recurse=0) is one raspi-config can no
# longer turn off. A missing partition holds the boot up for 10 s at most.
mount_data_partition() {
    [ -n "$data_partition" ] || return 0
    local configured unit device
    configured="$(deploy_python deploy.config get "$config" save_dir)"
    unit="$(systemd-escape --path --suffix=mount "$configured")"
    device="$(systemd-escape --path --suffix=device "/dev/disk/by-label/$data_partition")"
    step "data partition $data_partition on $configured ($unit)"
    install -d "$unit_dir" "$unit_dir/$device.d" "$unit_dir/local-fs.target.wants"
    cat > "$unit_dir/$unit" <<UNIT
# Written by install.sh: the Satellites save folder on its own partition.
[Unit]
Description=Satellites saves (file system labelled $data_partition)

[Mount]
What=/dev/disk/by-label/$data_partition
Where=$configured
Type=ext4
Options=defaults,noatime,nofail

[Install]
WantedBy=local-fs.target
UNIT
    printf '[Unit]\nJobRunningTimeoutSec=10s\n' > "$unit_dir/$device.d/50-satellites-timeout.conf"
    ln -sf "../$unit" "$unit_dir/local-fs.target.wants/$unit"
    install -d "$root$configured"
    system systemctl daemon-reload
    system systemctl start "$unit"
}

# Raspberry Pi OS's overlay option is "overlayroot=tmpfs", the only form raspi-config
# can turn off again; an older setup of this game changed it to recurse=0.
restore_overlay_option() {
    local cmdline="$root/boot/firmware/cmdline.txt"
    [ -f "$cmdline" ] || return 0
    if grep -q 'overlayroot=tmpfs:recurse=0' "$cmdline"; then
        step "overlay option back to raspi-config's form in $cmdline"
        deploy_python deploy.boot_files replace "$cmdline" overlayroot=tmpfs:recurse=0 overlayroot=tmpfs
    fi
}

# The folder is marked as the installer's when it creates it: uninstall --purge
# removes only such a folder.
create_save_dir() {
    local configured
    configured="$(deploy_python deploy.config get "$config" save_dir)"
    step "save folder $configured"
    if [ ! -e "$root$configured" ]; then
        install -d -m 0750 "$root$configured"
        deploy_python deploy.purge --mark "$root$configured"
    fi
    system chown -R "$user:$user" "$root$configured"
    system chmod 0750 "$root$configured"
}

# Build a compiled wheel in a throwaway environment; print its path, or fail.
build_compiled_wheel() {
    local build
    build="$(mktemp -d)"
    python3 -m venv "$build/venv" >&2
    "$build/venv/bin/pip" install --quiet mypy setuptools wheel >&2
    SATELLITES_MYPYC=1 PYTHON="$build/venv/bin/python" \
        bash "$deploy_dir/wheel.sh" "$build/wheels" --no-build-isolation >&2
    ls "$build"/wheels/satellites-*.whl
}

# Build the checkout's pure wheel with the game's own pip; print its path, or fail.
# Built from a clean copy (deploy/wheel.sh), never in the checkout, whose build/
# folder would carry along modules an older version had.
build_pure_wheel() {
    local build
    build="$(mktemp -d)"
    PYTHON="$venv/bin/python" bash "$deploy_dir/wheel.sh" "$build" >&2
    ls "$build"/satellites-*.whl
}

# mypyc's compiler peaks at about 330 MB: on a board with less memory than this
# (a Zero 2 W has 512 MB) it would swap for a long time or be killed.
compile_min_memory_mb=1024

memory_mb() {
    local meminfo="$root/proc/meminfo"
    [ -f "$meminfo" ] || meminfo=/proc/meminfo
    awk '/^MemTotal:/ { print int($2 / 1024) }' "$meminfo"
}

# The bundle's engine compiled for this Python and machine (made on an arm64 image),
# if it holds one: e.g. satellites-0.1.0-cp313-cp313-linux_aarch64.whl.
prebuilt_wheel() {
    local tag
    tag="$(python3 -c 'import sys, sysconfig; print(f"cp{sys.version_info[0]}{sys.version_info[1]}-" + sysconfig.get_platform().replace("-", "_").replace(".", "_"))')"
    find "$1" -maxdepth 1 -name "satellites-*-${tag%%-*}-*-${tag#*-}.whl" | sort | tail -n 1
}

choose_compile() {
    [ "$compile" -eq 1 ] || return 0
    local memory
    memory="$(memory_mb)"
    if [ -n "$memory" ] && [ "$memory" -lt "$compile_min_memory_mb" ]; then
        step "engine: pure Python (${memory} MB of memory is too little to compile it here)"
        compile=0
    fi
}

install_game() {
    choose_compile
    step "virtual environment $venv"
    local target="$source_dir"
    [ -n "$wheel" ] && target="$wheel"
    if [ -n "$offline" ] && [ -n "$(prebuilt_wheel "$offline")" ]; then
        target="$(prebuilt_wheel "$offline")"
    fi
    if [ "$skip_pip" -eq 1 ]; then
        # Nothing will be installed into it: no pip either (seconds less).
        python3 -m venv --without-pip "$venv"
        printf '%s\n' "pip install into $venv: $target (compile=$compile)" >> "$plan"
        return
    fi
    python3 -m venv "$venv"
    if [ -n "$offline" ]; then
        step "installing $(basename "$target") from $offline, without a network"
        "$venv/bin/pip" install --quiet --no-index --find-links "$offline" --require-hashes \
            --force-reinstall --requirement "$offline/requirements.txt"
        return
    fi
    "$venv/bin/pip" install --quiet --upgrade pip
    if [ -z "$wheel" ] && [ "$compile" -eq 1 ]; then
        step "compiling the engine with mypyc (a few minutes on a Pi)"
        local compiled
        if compiled="$(build_compiled_wheel)"; then
            target="$compiled"
        else
            echo "install.sh: the mypyc build failed; installing the pure-Python engine" >&2
        fi
    fi
    if [ "$target" = "$source_dir" ]; then
        target="$(build_pure_wheel)"
    fi
    step "installing $(basename "$target")"
    "$venv/bin/pip" install --quiet --force-reinstall "$target"
}

install_unit() {
    step "systemd unit"
    install -d "$unit_dir/satellites.service.d"
    install -m 0644 "$deploy_dir/satellites.service" "$unit_dir/satellites.service"
    local configured_dir button link
    configured_dir="$(deploy_python deploy.config get "$config" save_dir)"
    button="$(deploy_python deploy.config get "$config" button_serial_port)"
    link="$(deploy_python deploy.config get "$config" link_port)"
    local version="$systemd_version" mount_unit
    mount_unit="$(systemd-escape --path --suffix=mount "$configured_dir")"
    [ -n "$version" ] || version="$(systemctl --version | awk 'NR == 1 { print $2 }')"
    {
        echo "# Written by install.sh from /etc/satellites/config.toml: save folder and ports."
        echo "[Service]"
        # "-": a missing data partition does not stop the game (it starts with saves off).
        # Added to the unit's list, never "ReadWritePaths=" first: an empty assignment
        # would reset it and take the backlight's sysfs path with it (systemd.exec(5)).
        echo "ReadWritePaths=-$configured_dir"
        for port in "$button" "$link"; do
            case "$port" in
                /*) echo "DeviceAllow=$port rw" ;;
            esac
        done
        if [ "$version" -ge 254 ]; then
            echo "# systemd $version: restart without going through OnFailure= (the login prompt)"
            echo "RestartMode=direct"
        fi
        # The data partition's mount unit (from --data-partition, now or before).
        if [ -f "$unit_dir/$mount_unit" ]; then
            echo "[Unit]"
            echo "# Wait for the data partition, but start without it (saves off)."
            echo "After=$mount_unit"
        fi
    } > "$unit_dir/satellites.service.d/10-device.conf"
    if [ -n "$root" ]; then
        systemctl --root="$root" enable satellites.service
    else
        systemctl daemon-reload
        systemctl enable satellites.service
    fi
    system systemctl set-default multi-user.target
    system systemctl disable getty@tty1.service
}

install_udev_rule() {
    step "udev rule /dev/satellites-buttons"
    local id rules="$root/etc/udev/rules.d/99-satellites.rules"
    install -d "$root/etc/udev/rules.d"
    grep '^#' "$deploy_dir/99-satellites.rules" > "$rules"
    for id in ${buttons_usb_id//,/ }; do
        grep -v '^#' "$deploy_dir/99-satellites.rules" |
            sed -e "s/ATTRS{idVendor}==\"[0-9a-f]*\"/ATTRS{idVendor}==\"${id%%:*}\"/" \
                -e "s/ATTRS{idProduct}==\"[0-9a-f]*\"/ATTRS{idProduct}==\"${id##*:}\"/" >> "$rules"
    done
    install -m 0644 "$deploy_dir/98-satellites-backlight.rules" "$root/etc/udev/rules.d/"
    system udevadm control --reload-rules
    system udevadm trigger --subsystem-match=tty
    system udevadm trigger --subsystem-match=backlight
    system udevadm trigger --subsystem-match=pwm
}

# "Power off" in the game goes through logind as the game's user: polkit allows it.
install_power_rule() {
    step "polkit rule: the game may power the device off"
    install -d "$root/etc/polkit-1/rules.d"
    install -m 0644 "$deploy_dir/50-satellites-power.rules" "$root/etc/polkit-1/rules.d/"
}

# Update bundles (satellites-update) must be signed with the private half of this key.
# It is taken on a device that has none; a device's key changes only through the key
# itself (a rotation bundle) or the owner's satellites-update --replace-key.
trusted_key="$root/etc/satellites/bundle-key.pem"

check_bundle_key() {
    [ -n "$bundle_key" ] || return 0
    openssl pkey -pubin -in "$bundle_key" -noout 2>/dev/null ||
        die "--bundle-key $bundle_key: not a public key (make one as deploy/README.md shows)"
    if [ -f "$trusted_key" ] && ! cmp -s <(openssl pkey -pubin -in "$bundle_key" -outform DER) \
        <(openssl pkey -pubin -in "$trusted_key" -outform DER 2>/dev/null); then
        die "--bundle-key: this device already has its key for bundles ($trusted_key);" \
            "a new one comes in a bundle signed by it, or from sudo satellites-update --replace-key FILE"
    fi
}

install_bundle_key() {
    if [ -z "$bundle_key" ] || [ -f "$trusted_key" ]; then
        return 0
    fi
    step "update bundles must be signed by the key of $bundle_key"
    install -D -m 0644 "$bundle_key" "$trusted_key"
}

# The device's own checker of update bundles, on root's path (sudo satellites-update).
link_update_command() {
    install -d "$root/usr/local/sbin"
    ln -sfn /opt/satellites/venv/bin/satellites-update "$root/usr/local/sbin/satellites-update"
}

install_panel_firmware() {
    local commands="$deploy_dir/panel-$profile.txt"
    [ -f "$commands" ] || return 0
    step "display init commands /lib/firmware/satellites-$profile.bin"
    deploy_python deploy.panel_firmware "$commands" "$root/lib/firmware/satellites-$profile.bin"
    install_panel_alias
}

# The kernel names the panel's SPI device by its first compatible
# (spi:satellites-PROFILE), which no module claims: the alias loads the panel's driver
# for it on any image, not only where a udev rule loads modules by every compatible.
install_panel_alias() {
    step "the panel's driver for spi:satellites-$profile (/etc/modprobe.d/satellites-panel.conf)"
    install -d "$root/etc/modprobe.d"
    printf '%s\n' \
        "# Satellites: load the panel's driver for the device its boot lines describe." \
        "alias spi:satellites-$profile panel-mipi-dbi" > "$root/etc/modprobe.d/satellites-panel.conf"
}

# Replace the block between the markers (or append it) in config.txt, safely against a
# power cut (deploy/boot_files.py: the old file kept as config.txt.bak).
install_boot_config() {
    [ "$boot_config" -eq 1 ] || return 0
    local boot="$root/boot/firmware/config.txt"
    step "hardware overlays in /boot/firmware/config.txt"
    if [ ! -f "$boot" ]; then
        [ -n "$root" ] || die "no $boot: is this Raspberry Pi OS Bookworm? (or --no-boot-config)"
        install -d "$(dirname "$boot")"
        : > "$boot"
    fi
    deploy_python deploy.boot_files set-block "$boot" "$deploy_dir/boot-$profile.txt"
}

# A device that is only a game: nobody logs in over the network, no radio is on (boot
# time, battery, exposure), and cloud-init, which acts on Imager's settings at the first
# boot, is not run again at every boot. systemd-rfkill keeps the radios' blocks.
make_game_only() {
    [ "$appliance" -eq 1 ] || return 0
    step "only a game: SSH, Wi-Fi and Bluetooth off; cloud-init not run at boot"
    local unit
    for unit in ssh.service ssh.socket bluetooth.service hciuart.service; do
        if [ -f "$root/lib/systemd/system/$unit" ] || [ -f "$root/usr/lib/systemd/system/$unit" ]; then
            system systemctl disable --now "$unit"
        fi
    done
    deploy_python deploy.game_only --sysfs "$root/sys" radios-off
    if [ -d "$root/etc/cloud" ]; then
        touch "$root/etc/cloud/cloud-init.disabled"
    fi
}

[ -n "$profile" ] || [ "$keep_config" -eq 1 ] || die "give --profile ($(profile_names))"
check_settings
check_bundle_key
check_prerequisites "$@"
choose_profile
[ -f "$deploy_dir/boot-$profile.txt" ] || die "unknown profile $profile"
install_packages
create_user
write_config
mount_data_partition
create_save_dir
install_game
install_unit
install_udev_rule
install_power_rule
install_bundle_key
link_update_command
install_panel_firmware
install_boot_config
restore_overlay_option
make_game_only
# Everything on the card before the installer says it is done: power may be cut next.
system sync
step "done: reboot to start the game (sudo reboot); check with satellites-doctor"
