#!/usr/bin/env bash
# Throughput of plume-gui while it renders, against plume::Solver alone on the same case
# (docs/gui.md). Usage: gui/measure.sh BUILD_DIR [NX NY [ROUNDS]]
# Needs a display: starts a private Xvfb when DISPLAY is unset. The cases alternate within each
# round, so that a machine shared with other work disturbs them alike; compare medians.
set -euo pipefail
build=${1:?usage: gui/measure.sh BUILD_DIR [NX NY]}
nx=${2:-256}
ny=${3:-512}
rounds=${4:-3}
gui="$build/gui/plume-gui"
batch="$build/gui/plume-gui-batch-rate"
case=(--set "lattice.nx=$nx" --set "lattice.ny=$ny" --set physics.gravity=2e-4 --set physics.k1=0.01
      --set physics.k2=0.01 --set run.backend=cpu)
if [[ -z "${DISPLAY:-}" ]]; then
  exec 3< <(Xvfb -displayfd 1 -noreset -nolisten tcp -screen 0 1400x900x24 2>/dev/null)
  xvfb_pid=$!
  trap 'kill $xvfb_pid 2>/dev/null || true' EXIT
  read -r -u 3 number
  export DISPLAY=":$number"
fi
# The site update rate needs several hundred steps; the frame counts give runs of 20 s or more.
steps=$(( 200 * 131072 / (nx * ny) + 20 ))
echo "# $(date -u +%FT%TZ) $(uname -n), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# case: ${nx}x${ny}, gravity 2e-4, k1 = k2 = 0.01, CPU backend, FP64"
cores=$(nproc)
for round in $(seq "$rounds"); do
  echo "# round $round, load average $(cut -d' ' -f1-3 /proc/loadavg)"
  for threads in "$cores" 1; do
    echo "## batch, plume::Solver alone, run.threads=$threads"
    "$batch" "${case[@]}" --set "run.threads=$threads" --steps "$steps"
  done
  # run.threads=0 (the default: every core), one thread (a core left to the front end), no cap.
  for run in "0 60" "1 60" "0 0"; do
    read -r threads fps <<< "$run"
    echo "## plume-gui running, run.threads=$threads, --max-fps $fps"
    "$gui" "${case[@]}" --set "run.threads=$threads" --max-fps "$fps" --frames 900 | tail -1
  done
done
echo "## plume-gui paused (rendering only), --max-fps 0"
"$gui" "${case[@]}" --paused --max-fps 0 --frames 900 | tail -1
