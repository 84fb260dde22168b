#!/usr/bin/env bash
# Runs the default Rayleigh–Taylor case with the built `plume` into runs/default/.
# When this build has ParaView Catalyst, the temperature pipeline renders in situ too (into
# runs/default/insitu/, under a private Xvfb when there is no display). Extra arguments go to
# `plume run`. runs/default/ is this script's own folder: each run replaces the previous one
# (--overwrite), unless it continues it (--restart runs/default/checkpoint_<step>.ckpt).
set -euo pipefail
cd "$(dirname "$0")/.."
plume=build/app/plume
out=runs/default
args=(run assets/rayleigh_taylor.toml -o "$out" --overwrite)
insitu=(--set 'insitu.scripts=["pipelines/temperature.py"]' --set insitu.every=250)
# `plume check` refuses in-situ keys in a build without Catalyst: that is the test.
if "$plume" check assets/rayleigh_taylor.toml "${insitu[@]}" >/dev/null 2>&1; then
  args+=("${insitu[@]}")
else
  echo "run-default: this build has no ParaView Catalyst; images come from plume's own renderer only"
fi
exec "$plume" "${args[@]}" "$@"
