#!/usr/bin/env bash
# Installs whatever is missing to run this project on Debian/Ubuntu (Python >= 3.11 required):
#   1. uv            (pip --user from PyPI if absent; its folder is then put on PATH for new shells too,
#                     with one marked line in ~/.profile and ~/.bashrc — the script says so when it does)
#   2. the project   (uv sync --frozen, dev group included)
#   3. a browser     ($BROWSER_EXECUTABLE_PATH, else Playwright's own if already downloaded, else a
#                     system chromium, else `playwright install chromium`, else apt `chromium`)
#   4. Xvfb          (apt `xvfb`, only on Linux when there is no $DISPLAY)
#
# Idempotent and quick when everything is present. All output goes to stderr, one line per step;
# a failing command's output is shown in full. Never reads stdin.
#
# May be executed (`bash scripts/install.sh`) or sourced (`source scripts/install.sh`); when sourced
# it leaves `uv` on PATH and exports BROWSER_EXECUTABLE_PATH when the chosen browser is not
# Playwright's own. scripts/run.sh and scripts/test.sh source it.
set -euo pipefail

_inst_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_inst_apt_updated=0
export DEBIAN_FRONTEND=noninteractive

_inst_say() { printf '[install] %s\n' "$*" >&2; }

_inst_die() {
    printf '[install] ERROR: %s\n' "$*" >&2
    exit 1
}

# Runs a command with its output captured; prints the output (to stderr) only if it fails.
# _INST_TAIL=N limits that to the last N lines (for failures that have a fallback).
_inst_quiet() {
    local log rc=0
    log="$(mktemp "${TMPDIR:-/tmp}/install.XXXXXX")"
    "$@" </dev/null >"$log" 2>&1 || rc=$?
    if [ "$rc" -ne 0 ]; then
        printf '[install] command failed (exit %s): %s\n' "$rc" "$*" >&2
        if [ -n "${_INST_TAIL:-}" ]; then
            tail -n "$_INST_TAIL" "$log" >&2
        else
            cat "$log" >&2
        fi
    fi
    rm -f "$log"
    return "$rc"
}

# Value of a setting: the environment first, then the repo's .env file (KEY=value lines).
_inst_setting() {
    local name="$1" line val
    if [ -n "${!name:-}" ]; then
        printf '%s' "${!name}"
        return 0
    fi
    [ -f "$_inst_root/.env" ] || return 0
    line="$(grep -E "^[[:space:]]*(export[[:space:]]+)?${name}[[:space:]]*=" "$_inst_root/.env" | tail -n 1 || true)"
    [ -n "$line" ] || return 0
    val="${line#*=}"
    val="${val%%[[:space:]]#*}"                            # trailing comment
    val="$(printf '%s' "$val" | sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//')"
    val="${val#\"}"; val="${val%\"}"; val="${val#\'}"; val="${val%\'}"
    printf '%s' "$val"
}

_inst_truthy() {
    case "$(printf '%s' "${1:-}" | tr '[:upper:]' '[:lower:]')" in
        1 | true | yes | on | y | t) return 0 ;;
        *) return 1 ;;
    esac
}

_inst_is_linux() { [ "$(uname -s)" = Linux ]; }

# Runs a command as root: directly when root, via non-interactive sudo otherwise.
_inst_as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo -n env DEBIAN_FRONTEND=noninteractive "$@"
    else
        echo "not root and sudo is not available: cannot run $*" >&2
        return 1
    fi
}

_inst_can_apt() {
    command -v apt-get >/dev/null 2>&1 || return 1
    [ "$(id -u)" -eq 0 ] || command -v sudo >/dev/null 2>&1
}

# apt-get with a bounded wait (10 min) while another process holds the dpkg/apt lock.
_inst_apt() {
    local log rc waited=0
    log="$(mktemp "${TMPDIR:-/tmp}/install-apt.XXXXXX")"
    while :; do
        rc=0
        _inst_as_root apt-get -y -q "$@" </dev/null >"$log" 2>&1 || rc=$?
        if [ "$rc" -eq 0 ]; then
            rm -f "$log"
            return 0
        fi
        if grep -qiE 'could not get lock|unable to lock|unable to acquire' "$log" && [ "$waited" -lt 600 ]; then
            [ "$waited" -eq 0 ] && _inst_say "apt is locked by another process; waiting (up to 10 min)"
            sleep 5
            waited=$((waited + 5))
            continue
        fi
        printf '[install] command failed (exit %s): apt-get %s\n' "$rc" "$*" >&2
        cat "$log" >&2
        rm -f "$log"
        return "$rc"
    done
}

