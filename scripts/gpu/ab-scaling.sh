#!/usr/bin/env bash
# On a node with 2 or more NVIDIA GPUs and Open MPI: 2-GPU weak and strong scaling of two builds
# of plume, A (the tree in .ab/before.tar) and B (this working tree), in one session:
#   weak:   8192^2 per GPU: 1 GPU 8192x8192 against 2 GPUs 8192x16384 (1x2 tiles)
#   strong: 1 GPU 16384x8192 (the largest FP64 lattice one H200 holds) against 2 GPUs 16384^2
# each with host-staged MPI and NCCL, overlap on; plus B's decomposed GPU tests on 2 ranks.
# Carry .ab and .gtest-debs. NVLink multicast stays off. Logs in $OUT; a short table last.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
work=${PLUME_AB_BUILD:-$root/build-ab-scaling}
logs=${OUT:-$work/logs}
steps=${PLUME_SCALING_STEPS:-20}
mkdir -p "$work" "$logs"
export NCCL_NVLS_ENABLE=0 OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 PATH=$PATH:/usr/local/cuda/bin
mpirun_() { mpirun --bind-to none --oversubscribe -x NCCL_NVLS_ENABLE -np "$@"; }
nvidia-smi --query-gpu=index,name,clocks.sm,clocks.max.sm --format=csv | tee "$logs/gpus.csv"

rm -rf "$work/gtest"
for f in .gtest-debs/libgtest-dev_*.deb .gtest-debs/libgmock-dev_*.deb; do dpkg-deb -x "$f" "$work/gtest"; done
args=(-G Ninja -DCMAKE_BUILD_TYPE=Release -DPLUME_APP=OFF -DPLUME_CUDA=ON -DPLUME_MPI=ON -DPLUME_CATALYST=OFF
      -DPLUME_GUI=OFF -DGTest_DIR="$work/gtest/usr/lib/x86_64-linux-gnu/cmake/GTest")
if ! command -v mpicxx >/dev/null && [ -d /usr/lib/x86_64-linux-gnu/openmpi/include ]; then
  inc=/usr/lib/x86_64-linux-gnu/openmpi/include
  args+=(-DMPI_CXX_HEADER_DIR=$inc -DMPI_C_HEADER_DIR=$inc -DMPI_CXX_LIB_NAMES=mpi -DMPI_C_LIB_NAMES=mpi
         -DMPI_mpi_LIBRARY=/usr/lib/x86_64-linux-gnu/libmpi.so)
fi
rm -rf "$work/a-src" && mkdir -p "$work/a-src" && tar -m -xf .ab/before.tar -C "$work/a-src"
for side in a b; do
  src=$root
  [ $side = a ] && src=$work/a-src
  targets=(plume-scaling)
  [ $side = b ] && targets+=(plume_gpu_mpi_tests)
  t0=$(date +%s)
  if ! { cmake -S "$src" -B "$work/$side" "${args[@]}" && cmake --build "$work/$side" -j "$(nproc)" --target "${targets[@]}"; } \
       > "$logs/build-$side.log" 2>&1; then
    grep -E "error|FAILED" "$logs/build-$side.log" | head -20
    echo "build $side failed"
    exit 1
  fi
  echo "build $side: $(($(date +%s) - t0)) s"
done

rate() { sed -nE 's/.*gsites=([0-9.]+).*/\1/p' <<<"$1"; }
run() {  # side ranks lattice tiles transport
  mpirun_ "$2" "$work/$1/solver/plume-scaling" time --backend cuda --lattice "$3" --tiles "$4" --transport "$5" \
    --overlap 1 --steps "$steps" 2>&1 | tee -a "$logs/scaling-$1.log" | grep RESULT
}
declare -A R we sp
for side in a b; do
  R[$side,w1]=$(rate "$(run $side 1 8192x8192 1x1 host)")
  R[$side,s1]=$(rate "$(run $side 1 16384x8192 1x1 host)")
  for t in host nccl; do
    R[$side,w2,$t]=$(rate "$(run $side 2 8192x16384 1x2 $t)")
    R[$side,s2,$t]=$(rate "$(run $side 2 16384x16384 1x2 $t)")
  done
done

if mpirun_ 2 "$work/b/tests/gpu/plume_gpu_mpi_tests" > "$logs/gpu-mpi-np2.log" 2>&1; then tests=passed; else tests=FAILED; fi

echo
echo "| 2 x H200, FP64, overlap on | A (before) | B (after) |"
echo "|---|---|---|"
for t in host nccl; do
  for side in a b; do
    we[$side]=$(python3 -c "print(f'{${R[$side,w2,$t]} / (2 * ${R[$side,w1]}):.3f}')")
    sp[$side]=$(python3 -c "print(f'{${R[$side,s2,$t]} / ${R[$side,s1]}:.2f}')")
  done
  echo "| weak 8192^2/GPU, $t: efficiency | ${we[a]} (${R[a,w2,$t]} G/s; 1 GPU ${R[a,w1]}) | ${we[b]} (${R[b,w2,$t]} G/s; 1 GPU ${R[b,w1]}) |"
  echo "| strong 16384^2, $t: speed-up over 1 GPU at 16384x8192 | ${sp[a]} (${R[a,s2,$t]} G/s) | ${sp[b]} (${R[b,s2,$t]} G/s) |"
done
echo "| decomposed GPU tests on 2 ranks (B) | | $tests $(grep -E '^\[  PASSED|^\[  FAILED' "$logs/gpu-mpi-np2.log" | head -1) |"
