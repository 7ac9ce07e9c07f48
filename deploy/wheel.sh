#!/bin/bash
# Build the game's wheel, the one a bundle carries and the device installs, into DIR,
# with $PYTHON's pip (default python3). Used by deploy/bundle.sh and deploy/install.sh;
# any option after DIR goes to pip wheel.
#
#   deploy/wheel.sh DIR [PIP-OPTION ...]
#
# It is built from a clean copy of what it is made of: setuptools keeps its build/
# folder between builds and never takes a file out of it, so a build in the checkout
# would carry along a module deleted or left out of the wheel since the last one
# (pyproject.toml leaves out the balance lab and the virtual Zero 2 W harness).
set -euo pipefail

usage() { sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; }
case "${1:-}" in
    -h|--help) usage; exit 0 ;;
    ""|-*) usage >&2; exit 2 ;;
esac
out="$1"
shift

source_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
copy="$(mktemp -d)"
trap 'rm -rf "$copy"' EXIT
(cd "$source_dir" && cp -r engine device drivers simulator deploy \
    setup.py pyproject.toml README.md LICENSE "$copy"/)
"${PYTHON:-python3}" -m pip wheel --quiet --no-deps --wheel-dir "$out" "$@" "$copy"