# apt-get install, running `apt-get update` first (at most once per run).
_inst_apt_install() {
    _inst_can_apt || return 1
    if [ "$_inst_apt_updated" -eq 0 ]; then
        _inst_say "apt-get update"
        _inst_apt update || return 1
        _inst_apt_updated=1
    fi
    _inst_say "apt-get install $*"
    _inst_apt install "$@"
}

# ---------------------------------------------------------------------------------------------
# 1. uv
# ---------------------------------------------------------------------------------------------
_inst_find_uv() {
    # (`uv --version` as well: a pyenv shim can exist while the active Python has no uv)
    command -v uv >/dev/null 2>&1 && uv --version >/dev/null 2>&1 && return 0
    local py dir
    for dir in "$HOME/.local/bin" "$HOME/.cargo/bin"; do
        if [ -x "$dir/uv" ]; then
            PATH="$dir:$PATH"
            return 0
        fi
    done
    for py in python3 python; do
        command -v "$py" >/dev/null 2>&1 || continue
        for dir in "$("$py" -c 'import site; print(site.USER_BASE)' 2>/dev/null)/bin" \
            "$("$py" -c 'import sysconfig; print(sysconfig.get_path("scripts"))' 2>/dev/null)"; do
            if [ -n "$dir" ] && [ -x "$dir/uv" ]; then
                PATH="$dir:$PATH"
                return 0
            fi
        done
    done
    return 1
}

# Tries each way to install uv with pip, quietly; prints every attempt's output only if all fail.
# --break-system-packages is for PEP 668 "externally managed" system Pythons (Debian 12+, Ubuntu 23.04+).
_inst_pip_uv() {
    local py log
    py="$(command -v python3 || command -v python || true)"
    log="$(mktemp "${TMPDIR:-/tmp}/install-pip.XXXXXX")"
    _inst_pip_try() {
        printf '\n$ %s\n' "$*" >>"$log"
        PIP_DISABLE_PIP_VERSION_CHECK=1 "$@" --quiet </dev/null >>"$log" 2>&1
    }
    if { [ -n "$py" ] && "$py" -m pip --version >/dev/null 2>&1 \
        && { _inst_pip_try "$py" -m pip install --user uv \
            || _inst_pip_try "$py" -m pip install --user --break-system-packages uv; }; } \
        || { command -v pip >/dev/null 2>&1 && _inst_pip_try pip install uv; }; then
        rm -f "$log"
        return 0
    fi
    [ -s "$log" ] && cat "$log" >&2
    rm -f "$log"
    return 1
}

_inst_uv_on_path=0
_inst_uv() {
    if command -v uv >/dev/null 2>&1 && uv --version >/dev/null 2>&1; then
        _inst_uv_on_path=1
    fi
    if _inst_find_uv; then
        export PATH
        _inst_say "uv: $(command -v uv)"
        return 0
    fi
    _inst_say "uv: not found, installing it with pip"
    if ! _inst_pip_uv; then
        # A Debian/Ubuntu Python without pip: get pip from apt, then try again.
        if ! { _inst_can_apt && _inst_apt_install python3-pip && _inst_pip_uv; }; then
            _inst_die "could not install uv (tried: python3 -m pip install --user uv; pip install uv)"
        fi
    fi
    hash -r
    _inst_find_uv || _inst_die "uv was installed but cannot be found; add pip's script directory to PATH"
    export PATH
    _inst_say "uv: installed $(command -v uv)"
}

