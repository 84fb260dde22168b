#!/usr/bin/env bash
# Weak and strong scaling of one model on the GPUs of one node (2 or more), FP64 and FP32:
#   scripts/gpu-scaling-model.sh d2q9
#   scripts/gpu-scaling-model.sh d3q19 3d
# Builds plume-scaling only (as scripts/gpu-scaling.sh does, which also runs the decomposed GPU
# tests and measures the performance model with D2Q37). 2-D: weak 8192 x 8192 sites per GPU, the
# GPUs stacked in y (1xN); strong 16384 x 16384. 3-D (second argument "3d"): weak 256^3 per GPU
# stacked in z (1x1xN); strong 512^3. Strong: on 1 and N GPUs. Each transport with and without
# overlap; the one-GPU run of the same lattice is the baseline. Logs go to $OUT (else the build's).
set -uo pipefail
cd "$(dirname "$0")/.."
model=${1:?usage: gpu-scaling-model.sh MODEL [3d]}
if [ "${2:-}" = 3d ]; then
  weak_1=256x256x256; strong=512x512x512
  weak_n() { echo "256x256x$((256 * $1))"; }
  tiles_n() { echo "1x1x$1"; }
else
  weak_1=8192x8192; strong=16384x16384
  weak_n() { echo "8192x$((8192 * $1))"; }
  tiles_n() { echo "1x$1"; }
fi
root=$PWD
build=${PLUME_GPU_BUILD:-$root/build-scaling}
logs=${OUT:-$build/logs}
steps=${PLUME_SCALING_STEPS:-20}
mkdir -p "$build" "$logs"
export NCCL_NVLS_ENABLE=0 OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 HWLOC_COMPONENTS=-gl
export PATH=$PATH:/usr/local/cuda/bin
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || echo 0)
summary=()
note() { summary+=("$(printf '| %-44s | %s |' "$1" "$2")"); }

nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv | tee "$logs/nvidia-smi.csv"
source "$root/scripts/gpu-mpi-cmake.sh"
args=("${gpu_mpi_args[@]}" -DPLUME_BENCH=OFF -DPLUME_TESTS=OFF)
t0=$(date +%s)
if ! cmake -S "$root" -B "$build" "${args[@]}" > "$logs/build.log" 2>&1 ||
   ! cmake --build "$build" -j "$(nproc)" --target plume-scaling >> "$logs/build.log" 2>&1; then
  grep -E "error|Error|FAILED" "$logs/build.log" | head -30
  echo "build failed"
  exit 1
fi
note "build" "$(($(date +%s) - t0)) s, $ngpu GPUs"
bin=$build/solver/plume-scaling

run() {  # ranks lattice tiles transport overlap precision-flag
  mpirun --bind-to none --oversubscribe -x NCCL_NVLS_ENABLE -x HWLOC_COMPONENTS -np "$1" "$bin" time --model "$model" \
    --backend cuda --lattice "$2" --tiles "$3" --transport "$4" --overlap "$5" --steps "$steps" $6 2>&1 |
    tee -a "$logs/scaling-$model.log" | grep RESULT
}
rate() { sed -nE 's/.*gsites=([0-9.]+).*/\1/p' <<<"$1"; }
ratio() { python3 -c "print(f'{$1 / $2:.3f}')"; }

n=$ngpu
for prec in fp64 fp32; do
  flag=""; [ $prec = fp32 ] && flag=--fp32
  base=$(run 1 $weak_1 1x1 host 1 "$flag"); r1=$(rate "$base")
  note "$prec weak 1 GPU $weak_1" "$r1 G site/s"
  for t in host nccl; do
    for ov in 1 0; do
      line=$(run $n "$(weak_n $n)" "$(tiles_n $n)" $t $ov "$flag")
      note "$prec weak $n GPUs $(tiles_n $n) $t overlap=$ov" "$(rate "$line") G site/s, efficiency $(ratio "$(rate "$line")" "($n * $r1)")"
    done
  done
  base=$(run 1 $strong 1x1 host 1 "$flag"); rs=$(rate "$base")
  note "$prec strong 1 GPU $strong" "$rs G site/s"
  for t in host nccl; do
    for ov in 1 0; do
      line=$(run $n $strong "$(tiles_n $n)" $t $ov "$flag")
      note "$prec strong $n GPUs $(tiles_n $n) $t overlap=$ov" "$(rate "$line") G site/s, speed-up $(ratio "$(rate "$line")" "$rs")"
    done
  done
done

printf '\n| %-44s | %s |\n|%s|%s|\n' "$model: run" "result" "$(printf -- '-%.0s' {1..46})" "--------"
printf '%s\n' "${summary[@]}"
