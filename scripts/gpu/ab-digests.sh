#!/usr/bin/env bash
# On a machine with an NVIDIA GPU: the same measurements of two builds of plume, A (a tree
# unpacked from .ab/before.tar, made with `git archive REV -o .ab/before.tar`) and B (this working
# tree), in one session on one device:
#   - digests of the populations after 1000 steps of two cases (bench/ab_solver.cpp): the GPU
#     results must be the same bits before and after;
#   - the production step at 8192^2 in FP64 and FP32 storage, A and B alternated three times,
#     each with the device's copy bandwidth measured in the same process;
#   - B's GPU tests (plume_gpu_tests, GoogleTest from .gtest-debs as scripts/gpu.sh check does).
# Carry .ab and .gtest-debs. Logs go to $OUT (else build-ab/logs); a short table comes last.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
work=${PLUME_AB_BUILD:-$root/build-ab}
logs=${OUT:-$work/logs}
mkdir -p "$work" "$logs"
jobs=$(nproc 2>/dev/null || echo 8)
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit --format=csv | tee "$logs/gpu.csv"

rm -rf "$work/gtest"
for f in .gtest-debs/libgtest-dev_*.deb .gtest-debs/libgmock-dev_*.deb; do dpkg-deb -x "$f" "$work/gtest"; done
gtest=(-DGTest_DIR="$work/gtest/usr/lib/x86_64-linux-gnu/cmake/GTest")

rm -rf "$work/a-src" && mkdir -p "$work/a-src" && tar -m -xf .ab/before.tar -C "$work/a-src"  # -m: fresh times, so a rebuild sees a new tree
for side in a b; do
  src=$root
  [ $side = a ] && src=$work/a-src
  # ab_solver is the same file for both builds: it uses only the public Solver API they share.
  cp "$root/bench/ab_solver.cpp" "$src/bench/ab_solver_ab.cpp"
  [ $side = a ] && cp "$root/bench/copy_bandwidth.hpp" "$src/bench/"
  grep -q ab_solver_ab "$src/bench/CMakeLists.txt" ||
    printf '\nadd_executable(ab_solver_ab ab_solver_ab.cpp)\ntarget_link_libraries(ab_solver_ab PRIVATE plume_solver CUDA::cudart_static)\n' >> "$src/bench/CMakeLists.txt"
  targets=(ab_solver_ab)
  [ $side = b ] && targets+=(plume_gpu_tests d2q9_bench d2q9_shapes)
  t0=$(date +%s)
  if ! { cmake -S "$src" -B "$work/$side" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPLUME_APP=OFF -DPLUME_CUDA=ON \
           -DPLUME_MPI=OFF -DPLUME_CATALYST=OFF -DPLUME_GUI=OFF "${gtest[@]}" &&
         cmake --build "$work/$side" -j "$jobs" --target "${targets[@]}"; } > "$logs/build-$side.log" 2>&1; then
    grep -E "error|FAILED" "$logs/build-$side.log" | head -20
    echo "build $side failed"
    exit 1
  fi
  echo "build $side: $(($(date +%s) - t0)) s"
done
rm -f "$root/bench/ab_solver_ab.cpp"
git -C "$root" checkout -- bench/CMakeLists.txt 2>/dev/null

echo "== digests (1000 steps, 512 x 1024)"
for side in a b; do "$work/$side/bench/ab_solver_ab" digest 512 1024 1000 | tee "$logs/digest-$side.txt"; done
if cmp -s "$logs/digest-a.txt" "$logs/digest-b.txt"; then digest="same bits"; else digest="DIFFERENT"; fi

echo "== rates, 8192^2, A and B alternated"
: > "$logs/rates.txt"
for round in 1 2 3; do
  for prec in fp64 fp32; do
    for side in a b; do
      steps=40
      [ $prec = fp32 ] && steps=80
      echo "$side $("$work/$side/bench/ab_solver_ab" rate 8192 $prec $steps)" | tee -a "$logs/rates.txt"
    done
  done
