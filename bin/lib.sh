# Shared by bin/test and bin/demo: find Python >= 3.12 and keep .venv installed.
# Sourced, not run: expects ROOT (the project folder) to be set.

python_is_suitable() {
    "$1" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' >/dev/null 2>&1
}

find_python() {
    local candidate
    for candidate in python3.13 python3.12 python3; do
        if command -v "$candidate" >/dev/null 2>&1 && python_is_suitable "$candidate"; then
            command -v "$candidate"
            return 0
        fi
    done
    if command -v pyenv >/dev/null 2>&1; then
        for candidate in "$(pyenv root)"/versions/3.1[23]*/bin/python; do
            if [ -x "$candidate" ] && python_is_suitable "$candidate"; then
                echo "$candidate"
                return 0
            fi
        done
    fi
    echo "error: Verbatim needs Python 3.12 or newer (Django 6); none was found as" \
        "python3.13, python3.12, python3 or under pyenv. Install one and run this again." >&2
    return 1
}

# ensure_venv EXTRAS: create .venv if needed and install the project (editable) into it.
# Reinstalls only when pyproject.toml or the extras changed since the last install.
ensure_venv() {
    local extras="$1" python stamp wanted installed
    if [ ! -x "$ROOT/.venv/bin/python" ] || ! python_is_suitable "$ROOT/.venv/bin/python"; then
        python="$(find_python)" || return 1
        echo "==> creating .venv with $python ($("$python" --version))"
        rm -rf "$ROOT/.venv"
        "$python" -m venv "$ROOT/.venv" || return 1
    fi
    stamp="$ROOT/.venv/.verbatim-installed"
    wanted="$(sha256sum "$ROOT/pyproject.toml" | cut -d' ' -f1) $extras"
    installed="$(cat "$stamp" 2>/dev/null || true)"
    # An install with the dev extras also serves a plain one (bin/demo after bin/test).
    if [ "$installed" != "$wanted" ] && [ "$installed" != "$wanted[dev]" ]; then
        echo "==> installing Verbatim into .venv (pip install -e '.$extras')"
        (cd "$ROOT" && .venv/bin/python -m pip install -q -e ".$extras") || return 1
        echo "$wanted" >"$stamp"
    fi
}
