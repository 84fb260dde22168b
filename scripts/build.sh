#!/usr/bin/env bash
# Configures and builds plume in ./build (Release); extra arguments go to CMake's configure step.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
# ccache, when installed, makes rebuilds after a branch switch or in a second worktree cheap.
launcher=()
if command -v ccache >/dev/null 2>&1; then
  for lang in C CXX CUDA; do launcher+=("-DCMAKE_${lang}_COMPILER_LAUNCHER=ccache"); done
fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" "$@"
cmake --build build -j "$jobs"