done

echo "== D2Q9 (B only: the model is new), alternated precisions"
: > "$logs/rates-d2q9.txt"
for round in 1 2; do
  for n in 4096 8192; do
    for prec in fp64 fp32; do
      "$work/b/bench/ab_solver_ab" rate-d2q9 $n $prec 200 | tee -a "$logs/rates-d2q9.txt"
    done
  done
done

echo "== D2Q9 with solids, and seed 001's case end to end (B)"
: > "$logs/d2q9-more.txt"
for prec in fp64 fp32; do "$work/b/bench/d2q9_bench" rate-solids 8192 $prec 100 | tee -a "$logs/d2q9-more.txt"; done
"$work/b/bench/d2q9_bench" seed001 1024 1024 20000 fp32 | tee -a "$logs/d2q9-more.txt"

echo "== D2Q9 kernel shapes and trials (B; bench/lab/d2q9_shapes.cu)"
for n in 4096 8192; do "$work/b/bench/lab/d2q9_shapes" $n 40 | tee "$logs/shapes-$n.txt"; done

echo "== GPU tests (B)"
"$work/b/tests/gpu/plume_gpu_tests" > "$logs/gpu-tests.txt" 2>&1
tests_rc=$?
tail -3 "$logs/gpu-tests.txt"

echo
echo "| what | A (before) | B (after) |"
echo "|---|---|---|"
python3 - "$logs/rates.txt" <<'PY'
import sys, statistics
rows = {}
for line in open(sys.argv[1]):
    f = line.split()
    side, prec, rate, ratio = f[0], f[3], float(f[4]), float(f[-1])
    rows.setdefault((prec, side), []).append((rate, ratio))
for prec in ("fp64", "fp32"):
    cells = []
    for side in ("a", "b"):
        v = rows.get((prec, side), [])
        if v:
            cells.append("%.3f G site updates/s (median of %d), %.3f of copy" %
                         (statistics.median(r for r, _ in v), len(v), statistics.median(q for _, q in v)))
        else:
            cells.append("-")
    print("| 8192^2 %s | %s | %s |" % (prec.upper(), cells[0], cells[1]))
PY
echo "| GPU digests after 1000 steps | $digest | |"
echo "| GPU tests (B) | | $( [ $tests_rc -eq 0 ] && echo passed || echo FAILED) $(grep -E '^\[  PASSED|^\[  FAILED' "$logs/gpu-tests.txt" | head -2 | tr '\n' ' ') |"
python3 - "$logs/rates-d2q9.txt" <<'PY'
import sys, statistics
rows = {}
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) < 4 or f[0] != "rate":
        continue
    rows.setdefault((int(f[1]), f[2]), []).append((float(f[3]), float(f[-1])))
for (n, prec), v in sorted(rows.items()):
    print("| D2Q9 %d^2 %s | | %.3f G site updates/s (median of %d), %.3f of copy |" %
          (n, prec.upper(), statistics.median(r for r, _ in v), len(v), statistics.median(q for _, q in v)))
PY
grep -hE "production +\|" "$logs"/shapes-*.txt |
  awk -F'|' '{split($1, w, " "); printf "| D2Q9 %s^2 %s, %s(d2q9_shapes) | | %s, %s |\n", w[2], w[3], $2, $4, $5}'
python3 - "$logs/d2q9-more.txt" <<'PY'
import sys
for line in open(sys.argv[1]):
    f = line.split()
    if f and f[0] == "rate-solids":
        print("| D2Q9 %s^2 %s, 10 %% solid sites | | %s G site updates/s, %s of copy |" % (f[1], f[2].upper(), f[3], f[-1]))
    elif f and f[0] == "seed001":
        print("| seed 001 %sx%s, %s steps, %s, av velocity every step | | %s s (steps alone %s s; seed 001: 13.03 s on a K20m) |" %
              (f[1], f[2], f[3], f[4], f[9], f[17]))
PY
