#!/bin/bash
# Build an offline update: one file holding the game's wheel and every wheel it
# needs on the device, signed with your key, to carry on a USB stick. Runs on any
# machine with Python 3, pip and OpenSSL 3 (and a network); the device then needs none:
#
#   deploy/bundle.sh --key bundle-key.pem      # for a Raspberry Pi: aarch64, CPython 3.11, 3.13
#   sudo satellites-update /media/usb/satellites-bundle-0.2.0.tar      # on the device
#
# --key FILE             the private key that signs the bundle (required; it never goes
#                        on the device: see "Signed bundles" in deploy/README.md)
# --out FILE             where to write the bundle (default satellites-bundle-VERSION.tar,
#                        the version being pyproject.toml's)
# --new-key FILE         hand the devices this public key for later bundles (a key rotation:
#                        signed with --key, the key the devices have now)
# --platform TAG         wheel platform (default manylinux2014_aarch64); "native" takes
#                        this machine's own platform and Python
# --python-version LIST  CPython versions of the devices, separated by commas (default
#                        311,313: Raspberry Pi OS Bookworm's and Trixie's)
# --wheels DIR           take the wheels from DIR (the game's and all it needs) instead
#                        of building and downloading them
# --compiled DIR         add the engine compiled in DIR (printed by scripts/pi-vm engine)
#                        to the game's wheel: a wheel for that Python, which the device
#                        installs instead of the pure one; repeat it for each Python
set -euo pipefail

usage() { sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'; }
die() { echo "bundle.sh: $*" >&2; exit 2; }

deploy_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_dir="$(dirname "$deploy_dir")"
out="" new_key="" platform="manylinux2014_aarch64" python_versions="311,313"
key="" from="" compiled=()

while [ $# -gt 0 ]; do
    case "$1" in
        --key) key="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        --new-key) new_key="$2"; shift 2 ;;
        --platform) platform="$2"; shift 2 ;;
        --python-version) python_versions="$2"; shift 2 ;;
        --wheels) from="$2"; shift 2 ;;
        --compiled) compiled+=("$2"); shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "bundle.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
    esac
done
[[ "$python_versions" =~ ^[0-9]{2,3}(,[0-9]{2,3})*$ ]] || die "--python-version like 311 or 311,313"
for folder in "${compiled[@]}"; do
    [ -f "$folder/TAG" ] || die "--compiled $folder: not a compiled engine (scripts/pi-vm engine prints one)"
done
[ -n "$key" ] || die "give --key FILE, the private key that signs bundles (see deploy/README.md)"
openssl pkey -in "$key" -noout 2>/dev/null || die "$key is not a private key OpenSSL can read"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
wheels="$work/wheels"
mkdir -p "$wheels"

if [ -n "$from" ]; then
    echo "==> the wheels in $from"
    cp -- "$from"/*.whl "$wheels/"
else
    echo "==> the game's wheel (pure Python)"
    bash "$deploy_dir/wheel.sh" "$wheels"

    # The run-time dependencies, as pyproject.toml lists them.
    mapfile -t requirements < <(python3 -c '
import sys, tomllib
with open(sys.argv[1], "rb") as file:
    print("\n".join(tomllib.load(file)["project"]["dependencies"]))
' "$source_dir/pyproject.toml")

    if [ "$platform" = "native" ]; then
        echo "==> ${requirements[*]} for this machine"
        python3 -m pip download --quiet --only-binary=:all: --dest "$wheels" "${requirements[@]}"
    else
        for python_version in ${python_versions//,/ }; do
            echo "==> ${requirements[*]} for ${platform}, CPython ${python_version}"
            python3 -m pip download --quiet --only-binary=:all: --dest "$wheels" \
                --platform "$platform" --python-version "$python_version" \
                --implementation cp --abi "cp$python_version" "${requirements[@]}"
        done
    fi
fi

if [ "${#compiled[@]}" -gt 0 ]; then
    pure="$(find "$wheels" -maxdepth 1 -name 'satellites-*-py3-none-any.whl')"
    [ -n "$pure" ] || die "no pure wheel of the game (satellites-*-py3-none-any.whl) to add the engine to"
    for folder in "${compiled[@]}"; do
        echo "==> the engine compiled in $folder ($(cat "$folder/TAG"))"
        PYTHONPATH="$source_dir" python3 -m deploy.compiled_wheel "$pure" "$folder" \
            --out-dir "$wheels" >/dev/null || die "cannot add the engine compiled in $folder"
    done
fi

# What pip may install on the device, each project on one line pinned to the hashes of
# its wheels (--require-hashes): pip takes the one that fits the device's Python.
for wheel in "$wheels"/*.whl; do
    name="$(basename "$wheel")"
    version="${name#*-}"
    echo "${name%%-*}==${version%%-*} --hash=sha256:$(sha256sum "$wheel" | cut -d ' ' -f 1)"
done | sort | awk '$1 == project { line = line " " $2; next }
                   { if (line != "") print line; project = $1; line = $0 }
                   END { if (line != "") print line }' > "$wheels/requirements.txt"
# The signed manifest (the version, every file's size and SHA-256) first, then the files:
# deploy/bundle_file.py describes the format.
echo "==> the bundle, signed with $key:"
PYTHONPATH="$source_dir" python3 -m deploy.bundle_file "$wheels" --key "$key" \
    ${out:+--out "$out"} ${new_key:+--new-key "$new_key"} || exit 2
