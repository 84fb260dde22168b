#!/usr/bin/env bash
# Weak and strong scaling of the models on the GPUs of one node (2 or more), FP64 and FP32, beside
# the performance model's prediction (docs/distributed.md), in one call:
#   scripts/gpu.sh scaling-model d3q19:3d d2q9 diffusion:3d thermal3d:3d
# A model with ":3d" runs 3-D lattices: weak 512^3 per GPU stacked in z (1x1xN), strong 512^3
# (and seed 002's LBM box 192x512x512 for d3q19); otherwise 2-D: weak 8192^2 per GPU stacked in y
# (1xN), strong 16384^2. Each transport (host-staged MPI, NCCL, the copy engines through CUDA IPC)
# with and without overlap; the one-GPU run of the same tile is the baseline.
#
# First: the build (plume-scaling, gpu_p2p and, where GoogleTest is found as in scripts/gpu.sh check, the
# decomposed GPU tests, run on N GPUs), then the GPU-to-GPU exchange (both ranks sending at once,
# as a halo phase does) that gives the model's B0 and t0 per transport. The model's site rate R of
# each model and precision is its one-GPU rate on the tile; its fixed cost per box update (a
# launch) is `plume-scaling measure`'s on a 512x512x64 (3-D) or 4096x1024 tile of the model; no
# per-row cost. So the prediction tests the model's account of the halos and the overlap from
# independent measurements, as seed 002 validates its own. Results go to $OUT/summary.md as they come (a call that
# runs out of time still returns what it measured); the table is printed last.
# PLUME_TRANSPORTS (default "host nccl cuda-ipc") narrows the transports of the scaling runs.
# NVLink multicast stays off (NCCL_NVLS_ENABLE=0), as the shared GPU nodes require.
set -uo pipefail
cd "$(dirname "$0")/../.."
[ $# -ge 1 ] || { echo "usage: gpu-scaling-model.sh MODEL[:3d] ..." >&2; exit 2; }
root=$PWD
build=${PLUME_GPU_BUILD:-$root/build-scaling}
logs=${OUT:-$build/logs}
debs=${PLUME_GTEST_DEBS:-$root/.gtest-debs}
steps=${PLUME_SCALING_STEPS:-20}
mkdir -p "$build" "$logs"
export NCCL_NVLS_ENABLE=0 OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 HWLOC_COMPONENTS=-gl
export PATH=$PATH:/usr/local/cuda/bin
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || echo 0)
sum=$logs/summary.md
: > "$sum"
note() { printf '| %-52s | %s |\n' "$1" "$2" | tee -a "$sum"; }
mpirun_() { mpirun --bind-to none --oversubscribe -x NCCL_NVLS_ENABLE -x HWLOC_COMPONENTS -np "$@"; }

nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv | tee "$logs/nvidia-smi.csv"
nvidia-smi topo -m > "$logs/topology.txt" 2>&1
source "$root/scripts/gpu/mpi-cmake.sh"
args=("${gpu_mpi_args[@]}" -DPLUME_BENCH=ON)
targets=(plume-scaling gpu_p2p)
if [ -f /usr/lib/x86_64-linux-gnu/cmake/GTest/GTestConfig.cmake ]; then
  targets+=(plume_gpu_mpi_tests)
elif ls "$debs"/libgtest-dev_*.deb >/dev/null 2>&1; then
  rm -rf "$build/gtest-root"
  for f in "$debs"/libgtest-dev_*.deb "$debs"/libgmock-dev_*.deb; do dpkg-deb -x "$f" "$build/gtest-root"; done
  args+=(-DGTest_DIR="$build/gtest-root/usr/lib/x86_64-linux-gnu/cmake/GTest")
  targets+=(plume_gpu_mpi_tests)
else
  args+=(-DPLUME_TESTS=OFF)
fi
t0=$(date +%s)
if ! cmake -S "$root" -B "$build" "${args[@]}" > "$logs/build.log" 2>&1 ||
   ! cmake --build "$build" -j "$(nproc)" --target "${targets[@]}" >> "$logs/build.log" 2>&1; then
  grep -E "error|Error|FAILED" "$logs/build.log" | head -30
  echo "build failed"
  exit 1
fi
note "build ($ngpu GPUs)" "$(($(date +%s) - t0)) s: ${targets[*]}"
bin=$build/solver/plume-scaling
n=$ngpu
failed=0

if [[ " ${targets[*]} " == *" plume_gpu_mpi_tests "* ]] && [ -z "${PLUME_SKIP_TESTS:-}" ]; then
  if mpirun_ $n "$build/tests/gpu/plume_gpu_mpi_tests" > "$logs/gpu-mpi-np$n.log" 2>&1; then r=passed; else r=FAILED; failed=1; fi
  grep -E "^\[  (PASSED|FAILED|SKIPPED) |Failure|rank [0-9]+\]" "$logs/gpu-mpi-np$n.log" | head -20
  note "decomposed GPU tests on $n GPUs" "$r ($(grep -c 'OK \]' "$logs/gpu-mpi-np$n.log") tests ok)"
fi

# B0 and t0 of a halo phase per transport, GPU 0 <-> GPU 1. The host-staged exchange already
# includes both staging copies, so its machine file has no separate staging term.
mpirun_ 2 "$build/bench/gpu_p2p" > "$logs/p2p.log" 2>&1
p2p() { sed -nE "s/RESULT $1 transport=$2 t0_us=([0-9.e+-]+) B0_GBs=([0-9.e+-]+).*/\\$3/p" "$logs/p2p.log"; }
for t in host nccl; do
  note "$t: ping-pong t0, B0; exchange t0, B0" "$(p2p p2p $t 1) us, $(p2p p2p $t 2) GB/s; $(p2p exchange $t 1) us, $(p2p exchange $t 2) GB/s"
