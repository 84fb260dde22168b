#!/usr/bin/env bash
# On a node with several NVIDIA GPUs and Open MPI: builds the solver with MPI (and NCCL where
# found), runs the decomposed GPU tests on 1, 2, 4 and 8 GPUs (as many as the node has), measures
# point-to-point bandwidth and latency (host-staged MPI and NCCL), the performance model's
# parameters, weak scaling (8192^2 sites per GPU) and strong scaling (16384^2, and 32768^2 on 8
# GPUs) per transport with and without overlap, the model's
# predictions, and prints a short table last. Logs go to $OUT (else <build>/logs).
#
# GoogleTest as in scripts/gpu.sh check (the system's, else the .deb files in $PLUME_GTEST_DEBS).
# NVLink multicast stays off (NCCL_NVLS_ENABLE=0), as the shared GPU nodes require.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
build=${PLUME_GPU_BUILD:-$root/build-scaling}
logs=${OUT:-$build/logs}
debs=${PLUME_GTEST_DEBS:-$root/.gtest-debs}
steps=${PLUME_SCALING_STEPS:-10}
mkdir -p "$build" "$logs"
export NCCL_NVLS_ENABLE=0 OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 PATH=$PATH:/usr/local/cuda/bin
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || echo 0)
mpirun_() { mpirun --bind-to none --oversubscribe -x NCCL_NVLS_ENABLE -np "$@"; }
summary=()
failed=0
note() { summary+=("$(printf '| %-58s | %s |' "$1" "$2")"); }
section() { printf '\n==== %s\n' "$*"; }

section "machine ($ngpu GPUs)"
nvidia-smi --query-gpu=index,name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv | tee "$logs/nvidia-smi.csv"
nvidia-smi topo -m 2>&1 | tee "$logs/topology.txt"
mpirun --version 2>&1 | head -1

section "configure and build"
source "$root/scripts/gpu/mpi-cmake.sh"
args=("${gpu_mpi_args[@]}" -DPLUME_BENCH=ON)
if [ ! -f /usr/lib/x86_64-linux-gnu/cmake/GTest/GTestConfig.cmake ] && ls "$debs"/libgtest-dev_*.deb >/dev/null 2>&1; then
  rm -rf "$build/gtest-root"
  for f in "$debs"/libgtest-dev_*.deb "$debs"/libgmock-dev_*.deb; do dpkg-deb -x "$f" "$build/gtest-root"; done
  args+=(-DGTest_DIR="$build/gtest-root/usr/lib/x86_64-linux-gnu/cmake/GTest")
fi
t0=$(date +%s)
if ! cmake -S "$root" -B "$build" "${args[@]}" > "$logs/build.log" 2>&1 ||
   ! cmake --build "$build" -j "$(nproc)" --target plume-scaling plume_gpu_mpi_tests gpu_p2p >> "$logs/build.log" 2>&1; then
  grep -E "error|Error|FAILED" "$logs/build.log" | head -30
  echo "build failed"
  exit 1
fi
grep -E "^--   |NCCL transport" "$logs/build.log"
note "build" "ok, $(($(date +%s) - t0)) s"
bin=$build/solver/plume-scaling

section "decomposed GPU runs equal one GPU bit for bit"
for np in 1 2 4 8; do
  [ "$np" -le "$ngpu" ] || continue
  if mpirun_ $np "$build/tests/gpu/plume_gpu_mpi_tests" > "$logs/gpu-mpi-np$np.log" 2>&1; then r=passed; else r=FAILED; failed=1; fi
  grep -E "^\[  (PASSED|FAILED|SKIPPED) |FAILED|Failure|transport|rank [0-9]+\]" "$logs/gpu-mpi-np$np.log" | head -20
  note "tests: $np GPU(s), every tiling x walls x overlap x transport" "$r ($(grep -c 'OK \]' "$logs/gpu-mpi-np$np.log") tests ok)"
done

section "point-to-point GPU 0 <-> GPU 1"
mpirun_ 2 "$build/bench/gpu_p2p" 2>&1 | tee "$logs/p2p.log"
for t in host nccl; do
  line=$(grep "RESULT p2p transport=$t " "$logs/p2p.log")
  note "p2p $t: latency t0, bandwidth B0" "$(sed -E 's/.*t0_us=([0-9.e+-]+) B0_GBs=([0-9.e+-]+)/\1 us, \2 GB\/s/' <<<"$line")"
done

