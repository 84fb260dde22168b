#!/usr/bin/env bash
# Runs the default Rayleigh–Taylor case with the built `plume` into runs/default/.
# With ParaView present, the temperature Catalyst pipeline renders too (under a private Xvfb
# when there is no display). Extra arguments go to `plume run`.
set -euo pipefail
cd "$(dirname "$0")/.."
out=runs/default
args=(run assets/rayleigh_taylor.toml -o "$out")
exec build/app/plume "${args[@]}" "$@"
