#!/usr/bin/env bash
# On a machine with an NVIDIA GPU: build plume's solver, its GPU tests and model_rate (no app,
# MPI, Catalyst or GUI: the GPU machine has none of them), run the GPU tests, and measure the 3-D
# models (D3Q19, 3-D thermal convection, the diffusion stencil) and the 2-D ones for reference,
# each beside the copy bandwidth measured in the same process (bench/model_rate.cpp). Carry
# .gtest-debs (GoogleTest, as scripts/gpu.sh check unpacks it). Logs go to $OUT (else
# build-3d/logs); the kernel shapes of bench/lab/shapes_3d.cu, the in-situ hand-off and the device
# reductions (insitu_bench, reduction_bench), then a short table come last.
set -uo pipefail
cd "$(dirname "$0")/../.."
work=${PLUME_3D_BUILD:-$PWD/build-3d}
source scripts/gpu/prepare.sh
t0=$(date +%s)
if ! { cmake -S . -B "$work/b" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPLUME_APP=OFF -DPLUME_CUDA=ON -DPLUME_MPI=OFF \
         -DPLUME_CATALYST=OFF -DPLUME_GUI=OFF -DGTest_DIR="$work/gtest/usr/lib/x86_64-linux-gnu/cmake/GTest" &&
       cmake --build "$work/b" -j "$(nproc)" --target plume_gpu_tests model_rate shapes_3d insitu_bench reduction_bench; } > "$logs/build.log" 2>&1; then
  grep -E "error|FAILED" "$logs/build.log" | head -20
  echo "build failed"
  exit 1
fi
echo "build: $(($(date +%s) - t0)) s"

echo "== GPU tests"
"$work/b/tests/gpu/plume_gpu_tests" ${PLUME_GPU_FILTER:+--gtest_filter=$PLUME_GPU_FILTER} > "$logs/gpu-tests.txt" 2>&1
tests_rc=$?
grep -E "^\[  FAILED|^\[  PASSED|^\[==========\]" "$logs/gpu-tests.txt" | tail -8

# Two ranks on the one GPU (PLUME_MPI_ONE_GPU=1): the decomposed GPU tests, every model, tiling,
# transport and overlap against the one-GPU run bit for bit (correctness only: both ranks share the
# device, so no timing means anything). Its own build, with MPI and NCCL (scripts/gpu/mpi-cmake.sh).
if [ -n "${PLUME_MPI_ONE_GPU:-}" ]; then
  echo "== decomposed GPU tests, 2 ranks on one GPU"
  source scripts/gpu/mpi-cmake.sh
  if { cmake -S . -B "$work/m" "${gpu_mpi_args[@]}" -DGTest_DIR="$work/gtest/usr/lib/x86_64-linux-gnu/cmake/GTest" &&
       cmake --build "$work/m" -j "$(nproc)" --target plume_gpu_mpi_tests; } > "$logs/build-mpi.log" 2>&1; then
    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 NCCL_NVLS_ENABLE=0 HWLOC_COMPONENTS=-gl \
      mpirun --bind-to none --oversubscribe -x NCCL_NVLS_ENABLE -x HWLOC_COMPONENTS -np 2 \
      "$work/m/tests/gpu/plume_gpu_mpi_tests" > "$logs/gpu-mpi-np2.txt" 2>&1 || tests_rc=1
    grep -E "^\[  (FAILED|PASSED|SKIPPED) |Failure|OK \]" "$logs/gpu-mpi-np2.txt" | head -12
  else
    grep -E "error|FAILED" "$logs/build-mpi.log" | head -20; echo "MPI build failed"; tests_rc=1
  fi
fi

echo "== kernel shapes (bench/lab/shapes_3d.cu)"
# PLUME_SHAPES_MODEL=diffusion (or d3q19): that model's shapes only.
for n in ${PLUME_SHAPES_SIZES-256 512}; do
  "$work/b/bench/lab/shapes_3d" $n ${PLUME_SHAPES_MODEL:+$((n <= 256 ? 50 : 10)) $PLUME_SHAPES_MODEL} > "$logs/shapes-$n.txt" 2>&1 ||
    echo "shapes_3d $n failed"
done
cat "$logs"/shapes-*.txt 2>/dev/null | grep -E "^(shape|copy|stencil)"

