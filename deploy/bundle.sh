#!/bin/bash
# Build an offline update: one file holding the game's wheel and every wheel it
# needs on the device, to carry on a USB stick. Runs on any machine with Python 3
# and pip (and a network); the device then needs none:
#
#   deploy/bundle.sh                         # for a Raspberry Pi: aarch64, CPython 3.11
#   sudo deploy/update.sh --bundle satellites-bundle.tar.gz      # on the device
#
# --out FILE             where to write the bundle (default satellites-bundle.tar.gz)
# --platform TAG         wheel platform (default manylinux2014_aarch64); "native" takes
#                        this machine's own platform and Python
# --python-version NN    CPython version of the device (default 311)
set -euo pipefail

usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; }

deploy_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_dir="$(dirname "$deploy_dir")"
out="satellites-bundle.tar.gz" platform="manylinux2014_aarch64" python_version="311"

while [ $# -gt 0 ]; do
    case "$1" in
        --out) out="$2"; shift 2 ;;
        --platform) platform="$2"; shift 2 ;;
        --python-version) python_version="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "bundle.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
    esac
done
[[ "$python_version" =~ ^[0-9]{2,3}$ ]] || { echo "bundle.sh: --python-version like 311" >&2; exit 2; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
wheels="$work/satellites-bundle/wheels"
mkdir -p "$wheels"

echo "==> the game's wheel (pure Python; the device compiles nothing offline)"
python3 -m pip wheel --quiet --no-deps --wheel-dir "$wheels" "$source_dir"

# The run-time dependencies, as pyproject.toml lists them.
mapfile -t requirements < <(python3 -c '
import sys, tomllib
with open(sys.argv[1], "rb") as file:
    print("\n".join(tomllib.load(file)["project"]["dependencies"]))
' "$source_dir/pyproject.toml")

target=()
if [ "$platform" != "native" ]; then
    target=(--platform "$platform" --python-version "$python_version"
            --implementation cp --abi "cp$python_version")
fi
echo "==> ${requirements[*]} for ${platform}"
python3 -m pip download --quiet --only-binary=:all: --dest "$wheels" "${target[@]}" \
    "${requirements[@]}"

(cd "$wheels" && sha256sum -- *.whl > ../SHA256SUMS)
tar -C "$work" -czf "$out" satellites-bundle
echo "==> $out:"
tar -tzf "$out" | sed -n 's|^satellites-bundle/wheels/\(..*\)|    \1|p'