section "model parameters (4 ranks busy; ring of host MPI messages)"
np=$(( ngpu < 4 ? ngpu : 4 ))
mpirun_ $np "$bin" measure --backend cuda --tile 8192x2048 --steps 10 --out "$logs/machine-host.txt" 2>&1 | tee "$logs/measure.log"
# The host transport adds two staging copies per phase (device -> host, host -> device); NCCL
# moves device buffers directly: B0 and t0 from the NCCL ping-pong, no staging.
p2p() { sed -nE "s/.*transport=$1 t0_us=([0-9.e+-]+) B0_GBs=([0-9.e+-]+).*/\\$2/p" "$logs/p2p.log"; }
sed -E "s/^staging_bandwidth = .*/staging_bandwidth = 5.5e10/; s/^staging_latency = .*/staging_latency = 8.1e-06/" \
  "$logs/machine-host.txt" > "$logs/machine-host-staged.txt"
sed -E "s/^link_bandwidth = .*/link_bandwidth = $(p2p nccl 2)e9/; s/^link_latency = .*/link_latency = $(p2p nccl 1)e-6/" \
  "$logs/machine-host.txt" > "$logs/machine-nccl.txt"

run() {  # ranks lattice tiles transport overlap model
  mpirun_ "$1" "$bin" time --backend cuda --lattice "$2" --tiles "$3" --transport "$4" --overlap "$5" --steps "$steps" \
    --machine "$6" 2>&1 | tee -a "$logs/scaling.log" | grep RESULT
}
rate() { sed -nE 's/.*gsites=([0-9.]+).*/\1/p' <<<"$1"; }
model() { sed -nE 's/.*step_ms=([0-9.]+) .*model_ms=([0-9.]+).*/\1 ms (model \2)/p' <<<"$1"; }

section "weak scaling: 8192 x 8192 sites per GPU"
base=$(run 1 8192x8192 1x1 host 1 "$logs/machine-host-staged.txt")
echo "$base"
r1=$(rate "$base")
note "weak 1 GPU 8192x8192" "$r1 G site/s, $(model "$base")"
for t in host nccl; do
  mach=$logs/machine-host-staged.txt; [ $t = nccl ] && mach=$logs/machine-nccl.txt
  for n in 2 4 8; do
    [ "$n" -le "$ngpu" ] || continue
    for ov in 1 0; do
      line=$(run $n 8192x$((8192 * n)) 1x$n $t $ov "$mach"); echo "$line"
      eff=$(python3 -c "print(f'{$(rate "$line") / ($n * $r1):.3f}')")
      note "weak $n GPUs 1x$n $t overlap=$ov" "$(rate "$line") G site/s, efficiency $eff, $(model "$line")"
    done
  done
done

section "strong scaling: 16384 x 16384 (FP64 needs 159 GB: more than one H200)"
# One GPU holds at most 16384 x 8192 in FP64 (79 GB): its rate is the baseline, i.e. the speed-up
# of N GPUs is their rate over the one-GPU rate at half the lattice.
half=$(run 1 16384x8192 1x1 host 1 "$logs/machine-host-staged.txt"); echo "$half"
rh=$(rate "$half")
note "strong base: 1 GPU 16384x8192 (largest that fits)" "$rh G site/s"
for t in host nccl; do
  mach=$logs/machine-host-staged.txt; [ $t = nccl ] && mach=$logs/machine-nccl.txt
  for spec in 2:1x2 4:1x4 4:2x2 8:1x8; do
    n=${spec%%:*}; tiles=${spec#*:}
    [ "$n" -le "$ngpu" ] || continue
    for ov in 1 0; do
      [ "$tiles" = 2x2 ] && [ $ov = 0 ] && continue
      line=$(run $n 16384x16384 $tiles $t $ov "$mach"); echo "$line"
      sp=$(python3 -c "print(f'{$(rate "$line") / $rh:.2f}')")
      note "strong $n GPUs $tiles $t overlap=$ov" "$(rate "$line") G site/s, speed-up $sp, $(model "$line")"
    done
  done
done

# 32768 x 32768 needs 636 GB in FP64: 8 H200s or more. Same one-GPU baseline as above.
if [ "$ngpu" -ge 8 ]; then
  section "strong scaling: 32768 x 32768 on 8 GPUs"
  for t in host nccl; do
    mach=$logs/machine-host-staged.txt; [ $t = nccl ] && mach=$logs/machine-nccl.txt
    for tiles in 1x8 2x4; do
      line=$(run 8 32768x32768 $tiles $t 1 "$mach"); echo "$line"
      sp=$(python3 -c "print(f'{$(rate "$line") / $rh:.2f}')")
      note "strong 8 GPUs 32768^2 $tiles $t overlap=1" "$(rate "$line") G site/s, speed-up $sp, $(model "$line")"
    done
  done
fi

section "model predictions (measured R, B0, t0)"
for m in host-staged nccl; do
  "$bin" predict --machine "$logs/machine-$m.txt" --lattice 16384x16384 --tile 8192x8192 --max-ranks 1024 \
    2>&1 | tee "$logs/predict-$m.txt"
done

section "summary"
printf '| %-58s | %s |\n' "what" "result"
printf '%s\n' "${summary[@]}"
exit $failed
