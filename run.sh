#!/usr/bin/env bash
# Installs what is missing, builds, and runs plume's default Rayleigh–Taylor case
# (assets/rayleigh_taylor.toml) into runs/default/. Uses the GPU when there is one.
# Extra arguments are passed to `plume run`, e.g. ./run.sh --set lattice.nx=512
set -euo pipefail
cd "$(dirname "$0")"
scripts/install-deps.sh
scripts/build.sh
exec scripts/run-default.sh "$@"
