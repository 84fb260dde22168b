#!/usr/bin/env bash
# On a machine with an NVIDIA GPU: builds the CUDA backend, the GPU tests and the GPU benchmark,
# runs the tests, the in-situ hand-off benchmark (bench/insitu_bench, arguments in
# $PLUME_INSITU_ARGS), compute-sanitizer (memcheck and racecheck) on small cases and the benchmark,
# and prints a short table last. Arguments go to bench/gpu_bench (e.g. --sizes 1024,4096).
#
# Builds the solver alone (-DPLUME_APP=OFF: no toml++, CLI11, fmt or stb needed). GoogleTest is
# the system's if installed, else the Debian packages libgtest-dev and libgmock-dev found in
# $PLUME_GTEST_DEBS (default .gtest-debs/ at the repository root), unpacked under the build folder
# (PLUME_GTEST_FROM_DEBS=1 takes those even where GoogleTest is installed).
# Logs go to $OUT when set, else to <build>/logs; the build folder is $PLUME_GPU_BUILD or build-gpu.
# With .gui-bundle (scripts/gpu.sh gui-bundle) and .gl carried, it also runs scripts/gpu.sh gui.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
build=${PLUME_GPU_BUILD:-$root/build-gpu}
logs=${OUT:-$build/logs}
debs=${PLUME_GTEST_DEBS:-$root/.gtest-debs}
mkdir -p "$build" "$logs"
jobs=$(nproc 2>/dev/null || echo 4)
summary=()
failed=0
note() { summary+=("$(printf '| %-44s | %s |' "$1" "$2")"); }
section() { printf '\n==== %s\n' "$*"; }
sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
cuobjdump=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
export PATH=$PATH:/usr/local/cuda/bin

section "machine"
device=$(nvidia-smi --query-gpu=name --format=csv,noheader -i 0 2>/dev/null || echo "no nvidia-smi")
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm,clocks.mem,power.limit,temperature.gpu \
  --format=csv | tee "$logs/nvidia-smi.csv"
{ nvcc --version | tail -2; cmake --version | head -1; echo "ninja $(ninja --version)"; g++ --version | head -1; } 2>&1
for d in gtest toml++ CLI fmt stb; do
  [ -d /usr/include/$d ] && echo "/usr/include/$d: present" || echo "/usr/include/$d: missing"
done
dpkg -l 2>/dev/null | grep -iE 'gtest|googletest|gmock|libbenchmark|toml|cli11|libfmt|libstb' || echo "no such Debian/Ubuntu packages"

section "configure"
gtest_args=()
if [ -n "${PLUME_GTEST_FROM_DEBS:-}" ] || { [ ! -f /usr/lib/x86_64-linux-gnu/cmake/GTest/GTestConfig.cmake ] &&
   [ ! -f /usr/lib/cmake/GTest/GTestConfig.cmake ] && [ ! -f /usr/local/lib/cmake/GTest/GTestConfig.cmake ]; }; then
  if ls "$debs"/libgtest-dev_*.deb "$debs"/libgmock-dev_*.deb >/dev/null 2>&1; then
    rm -rf "$build/gtest-root"
    for f in "$debs"/libgtest-dev_*.deb "$debs"/libgmock-dev_*.deb; do dpkg-deb -x "$f" "$build/gtest-root"; done
    gtest_args=(-DGTest_DIR="$build/gtest-root/usr/lib/x86_64-linux-gnu/cmake/GTest")
    echo "GoogleTest: unpacked from $debs"
  else
    echo "GoogleTest: not installed and no packages in $debs: building without tests"
    gtest_args=(-DPLUME_TESTS=OFF)
  fi
else
  echo "GoogleTest: the system's"
fi
t0=$(date +%s)
if ! cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPLUME_APP=OFF -DPLUME_CUDA=ON \
     -DPLUME_MPI=OFF -DPLUME_CATALYST=OFF -DPLUME_GUI=OFF "${gtest_args[@]}" > "$logs/build.log" 2>&1; then
  tail -30 "$logs/build.log"
  echo "configure failed"
  exit 1
fi
grep -E "^--   " "$logs/build.log"

section "build"
targets=(gpu_bench insitu_bench)
[[ " ${gtest_args[*]} " == *PLUME_TESTS=OFF* ]] || targets+=(plume_gpu_tests plume_backend_selection_tests)
if ! cmake --build "$build" -j "$jobs" --target "${targets[@]}" >> "$logs/build.log" 2>&1; then
  grep -E "error|FAILED" "$logs/build.log" | head -30
  echo "build failed"
  exit 1
fi
note "build (${targets[*]})" "ok, $(($(date +%s) - t0)) s"
# Registers, stack and spills of every kernel (ptxas -v of the benchmark, which instantiates the
# production kernels and the variants).
python3 - "$logs/build.log" <<'EOF' | tee "$logs/registers.txt"
import re, subprocess, sys
log = open(sys.argv[1]).read()
pat = (r"Compiling entry function '(\S+)' for 'sm_90'\n.*?\n\s+(\d+) bytes stack frame, (\d+) bytes spill stores, "
       r"(\d+) bytes spill loads\nptxas info\s+: Used (\d+) registers")
seen = set()
for name, stack, st, ld, regs in re.findall(pat, log):
    dn = subprocess.run(["c++filt", name], capture_output=True, text=True).stdout.strip()
    dn = re.sub(r"\(anonymous namespace\)::|plume::|phys::|cuda::", "", dn)
    dn = dn.replace("(CollisionModel)0", "RTRT").replace("(CollisionModel)1", "BGK")
    if dn not in seen:
        seen.add(dn)
        print(f"{regs:>4} regs  stack {stack:>3} B  spill {st}/{ld} B  {dn[:120]}")
