#!/usr/bin/env bash
# Lists the tests ctest reported as skipped, each with the reason its GoogleTest gave
# (GTEST_SKIP() << reason), from a ctest log (default: build/Testing/Temporary/LastTest.log).
set -euo pipefail
log=${1:-build/Testing/Temporary/LastTest.log}
[ -f "$log" ] || exit 0
awk '
  /^\[ RUN      \] / { test = $4 }
  /: Skipped$/ { getline reason; if (reason == "") reason = "(no reason given)"; printf "skipped: %s: %s\n", test, reason }
' "$log"