# A new shell must find uv too (the README's `uv run ...` lines): when uv was not on the user's PATH (installed
# now, or found in ~/.local/bin) and its folder is not on the system's default PATH, one marked line in ~/.profile and ~/.bashrc (and ~/.bash_profile, ~/.zshrc if present) adds it.
_INST_PATH_MARK="# added by browser-agent scripts/install.sh: uv on PATH"
_inst_persist_uv_path() {
    local dir rc added=()
    [ "$_inst_uv_on_path" = 1 ] && return 0 # the user's own PATH already had it
    dir="$(cd "$(dirname "$(command -v uv)")" && pwd)"
    case ":$(getconf PATH 2>/dev/null || true):/usr/local/bin:/usr/local/sbin:" in
    *":$dir:"*) return 0 ;;
    esac
    for rc in "$HOME/.profile" "$HOME/.bashrc" "$HOME/.bash_profile" "$HOME/.zshrc"; do
        case "$rc" in
        */.bash_profile | */.zshrc) [ -f "$rc" ] || continue ;;
        esac
        if grep -qsF "$_INST_PATH_MARK" "$rc"; then
            continue
        fi
        printf '\nexport PATH="%s:$PATH"  %s\n' "$dir" "$_INST_PATH_MARK" >>"$rc" 2>/dev/null || continue
        added+=("${rc/#$HOME/\~}")
    done
    if [ "${#added[@]}" -gt 0 ]; then
        _inst_say "uv: $dir is now on PATH for new shells (a line in ${added[*]}); in this shell: export PATH=\"$dir:\$PATH\""
    fi
}

# ---------------------------------------------------------------------------------------------
# 2. the project
# ---------------------------------------------------------------------------------------------
_inst_project() {
    if [ -f "$_inst_root/uv.lock" ]; then
        _inst_say "project: uv sync --frozen"
        _inst_quiet uv sync --frozen --project "$_inst_root" || _inst_die "uv sync --frozen failed"
    else
        _inst_say "project: uv sync (no uv.lock)"
        _inst_quiet uv sync --project "$_inst_root" || _inst_die "uv sync failed"
    fi
    _inst_bytecode
}

# With PYTHONDONTWRITEBYTECODE set (many CI and container images set it) Python never caches what it compiles, so
# every process a run starts (the MCP server, the orchestrator, each test worker) compiles the same ~6 MB of its
# dependencies' source again: ~0.9 CPU-s of each server start. They are compiled once per uv.lock instead (the
# stamp in .venv), which Python reads whatever that variable says. Without the variable Python caches them itself.
_inst_bytecode() {
    [ -n "${PYTHONDONTWRITEBYTECODE:-}" ] || return 0
    local stamp="$_inst_root/.venv/.bytecode-lock" want packages
    want="$(sha256sum "$_inst_root/uv.lock" 2>/dev/null | cut -d' ' -f1)" || want="no-lock"
    [ "$(cat "$stamp" 2>/dev/null)" = "$want" ] && return 0
    packages="$(cd "$_inst_root" && uv run --no-sync python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
    _inst_say "project: compiling the dependencies to bytecode once (PYTHONDONTWRITEBYTECODE is set)"
    # a file that does not compile (a package's Python 2 example) is left to Python, as before
    (cd "$_inst_root" && uv run --no-sync python -m compileall -q -j0 "$packages" >/dev/null 2>&1) || true
    printf '%s\n' "$want" >"$stamp"
}

# ---------------------------------------------------------------------------------------------
# 3. a browser
# ---------------------------------------------------------------------------------------------
# The install locations of Playwright's chromium builds, one per line.
_inst_pw_locations() {
    (cd "$_inst_root" && uv run --no-sync playwright install --dry-run chromium </dev/null 2>/dev/null) \
        | sed -n 's/^[[:space:]]*Install location:[[:space:]]*//p' \
        | grep -E '/chromium(_headless_shell)?-[^/]*$' || true
}