done
note "cuda-ipc: exchange t0, B0" "$(p2p exchange cuda-ipc 1) us, $(p2p exchange cuda-ipc 2) GB/s"

launch=0
machine() {  # transport site-rate[G/s] value-bytes -> path of a machine file
  local f="$build/machines/$1-$2-$3.txt"; mkdir -p "$build/machines"
  printf 'name = "%s halos, R from the one-GPU run"\nsite_rate = %se9\nrow_overhead = 0\nlaunch_overhead = %s\nlink_bandwidth = %se9\nlink_latency = %se-6\nstaging_bandwidth = 0\nstaging_latency = 0\nvalue_bytes = %s\nborders_beside_bulk = 1\n' \
    "$1" "$2" "$launch" "$(p2p exchange "$1" 2)" "$(p2p exchange "$1" 1)" "$3" > "$f"
  echo "$f"
}
measure_launch() {  # model tile precision-flag -> seconds per box update call (sets $launch)
  mpirun_ 2 "$bin" measure --model "$1" --backend cuda --tile "$2" --steps 10 $3 > "$logs/measure-$1$3.log" 2>&1
  launch=$(sed -nE 's/.*launch ([0-9.e+-]+) us.*/\1e-6/p' "$logs/measure-$1$3.log")
  [ -n "$launch" ] || launch=0
}
run() {  # model ranks lattice tiles transport overlap precision-flag [machine]
  local m=$1; shift
  mpirun_ "$1" "$bin" time --model "$m" --backend cuda --lattice "$2" --tiles "$3" --transport "$4" --overlap "$5" \
    --steps "$steps" $6 ${7:+--machine "$7"} 2>&1 | tee -a "$logs/scaling-$m.log" | grep RESULT
}
rate() { sed -nE 's/.*gsites=([0-9.]+).*/\1/p' <<<"$1"; }
ratio() { python3 -c "print(f'{$1 / $2:.3f}')"; }
versus() {  # RESULT line -> "step ms (model ms, ratio)"
  local s p
  s=$(sed -nE 's/.*step_ms=([0-9.]+).*/\1/p' <<<"$1"); p=$(sed -nE 's/.*model_ms=([0-9.]+).*/\1/p' <<<"$1")
  echo "$s ms, model $p ms ($(ratio "$s" "$p"))"
}
# One-GPU baseline of `lattice`, then N GPUs on `nlattice` with every transport and overlap.
# kind: weak (efficiency = rate / (N x base)) or strong (speed-up = rate / base).
scale() {  # model kind lattice nlattice tiles prec
  local m=$1 kind=$2 lat=$3 nlat=$4 tiles=$5 prec=$6 flag="" vb=8 base r1 t ov line r
  [ "$prec" = fp32 ] && flag=--fp32 vb=4
  if [[ $lat == *x*x* ]]; then measure_launch "$m" 512x512x64 "$flag"; else measure_launch "$m" 4096x1024 "$flag"; fi
  note "$m $prec: fixed cost of a box update (measure)" "$(python3 -c "print(f'{$launch * 1e6:.1f} us')")"
  base=$(run "$m" 1 "$lat" 1x1 host 1 "$flag"); r1=$(rate "$base")
  [ -n "$r1" ] || { note "$m $prec $kind 1 GPU $lat" "FAILED (see scaling-$m.log)"; failed=1; return; }
  note "$m $prec $kind 1 GPU $lat" "$r1 G site/s"
  for t in ${PLUME_TRANSPORTS:-host nccl cuda-ipc}; do
    for ov in 1 0; do
      line=$(run "$m" "$n" "$nlat" "$tiles" $t $ov "$flag" "$(machine $t "$r1" $vb)"); r=$(rate "$line")
      [ -n "$r" ] || { note "$m $prec $kind $n GPUs $tiles $t overlap=$ov" "FAILED"; failed=1; continue; }
      if [ "$kind" = weak ]; then
        note "$m $prec weak $n GPUs $nlat $t overlap=$ov" "$r G site/s, efficiency $(ratio "$r" "($n * $r1)"); $(versus "$line")"
      else
        note "$m $prec strong $n GPUs $nlat $t overlap=$ov" "$r G site/s, speed-up $(ratio "$r" "$r1"); $(versus "$line")"
      fi
    done
  done
}

for spec in "$@"; do
  m=${spec%%:*}
  for prec in fp64 fp32; do
    if [[ $spec == *:3d ]]; then
      scale "$m" weak 512x512x512 "512x512x$((512 * n))" "1x1x$n" $prec
      scale "$m" strong 512x512x512 512x512x512 "1x1x$n" $prec
      # Seed 002's LBM lattice (192 x 512 x 512, single precision, tiled across the long sides).
      [ "$m" = d3q19 ] && [ $prec = fp32 ] && scale "$m" strong 192x512x512 192x512x512 "1x1x$n" $prec
    else
      scale "$m" weak 8192x8192 "8192x$((8192 * n))" "1x$n" $prec
      scale "$m" strong 16384x16384 16384x16384 "1x$n" $prec
    fi
  done
done

printf '\n| %-52s | %s |\n|%s|%s|\n' "run" "result" "$(printf -- '-%.0s' {1..54})" "--------"
cat "$sum"
exit $failed
