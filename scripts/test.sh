#!/usr/bin/env bash
# Installs whatever is missing (scripts/install.sh), then runs the whole test suite:
#   bash scripts/test.sh [pytest args...]      (default pytest args: -q -raR -n $TEST_WORKERS --dist loadgroup --reruns 1)
#   LINT=1 bash scripts/test.sh                (also runs ruff check, mypy and lint-imports, beside the tests; CI)
#   TEST_WORKERS=3 bash scripts/test.sh        (pytest-xdist workers, default 4; 0 runs the suite in one process)
#   TEST_CLOCKS=clocks.tsv bash scripts/test.sh (each test's wall time against its process tree's CPU: the most waited
#                                               printed at the end, all of them written to the file; tests/support/clocks.py)
# Under xdist each corpus app's tests run on one worker (xdist_group, tests/realapps/conftest.py), which alone
# starts that app. Given pytest args replace the defaults: add `-n N --dist loadgroup` yourself to get workers.
# A failed test is run once more (pytest-rerunfailures); the summary lists each RERUN: a test that passed only
# on its second run is a defect to fix, not a pass to forget.
# With no $DISPLAY on Linux, pytest runs on a virtual display (xvfb-run). Finding no tests fails.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# shellcheck source=SCRIPTDIR/install.sh
source "$root/scripts/install.sh" </dev/null

cd "$root"
failed=()

step() { printf '[test] %s\n' "$*" >&2; }

# Lint runs beside the tests at the lowest CPU priority (nice 19: it takes only what the test processes leave idle;
# a cold mypy alone is ~50 s that the tests used to wait for). Its output and verdict come after pytest's.
lint() {
    local out="$1"
    step "ruff check ."
    nice -n 19 uv run --no-sync ruff check . || echo "ruff" >>"$out"
    step "mypy"
    nice -n 19 uv run --no-sync mypy || echo "mypy" >>"$out"
    step "lint-imports"
    nice -n 19 uv run --no-sync lint-imports --no-cache || echo "lint-imports" >>"$out"
}
lint_pid=""
if [ "${LINT:-0}" = 1 ]; then
    lint_dir="$(mktemp -d)"
    trap 'rm -rf "$lint_dir"' EXIT
    : >"$lint_dir/failed"
    lint "$lint_dir/failed" >"$lint_dir/log" 2>&1 </dev/null &
    lint_pid=$!
fi

if [ "$#" -eq 0 ]; then
    set -- -q -raR -n "${TEST_WORKERS:-4}" --dist loadgroup --reruns 1
fi
# The processes a run starts (test workers, MCP servers, orchestrators, the corpus apps' own servers) cache what
# Python compiles: with PYTHONDONTWRITEBYTECODE set (many CI images set it), each one compiled its imports again
# from source (~1 CPU-s an MCP server start, more for a Django app). Nothing a test checks depends on it.
unset PYTHONDONTWRITEBYTECODE
cmd=(uv run --no-sync python -m pytest "$@")
if _inst_is_linux && [ -z "${DISPLAY:-}" ]; then
    command -v xvfb-run >/dev/null 2>&1 || _inst_die "no \$DISPLAY and xvfb-run is missing: install xvfb"
    cmd=(xvfb-run -a --server-args="-screen 0 1920x1080x24" "${cmd[@]}")
fi

step "pytest $*"
rc=0
"${cmd[@]}" || rc=$?
if [ -n "$lint_pid" ]; then
    wait "$lint_pid" || true
    cat "$lint_dir/log" >&2
    while IFS= read -r tool; do failed+=("$tool"); done <"$lint_dir/failed"
fi
if [ "$rc" -eq 5 ]; then
    step "FAILED: pytest collected no tests (exit 5); the suite must not be empty"
    failed+=("pytest (no tests collected)")
elif [ "$rc" -ne 0 ]; then
    failed+=("pytest (exit $rc)")
fi

if [ "${#failed[@]}" -gt 0 ]; then
    step "FAILED: ${failed[*]}"
    if [ "$rc" -ne 0 ] && [ "$rc" -ne 5 ]; then
        exit "$rc"
    fi
    exit 1
fi
step "all passed"