# True when Playwright's own chromium is fully downloaded and its shared libraries resolve
# (returns 2 when downloaded but libraries are missing).
_inst_pw_browser_ok() {
    local locs loc exe
    # Asking Playwright costs a Node start-up (~1 s); skip it when its default cache has no chromium.
    if [ -z "${PLAYWRIGHT_BROWSERS_PATH+set}" ] \
        && ! compgen -G "${XDG_CACHE_HOME:-$HOME/.cache}/ms-playwright/chromium*" >/dev/null \
        && ! compgen -G "$HOME/Library/Caches/ms-playwright/chromium*" >/dev/null; then
        return 1
    fi
    locs="$(_inst_pw_locations)"
    [ -n "$locs" ] || return 1
    while IFS= read -r loc; do
        [ -f "$loc/INSTALLATION_COMPLETE" ] || return 1
        if _inst_is_linux && command -v ldd >/dev/null 2>&1; then
            for exe in "$loc"/*/chrome "$loc"/*/chrome-headless-shell "$loc"/*/headless_shell; do
                [ -f "$exe" ] || continue
                if ldd "$exe" 2>/dev/null | grep -q 'not found'; then
                    return 2
                fi
            done
        fi
    done <<<"$locs"
    return 0
}

# A working system chromium on PATH, printed; fails if there is none.
_inst_system_browser() {
    local name exe
    for name in chromium chromium-browser google-chrome google-chrome-stable; do
        exe="$(command -v "$name" 2>/dev/null)" || continue
        # Ubuntu's chromium-browser may be a stub pointing to a snap that is not installed.
        if timeout 30 "$exe" --version </dev/null >/dev/null 2>&1; then
            printf '%s' "$exe"
            return 0
        fi
    done
    return 1
}

_inst_use_system() {
    export BROWSER_EXECUTABLE_PATH="$1"
    _inst_say "browser: system $1"
}

_inst_browser() {
    local exe rc
    exe="$(_inst_setting BROWSER_EXECUTABLE_PATH)"
    if [ -n "$exe" ]; then
        if [ -f "$exe" ]; then
            export BROWSER_EXECUTABLE_PATH="$exe"
            _inst_say "browser: BROWSER_EXECUTABLE_PATH=$exe"
            return 0
        fi
        _inst_say "browser: BROWSER_EXECUTABLE_PATH=$exe does not exist; looking for another browser"
        unset BROWSER_EXECUTABLE_PATH
    fi

    if _inst_pw_browser_ok; then
        _inst_say "browser: Playwright's chromium (already downloaded)"
        return 0
    fi

    if exe="$(_inst_system_browser)"; then
        _inst_use_system "$exe"
        return 0
    fi

    _inst_say "browser: downloading Playwright's chromium (timeout 300 s)"
    if (cd "$_inst_root" && _INST_TAIL=16 _inst_quiet timeout 300 uv run --no-sync playwright install chromium); then
        rc=0
        _inst_pw_browser_ok || rc=$?
        if [ "$rc" -eq 2 ] && _inst_is_linux && _inst_can_apt; then
            _inst_say "browser: installing the system libraries Playwright's chromium needs"
            (cd "$_inst_root" && _inst_quiet timeout 900 uv run --no-sync playwright install-deps chromium) || true
            rc=0
            _inst_pw_browser_ok || rc=$?
        fi
        if [ "$rc" -eq 0 ]; then
            _inst_say "browser: Playwright's chromium (downloaded)"
            return 0
        fi
        _inst_say "browser: Playwright's chromium is missing system libraries; trying apt chromium"
    else
        _inst_say "browser: Playwright's chromium could not be downloaded; trying apt chromium"
    fi

    if _inst_can_apt; then
        # Debian names it chromium; Ubuntu's equivalent is chromium-browser.
        _inst_apt_install chromium || _inst_apt_install chromium-browser || true
        hash -r
        if exe="$(_inst_system_browser)"; then
            _inst_use_system "$exe"
            return 0
        fi
    fi
    _inst_die "no usable Chromium: \`playwright install chromium\` failed and none could be installed with apt.
Install Chromium or Chrome yourself and set BROWSER_EXECUTABLE_PATH to its executable (in the environment or .env)."
}

# ---------------------------------------------------------------------------------------------
# 4. Xvfb (a virtual display for the visible browser when there is no real one)
# ---------------------------------------------------------------------------------------------
_inst_xvfb() {
    if ! _inst_is_linux || [ -n "${DISPLAY:-}" ]; then
        _inst_say "display: ${DISPLAY:-none needed on $(uname -s)}"
        return 0
    fi
    if command -v Xvfb >/dev/null 2>&1 && command -v xvfb-run >/dev/null 2>&1; then
        _inst_say "display: none; Xvfb present"
        return 0
    fi
    _inst_say "display: none; installing Xvfb"
    _inst_apt_install xvfb || true
    hash -r
    if command -v Xvfb >/dev/null 2>&1 && command -v xvfb-run >/dev/null 2>&1; then
        return 0
    fi
    if _inst_truthy "$(_inst_setting BROWSER_HEADLESS)"; then
        _inst_say "display: WARNING: Xvfb/xvfb-run unavailable; only headless mode will work"
        return 0
    fi
    _inst_die "there is no \$DISPLAY and Xvfb/xvfb-run could not be installed (apt package: xvfb).
Install xvfb, run under a display, or set BROWSER_HEADLESS=true."
}

_inst_uv
_inst_persist_uv_path
_inst_project
_inst_browser
_inst_xvfb
_inst_say "done"
