#!/bin/bash
# Build an offline update: one file holding the game's wheel and every wheel it
# needs on the device, signed with your key, to carry on a USB stick. Runs on any
# machine with Python 3, pip and OpenSSL 3 (and a network); the device then needs none:
#
#   deploy/bundle.sh --key bundle-key.pem      # for a Raspberry Pi: aarch64, CPython 3.11
#   sudo deploy/update.sh --bundle satellites-bundle.tar.gz      # on the device
#
# --key FILE             the private key that signs the bundle (required; it never goes
#                        on the device: see "Signed bundles" in deploy/README.md)
# --out FILE             where to write the bundle (default satellites-bundle.tar.gz)
# --platform TAG         wheel platform (default manylinux2014_aarch64); "native" takes
#                        this machine's own platform and Python
# --python-version NN    CPython version of the device (default 311)
# --wheels DIR           take the wheels from DIR (the game's and all it needs) instead
#                        of building and downloading them
set -euo pipefail

usage() { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; }
die() { echo "bundle.sh: $*" >&2; exit 2; }

deploy_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_dir="$(dirname "$deploy_dir")"
out="satellites-bundle.tar.gz" platform="manylinux2014_aarch64" python_version="311"
key="" from=""

while [ $# -gt 0 ]; do
    case "$1" in
        --key) key="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        --platform) platform="$2"; shift 2 ;;
        --python-version) python_version="$2"; shift 2 ;;
        --wheels) from="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "bundle.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
    esac
done
[[ "$python_version" =~ ^[0-9]{2,3}$ ]] || die "--python-version like 311"
[ -n "$key" ] || die "give --key FILE, the private key that signs bundles (see deploy/README.md)"
openssl pkey -in "$key" -noout 2>/dev/null || die "$key is not a private key OpenSSL can read"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
wheels="$work/satellites-bundle/wheels"
mkdir -p "$wheels"

if [ -n "$from" ]; then
    echo "==> the wheels in $from"
    cp -- "$from"/*.whl "$wheels/"
else
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
fi

# What pip may install on the device, each wheel pinned to its hash (--require-hashes).
for wheel in "$wheels"/*.whl; do
    name="$(basename "$wheel")"
    version="${name#*-}"
    echo "${name%%-*}==${version%%-*} --hash=sha256:$(sha256sum "$wheel" | cut -d ' ' -f 1)"
done > "$wheels/requirements.txt"
# The manifest lists every file of the bundle; the signature covers the manifest.
(cd "$work" && find satellites-bundle -type f -print0 | sort -z | xargs -0 sha256sum) \
    > "$work/SHA256SUMS"
mv "$work/SHA256SUMS" "$work/satellites-bundle/SHA256SUMS"
openssl pkeyutl -sign -rawin -inkey "$key" -in "$work/satellites-bundle/SHA256SUMS" \
    -out "$work/satellites-bundle/SHA256SUMS.sig"
tar -C "$work" -czf "$out" satellites-bundle
echo "==> $out, signed with $key:"
tar -tzf "$out" | sed -n 's|^satellites-bundle/wheels/\(..*\.whl\)|    \1|p'