rate() { "$work/b/bench/model_rate" "$@" 2>&1 | tee -a "$logs/rates.txt"; }
: > "$logs/rates.txt"
if [ -z "${PLUME_SKIP_RATES:-}" ]; then
  echo "== rates"
  for n in 256 512; do
    steps=$((n == 256 ? 200 : 40))
    for prec in fp32 fp64; do
      rate d3q19 $n $n $n $prec $steps
      rate d3q19 $n $n $n $prec $steps physics.collision=trt
      rate ${PLUME_THERMAL_MODEL:-thermal3d} $n $n $n $prec $steps
      rate diffusion $n $n $n $prec $((steps * 4))
    done
  done
  rate diffusion 8192 8192 1 fp32 400
  rate d2q9 8192 8192 1 fp32 100
  rate d2q37 8192 8192 1 fp64 40
fi

# In-place streaming (PLUME_IN_PLACE=1): every lattice Boltzmann model with two buffers and in
# place, one after the other, then the largest D2Q37 FP64 lattice that one buffer lets one device
# hold (PLUME_IN_PLACE_BIG, 22000 by default: 134 GiB of populations).
if [ -n "${PLUME_IN_PLACE:-}" ]; then
  echo "== in place against two buffers"
  for streaming in run.streaming=two-buffers run.streaming=in-place; do
    for prec in fp64 fp32; do
      rate d2q37 8192 8192 1 $prec 40 $streaming
      rate d2q9 8192 8192 1 $prec 100 $streaming
      rate d3q19 512 512 512 $prec 40 $streaming
      rate thermal3d 256 256 256 $prec 100 $streaming
    done
  done
  big=${PLUME_IN_PLACE_BIG:-22000}
  rate d2q37 $big $big 1 fp64 10 run.streaming=in-place
fi
[ -n "${PLUME_SKIP_RATES:-}" ] && [ -z "${PLUME_IN_PLACE:-}" ] && [ -n "${PLUME_SKIP_INSITU:-}" ] && exit $tests_rc

if [ -z "${PLUME_SKIP_INSITU:-}" ]; then
  echo "== in-situ hand-off (bench/insitu_bench.cu) and the reductions on the device (bench/reduction_bench.cpp)"
  "$work/b/bench/insitu_bench" --sizes 8192 --every 10,100 > "$logs/insitu.txt" 2>&1; grep -E "^\|" "$logs/insitu.txt"
  # The 3-D hand-off: the cost per in-situ call of a thermal3d run at 256^3 and 512^3 (PLUME_INSITU_3D;
  # set empty: none).
  if [ -n "${PLUME_INSITU_3D-256x256x256,512x512x512}" ]; then
    "$work/b/bench/insitu_bench" --model thermal3d --lattices "${PLUME_INSITU_3D-256x256x256,512x512x512}" \
      --every 10,100 > "$logs/insitu-3d.txt" 2>&1; grep -E "^#|^\|" "$logs/insitu-3d.txt" | grep -v "^|---"
  fi
  "$work/b/bench/reduction_bench" d2q37 4096 8192 > "$logs/reductions.txt" 2>&1; grep -E "^\||same|differ" "$logs/reductions.txt"
fi

echo
echo "| what | G site updates/s | B/site | of copy |"
echo "|---|---|---|---|"
python3 - "$logs/rates.txt" <<'PY'
import sys
for line in open(sys.argv[1]):
    f = line.split()
    if not f or f[0] != "model_rate":
        i = line.find("model_rate:")
        if i >= 0:
            print("| %s | error | | |" % line[i:].strip())
        continue
    # model_rate MODEL A x B [x C] PREC RATE Gsite/s BYTES B/site EFF GB/s copy COPY GB/s ratio R [settings]
    k = f.index("Gsite/s")
    size, prec, rate = " ".join(f[2:k - 2]), f[k - 2], f[k - 1]
    settings = " ".join(f[k + 10:])
    print("| %s %s %s%s | %s | %s | %s |" % (f[1], size, prec.upper(), (" " + settings) if settings else "", rate, f[k + 1], f[k + 9]))
PY
echo "| GPU tests | $( [ $tests_rc -eq 0 ] && echo passed || echo FAILED) $(grep -E '^\[  PASSED|^\[  FAILED' "$logs/gpu-tests.txt" | head -2 | tr '\n' ' ') | | |"
