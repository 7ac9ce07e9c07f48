# shellcheck shell=bash
# shellcheck disable=SC2154  # root and venv are set by bootstrap.sh, sourced first
# Sourced by scripts/play, scripts/engine and scripts/compiled-engine-tests: the
# mypyc-compiled engine with the balance lab's players (SATELLITES_MYPYC=lab: the
# arena and the lab run on it), built once per change of the engine's sources into
# .venv/compiled-engine/ (never into the tree, so the tests keep running the
# pure engine).  Without a C compiler, with SATELLITES_PURE=1, or on a machine
# with less than 1 GB of memory (mypyc peaks at about 330 MB: a Zero 2 W would
# swap for a long time), the pure engine runs.

# Print the folder of the compiled engine, building it first if the engine
# changed; fail (the log in .venv/mypyc-build.log) where it does not build.
compiled_engine_path() {
    local sources hash target memory
    memory="$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo 2>/dev/null)"
    if [ -n "$memory" ] && [ "$memory" -lt 1024 ]; then
        echo "Not compiling the engine: ${memory} MB of memory is too little for mypyc" >&2
        return 1
    fi
    sources="$(cd "$root" && find engine -name '*.py' | sort)"
    # shellcheck disable=SC2086  # one argument per source file
    hash="$(cd "$root" && cat setup.py $sources | sha256sum | cut -c1-16)"
    target="$venv/compiled-engine/$hash"
    if [ ! -f "$target/.built" ]; then
        # One build at a time: a second command started meanwhile waits for it
        # instead of deleting the folder the first one is filling.
        (flock 9 && build_compiled_engine "$target") 9>"$venv/compiled-engine.lock" || return 1
    fi
    echo "$target"
}

# Build the compiled engine into TARGET (unless a build that held the lock
# before us already did).
build_compiled_engine() {
    local target="$1" scratch
    if [ ! -f "$target/.built" ]; then
        rm -rf "$venv/compiled-engine"
        echo "Compiling the engine with mypyc (once per engine change, a minute or two) ..." >&2
        scratch="$(mktemp -d)"
        cp -r "$root/engine" "$root/setup.py" "$root/pyproject.toml" "$root/README.md" "$scratch"/
        if ! (cd "$scratch" && SATELLITES_MYPYC=lab python setup.py --quiet build_ext --inplace \
                >"$scratch/build.log" 2>&1); then
            echo "The mypyc build failed (log: $venv/mypyc-build.log)" >&2
            cp "$scratch/build.log" "$venv/mypyc-build.log"
            rm -rf "$scratch"
            return 1
        fi
        mkdir -p "$target"
        cp -r "$scratch/engine" "$target"/
        find "$scratch" -maxdepth 1 -name '*.so' -exec cp {} "$target"/ \;
        touch "$target/.built"
        rm -rf "$scratch"
    fi
}

# Put the compiled engine in front of the pure-Python one on PYTHONPATH; without
# a C compiler, or with SATELLITES_PURE=1, the pure engine runs.
use_compiled_engine() {
    local compiled
    if [ "${SATELLITES_PURE:-0}" = "1" ]; then
        return
    fi
    if compiled="$(compiled_engine_path)"; then
        export PYTHONPATH="$compiled${PYTHONPATH:+:$PYTHONPATH}"
    else
        echo "The pure-Python engine runs." >&2
    fi
}
