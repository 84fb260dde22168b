#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite (everything but the GPU tests
# and the benchmarks, which need a GPU or take long: see scripts/gpu.sh check and bench/).
set -euo pipefail
cd "$(dirname "$0")"
scripts/install-deps.sh
scripts/build.sh
# Open MPI refuses root unless told, and the CI machine has 2 cores for up to 4 ranks.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
# mpirun's daemon would otherwise open the test's Xvfb servers and die when one of them ends
# (docs/distributed.md, "X displays").
export HWLOC_COMPONENTS=-gl
cd build
set +e
ctest --output-on-failure --timeout 900 -j 2 -LE 'gpu|bench' | tee ctest.log
status=${PIPESTATUS[0]}
set -e
# ctest names skipped tests but not why: say it, then repeat ctest's verdict as the last line.
../scripts/skipped-tests.sh Testing/Temporary/LastTest.log
grep -E '^[0-9]+% tests passed' ctest.log | tail -1
exit "$status"
