#!/bin/bash
# Install Satellites as an appliance on Raspberry Pi OS Bookworm (Lite): run as
# root on the Pi, from a checkout or with --wheel. See deploy/README.md.
#
#   sudo deploy/install.sh --profile hatmini [options]
#
# --root DIR installs into DIR instead of / (for tests and image building): the
# commands that would change the running system (apt-get, useradd, udevadm,
# systemctl) are written to DIR/install-plan.txt instead of being run.
set -euo pipefail

usage() {
    cat <<'USAGE'
usage: install.sh --profile NAME [options]
  --profile NAME          hatmini, lcdhat or tabletop (kept from the config on update)
  --button-serial PORT    serial button controller (e.g. /dev/satellites-buttons)
  --buttons-usb-id V:P    USB vendor:product of that controller (default 2e8a:000a)
  --link-port PORT        link cable serial port or pyserial URL
  --save-dir DIR          save folder, on the data partition (default /var/lib/satellites)
  --language en|es        (default en)
  --wheel FILE            install this built wheel instead of the checkout
  --no-compile            install the pure-Python engine without trying mypyc
  --keep-config           keep an existing /etc/satellites/config.toml (update)
  --skip-pip              create the virtual environment but install nothing into it
  --no-boot-config        leave /boot/firmware/config.txt alone
  --root DIR              install into DIR instead of / and only record system commands
USAGE
}

deploy_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_dir="$(dirname "$deploy_dir")"

profile="" button_serial="" buttons_usb_id="2e8a:000a" link_port=""
save_dir="/var/lib/satellites" language="en" wheel="" compile=1 keep_config=0
skip_pip=0 boot_config=1 root=""

while [ $# -gt 0 ]; do
    case "$1" in
        --profile) profile="$2"; shift 2 ;;
        --button-serial) button_serial="$2"; shift 2 ;;
        --buttons-usb-id) buttons_usb_id="$2"; shift 2 ;;
        --link-port) link_port="$2"; shift 2 ;;
        --save-dir) save_dir="$2"; shift 2 ;;
        --language) language="$2"; shift 2 ;;
        --wheel) wheel="$(realpath "$2")"; shift 2 ;;
        --no-compile) compile=0; shift ;;
        --keep-config) keep_config=1; shift ;;
        --skip-pip) skip_pip=1; shift ;;
        --no-boot-config) boot_config=0; shift ;;
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
deploy_python() { PYTHONPATH="$source_dir" python3 -m "$@"; }

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
    [ -n "$profile" ] || die "give --profile (hatmini, lcdhat or tabletop)"
}

install_packages() {
    step "system packages"
    system apt-get update
    system apt-get install --yes --no-install-recommends python3-venv python3-dev gcc
}

create_user() {
    step "system user $user (groups video, render, input, dialout)"
    if [ -z "$root" ] && id "$user" >/dev/null 2>&1; then
        system usermod --append --groups video,render,input,dialout "$user"
    else
        system useradd --system --home-dir "$save_dir" --no-create-home \
            --shell /usr/sbin/nologin --groups video,render,input,dialout "$user"
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
        --save-dir "$save_dir" --language "$language" --display kmsdrm
    chmod 0644 "$config"
}

create_save_dir() {
    local configured
    configured="$(deploy_python deploy.config get "$config" save_dir)"
    step "save folder $configured"
    install -d -m 0750 "$root$configured"
    system chown "$user:$user" "$root$configured"
}

# Build a compiled wheel in a throwaway environment; print its path, or fail.
build_compiled_wheel() {
    local build
    build="$(mktemp -d)"
    python3 -m venv "$build/venv" >&2
    "$build/venv/bin/pip" install --quiet mypy setuptools wheel >&2
    SATELLITES_MYPYC=1 "$build/venv/bin/pip" wheel --no-build-isolation --no-deps \
        --wheel-dir "$build/wheels" "$source_dir" >&2
    ls "$build"/wheels/satellites-*.whl
}

install_game() {
    step "virtual environment $venv"
    python3 -m venv "$venv"
    local target="$source_dir"
    [ -n "$wheel" ] && target="$wheel"
    if [ "$skip_pip" -eq 1 ]; then
        printf '%s\n' "pip install into $venv: $target (compile=$compile)" >> "$plan"
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
    {
        echo "# Written by install.sh from /etc/satellites/config.toml: save folder and ports."
        echo "[Service]"
        echo "ReadWritePaths="
        echo "ReadWritePaths=$configured_dir"
        echo "WorkingDirectory=$configured_dir"
        for port in "$button" "$link"; do
            case "$port" in
                /*) echo "DeviceAllow=$port rw" ;;
            esac
        done
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
    local vendor="${buttons_usb_id%%:*}" product="${buttons_usb_id##*:}"
    install -d "$root/etc/udev/rules.d"
    sed -e "s/ATTRS{idVendor}==\"[0-9a-f]*\"/ATTRS{idVendor}==\"$vendor\"/" \
        -e "s/ATTRS{idProduct}==\"[0-9a-f]*\"/ATTRS{idProduct}==\"$product\"/" \
        "$deploy_dir/99-satellites.rules" > "$root/etc/udev/rules.d/99-satellites.rules"
    system udevadm control --reload-rules
    system udevadm trigger --subsystem-match=tty
}

install_panel_firmware() {
    local commands="$deploy_dir/panel-$profile.txt"
    [ -f "$commands" ] || return 0
    step "display init commands /lib/firmware/satellites-$profile.bin"
    deploy_python deploy.panel_firmware "$commands" "$root/lib/firmware/satellites-$profile.bin"
}

# Replace the block between the markers (or append it) in config.txt.
install_boot_config() {
    [ "$boot_config" -eq 1 ] || return 0
    local boot="$root/boot/firmware/config.txt"
    step "hardware overlays in /boot/firmware/config.txt"
    if [ ! -f "$boot" ]; then
        [ -n "$root" ] || die "no $boot: is this Raspberry Pi OS Bookworm? (or --no-boot-config)"
        install -d "$(dirname "$boot")"
        : > "$boot"
    fi
    local kept
    kept="$(mktemp)"
    sed '/^# >>> satellites >>>$/,/^# <<< satellites <<<$/d' "$boot" > "$kept"
    {
        cat "$kept"
        echo "# >>> satellites >>>"
        cat "$deploy_dir/boot-$profile.txt"
        echo "# <<< satellites <<<"
    } > "$boot"
    rm -f "$kept"
}

check_prerequisites "$@"
choose_profile
[ -f "$deploy_dir/boot-$profile.txt" ] || die "unknown profile $profile"
install_packages
create_user
write_config
create_save_dir
install_game
install_unit
install_udev_rule
install_panel_firmware
install_boot_config
step "done: reboot to start the game (sudo reboot); check with satellites-doctor"