EOF
bulk='_ZN5plume4cuda11step_kernelINS_5D2Q37ELNS_14CollisionModelE0EdLi128ELi4EEEvNS_4phys8StepArgsIT1_EEii'
if "$cuobjdump" -sass -fun "$bulk" "$build/bench/gpu_bench" > "$logs/sass_bulk_rtrt_fp64.txt" 2>&1; then
  python3 - "$logs/sass_bulk_rtrt_fp64.txt" <<'EOF'
import collections, re, sys
ops = [m.group(1) for m in re.finditer(r"/\*[0-9a-f]{4}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_]*)(\.[A-Z0-9_.]+)?", open(sys.argv[1]).read())]
full = [l for l in open(sys.argv[1]) if re.search(r"/\*[0-9a-f]{4}\*/", l)]
c = collections.Counter(ops)
print("production bulk kernel (RTRT, FP64), SASS:", len(ops), "instructions;",
      ", ".join(f"{k} {v}" for k, v in c.most_common(14)))
pos = lambda name: [i for i, o in enumerate(ops) if o == name]
ldg, stg, fp = pos("LDG"), pos("STG"), [i for i, o in enumerate(ops) if o in ("DFMA", "DADD", "DMUL")]
if ldg and fp:
    print(f"  loads at instructions {ldg[0]}..{ldg[-1]}, first FP64 op at {fp[0]}, stores {stg[0] if stg else '-'}..{stg[-1] if stg else '-'}")
print("  load forms:", ", ".join(sorted({re.search(r'LDG\S*', l).group(0) for l in full if 'LDG' in l})))
print("  store forms:", ", ".join(sorted({re.search(r'STG\S*', l).group(0) for l in full if 'STG' in l})))
EOF
fi

if [[ " ${targets[*]} " == *plume_gpu_tests* ]]; then
  section "GPU tests (ctest -L 'gpu|unit' -LE bench)"
  (cd "$build" && ctest -L 'gpu|unit' -LE bench --output-on-failure -V --timeout 600) > "$logs/tests.log" 2>&1
  rc=$?
  grep -E "\[ gpu-vs-cpu \]" "$logs/tests.log" | sed 's/^[0-9]*: //'
  line=$(grep -E "tests passed|tests failed" "$logs/tests.log" | tail -1)
  echo "$line"
  [ $rc -eq 0 ] || { failed=1; grep -E "Failure|FAILED|Expected|Which is|actual" "$logs/tests.log" | head -40; }
  note "GPU tests (ctest -L 'gpu|unit' -LE bench)" "$line"
  worst=$(grep -E "\[ gpu-vs-cpu \] RT with walls, 1000 steps, FP64" "$logs/tests.log" | grep -oE "difference [0-9.e+-]+" | head -1)
  note "GPU vs CPU, RT with walls, 1000 steps, FP64" "max relative ${worst#difference }"
fi

section "in-situ hand-off (bench/insitu_bench ${PLUME_INSITU_ARGS:-})"
# shellcheck disable=SC2086
"$build/bench/insitu_bench" ${PLUME_INSITU_ARGS:-} 2>&1 | tee "$logs/insitu.log"
[ "${PIPESTATUS[0]}" -eq 0 ] || failed=1

section "benchmark (bench/gpu_bench $*)"
"$build/bench/gpu_bench" "$@" 2>&1 | tee "$logs/bench.log"
[ "${PIPESTATUS[0]}" -eq 0 ] || failed=1

section "compute-sanitizer (small cases: gpu_bench --sanitize)"
for tool in memcheck racecheck; do
  extra=()
  [ $tool = memcheck ] && extra=(--leak-check full)
  timeout 300 "$sanitizer" --tool $tool "${extra[@]}" --error-exitcode 3 "$build/bench/gpu_bench" --sanitize > "$logs/sanitizer-$tool.log" 2>&1
  rc=$?
  res=$(grep -E "ERROR SUMMARY|RACECHECK SUMMARY|LEAK SUMMARY" "$logs/sanitizer-$tool.log" | tr '\n' ' ')
  echo "$tool: exit $rc; $res"
  [ $rc -eq 0 ] || { failed=1; tail -20 "$logs/sanitizer-$tool.log"; }
  note "compute-sanitizer $tool" "exit $rc; ${res:-see log}"
done
cat "$logs/sanitizer-memcheck.log" "$logs/sanitizer-racecheck.log" > "$logs/sanitizer.log" && rm -f "$logs"/sanitizer-*.log

# plume-gui's GPU path needs the front end's libraries, which this machine lacks: it runs from a
# bundle built elsewhere (scripts/gpu.sh gui-bundle), when one was carried here with .gl.
if [ -x "$root/.gui-bundle/bin/plume-gui" ]; then
  section "plume-gui GPU path (scripts/gpu.sh gui, logs in .gui-bundle/logs)"
  OUT= bash "$root/scripts/gpu/gui.sh" > "$build/gui-gpu-check.log" 2>&1
  rc=$?
  sed -n '/^| plume-gui GPU path/,$p' "$build/gui-gpu-check.log"
  [ $rc -eq 0 ] || { failed=1; tail -30 "$build/gui-gpu-check.log"; }
  note "plume-gui GPU path (scripts/gpu.sh gui)" "$([ $rc -eq 0 ] && echo passed || echo "FAILED, see $build/gui-gpu-check.log")"
fi

section "summary: $device, $(date -u '+%Y-%m-%d %H:%M UTC')"
printf '| %-44s | %s |\n|---|---|\n' "check" "result"
printf '%s\n' "${summary[@]}"
echo
sed -n '/^## Summary/,$p' "$logs/bench.log" | tail -n +3
exit $failed
