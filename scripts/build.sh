#!/usr/bin/env bash
# Configures and builds plume in ./build (Release); extra arguments go to CMake's configure step.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
# ccache, when installed, makes rebuilds after a branch switch or in a second worktree cheap.
launcher=()
if command -v ccache >/dev/null 2>&1; then
  # Paths inside the checkout are hashed as relative ones, so that another clone or worktree of the
  # same sources (CI's fresh clone) reuses this one's objects.
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}" CCACHE_NOHASHDIR=1
  for lang in C CXX CUDA; do launcher+=("-DCMAKE_${lang}_COMPILER_LAUNCHER=ccache"); done
fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" "$@"
cmake --build build -j "$jobs"
