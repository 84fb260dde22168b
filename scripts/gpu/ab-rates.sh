#!/usr/bin/env bash
# On a machine with an NVIDIA GPU: bench/model_rate of two builds, A (a tree unpacked from
# .ab/before.tar, made with `git archive REV -o .ab/before.tar`) and B (this working tree),
# alternated PLUME_AB_ROUNDS times (default 3) over the cases of PLUME_AB_CASES, one per line:
#   MODEL NX NY NZ fp64|fp32 STEPS [settings]
# (a case whose settings name run.streaming runs on B only when A's model_rate does not know it). Both builds are
# the solver alone (as scripts/gpu.sh rates builds it; carry .gtest-debs and .ab); PLUME_AB_B_FLAGS
# are B's extra CMake arguments (-DCMAKE_CUDA_FLAGS=-DNAME=VALUE: a variant of B). Every line
# model_rate prints goes to $OUT/ab-rates.txt with the side in front; the best of the rounds per
# case and side comes last.
# PLUME_AB_BINARIES=DIR: no builds; DIR holds model_rate_a and model_rate_b, built on another
# machine with the same CUDA toolkit (the GPU machine then only runs them: minutes of device time
# saved, and both sides measured in one short call).
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
work=${PLUME_AB_BUILD:-$root/build-rate-ab}
source scripts/gpu/prepare.sh
rate() { "$work/$1/bench/model_rate" "${@:2}"; }
if [ -n "${PLUME_AB_BINARIES:-}" ]; then
  rate() { "$PLUME_AB_BINARIES/model_rate_$1" "${@:2}"; }
fi
[ -z "${PLUME_AB_BINARIES:-}" ] && rm -rf "$work/a-src" && mkdir -p "$work/a-src" && tar -m -xf .ab/before.tar -C "$work/a-src"
for side in a b; do
  [ -n "${PLUME_AB_BINARIES:-}" ] && break
  src=$root
  extra=()
  [ $side = a ] && src=$work/a-src
  # shellcheck disable=SC2206
  [ $side = b ] && extra=(${PLUME_AB_B_FLAGS:-})
  if ! { cmake -S "$src" -B "$work/$side" "${extra[@]}" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPLUME_APP=OFF -DPLUME_CUDA=ON \
           -DPLUME_MPI=OFF -DPLUME_CATALYST=OFF -DPLUME_GUI=OFF \
           -DGTest_DIR="$work/gtest/usr/lib/x86_64-linux-gnu/cmake/GTest" &&
         cmake --build "$work/$side" -j "$(nproc)" --target model_rate; } > "$logs/build-$side.log" 2>&1; then
    grep -E "error|FAILED" "$logs/build-$side.log" | head -20
    echo "build $side failed"
    exit 1
  fi
done
cases=${PLUME_AB_CASES:-"d3q19 512 512 512 fp64 100
d3q19 512 512 512 fp32 100"}
: > "$logs/ab-rates.txt"
for round in $(seq "${PLUME_AB_ROUNDS:-3}"); do
  while read -r line; do
    [ -z "$line" ] && continue
    for side in a b; do
      [ $side = a ] && [ -z "${PLUME_AB_BINARIES:-}" ] && [[ "$line" == *run.streaming* ]] &&
        ! grep -q run.streaming "$work/a-src/bench/model_rate.cpp" && continue
      # shellcheck disable=SC2086
      rate $side $line 2>&1 | sed "s/^/$side /" | tee -a "$logs/ab-rates.txt"
    done
  done <<< "$cases"
done
echo
echo "| side | case | best G site updates/s | of copy (that run) |"
echo "|---|---|---|---|"
python3 - "$logs/ab-rates.txt" <<'PY'
import sys
best = {}
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) < 3 or f[1] != "model_rate":
        continue
    k = f.index("Gsite/s")
    key = (f[0], " ".join(f[2:k - 1]) + (" " + " ".join(f[k + 10:]) if len(f) > k + 10 else ""))
    rate, ratio = float(f[k - 1]), f[k + 9]
    if key not in best or rate > best[key][0]:
        best[key] = (rate, ratio)
for (side, case), (rate, ratio) in sorted(best.items(), key=lambda kv: (kv[0][1], kv[0][0])):
    print("| %s | %s | %.3f | %s |" % (side.upper(), case, rate, ratio))
PY
