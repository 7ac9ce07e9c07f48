# shellcheck shell=bash
# Sourced by the project's commands: makes .venv and installs the project with
# its development tools, again only when pyproject.toml has changed.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
stamp="$venv/.installed-from"
python="${PYTHON:-python3.11}"
command -v "$python" >/dev/null 2>&1 || python=python3
if [ ! -x "$venv/bin/python" ]; then
    echo "Creating the virtual environment in .venv ..." >&2
    "$python" -m venv "$venv"
fi
want="$(sha256sum "$root/pyproject.toml" "$root/setup.py" | sha256sum | cut -c1-16)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    echo "Installing satellites and its development tools into .venv ..." >&2
    log="$venv/install.log"
    if ! { "$venv/bin/python" -m pip install --upgrade pip &&
           "$venv/bin/python" -m pip install -e "${root}[dev]"; } >"$log" 2>&1; then
        tail -n 30 "$log" >&2
        echo "Installing failed; the whole log is in $log" >&2
        exit 1
    fi
    echo "$want" > "$stamp"
fi
export PATH="$venv/bin:$PATH"
cd "$root"
