#!/usr/bin/env bash
# On a machine with an NVIDIA GPU: where the time of a step goes. Builds bench/model_rate (the
# solver alone, as scripts/gpu.sh rates does; carry .gtest-debs), then
#  1. the D2Q9 FP32 rate over lattice sizes (PLUME_PROFILE_SIZES), each against the 4 GiB copy and
#     against a copy of one population buffer (model_rate's two lines);
#  2. Nsight Compute (clocks left alone) on PLUME_PROFILE_CASES, one model_rate case per line:
#     every kernel of a few consecutive steps with its time and DRAM bytes, and the bytes per site.
# Logs go to $OUT; a table per part comes last.
set -uo pipefail
cd "$(dirname "$0")/../.."
work=${PLUME_PROFILE_BUILD:-$PWD/build-profile}
source scripts/gpu/prepare.sh
t0=$(date +%s)
if ! { cmake -S . -B "$work/b" ${PLUME_PROFILE_FLAGS:-} -G Ninja -DCMAKE_BUILD_TYPE=Release -DPLUME_APP=OFF -DPLUME_CUDA=ON \
         -DPLUME_MPI=OFF -DPLUME_CATALYST=OFF -DPLUME_GUI=OFF -DGTest_DIR="$work/gtest/usr/lib/x86_64-linux-gnu/cmake/GTest" &&
       cmake --build "$work/b" -j "$(nproc)" --target model_rate; } > "$logs/build.log" 2>&1; then
  grep -E "error|FAILED" "$logs/build.log" | head -20
  echo "build failed"
  exit 1
fi
echo "build: $(($(date +%s) - t0)) s"
rate="$work/b/bench/model_rate"

: > "$logs/sizes.txt"
for n in ${PLUME_PROFILE_SIZES-2048 3072 4096 5120 6144 8192}; do
  "$rate" d2q9 $n $n 1 fp32 $((n <= 4096 ? 400 : 100)) >> "$logs/sizes.txt" 2>&1
done

ncu=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
metrics=${PLUME_PROFILE_METRICS:-gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,sm__warps_active.avg.pct_of_peak_sustained_active}
cases=${PLUME_PROFILE_CASES:-"d2q9 4096 4096 1 fp32 4
d2q9 8192 8192 1 fp32 4"}
k=0
while read -r line; do
  [ -z "$line" ] && continue
  k=$((k + 1))
  # shellcheck disable=SC2086
  "$ncu" --clock-control none --launch-skip 20 --launch-count ${PLUME_PROFILE_LAUNCHES:-8} --metrics $metrics --csv \
    "$rate" $line > "$logs/ncu-$k.csv" 2> "$logs/ncu-$k.err"
  echo "$line" > "$logs/ncu-$k.case"
done <<< "$cases"

echo
echo "== D2Q9 FP32 over sizes: G site updates/s, of the 4 GiB copy, of a copy of one buffer"
python3 - "$logs/sizes.txt" <<'PY'
import sys
rows = {}
for line in open(sys.argv[1]):
    f = line.split()
    if f and f[0] == "model_rate":
        rows.setdefault(f[2] + f[3] + f[4], {})["rate"] = (f[f.index("Gsite/s") - 1], f[f.index("ratio") + 1])
    elif f and f[0] == "copy_same_size":
        rows.setdefault(f[2] + f[3] + f[4], {})["same"] = (f[f.index("buffer") + 1], f[f.index("ratio") + 1])
print("| lattice | G/s | of 4 GiB copy | buffer GB | of its copy |\n|---|---|---|---|---|")
for k, v in rows.items():
    r, s = v.get("rate", ("?", "?")), v.get("same", ("?", "?"))
    print("| %s | %s | %s | %s | %s |" % (k, r[0], r[1], s[0], s[1]))
PY
echo
echo "== Nsight Compute: consecutive kernels (us, DRAM GB read / written)"
python3 - "$logs" <<'PY'
import csv, glob, os, sys
logs = sys.argv[1]
for path in sorted(glob.glob(os.path.join(logs, "ncu-*.csv"))):
    case = open(path[:-4] + ".case").read().strip()
    f = case.split()
    sites = int(f[1]) * int(f[2]) * int(f[3])
    kern = {}
    lines = [l for l in open(path) if l.startswith('"')]
    for r in csv.DictReader(lines):
        key = (r["ID"], r["Kernel Name"].split("<")[0].split("(")[0])
        kern.setdefault(key, {})[r["Metric Name"]] = (r["Metric Unit"], r["Metric Value"].replace(",", ""))
    print("\n%s (%d sites)" % (case, sites))
    print("| id | kernel | us | read GB | write GB | B/site | warps active % |\n|---|---|---|---|---|---|---|")
    def val(m, name, scale):
        u, v = m.get(name, ("", "0"))
        x = float(v) if v else 0.0
        factor = {"ns": 1e-3, "us": 1, "usecond": 1, "nsecond": 1e-3, "msecond": 1e3, "ms": 1e3,
                  "byte": 1e-9, "Kbyte": 1e-6, "Mbyte": 1e-3, "Gbyte": 1, "KB": 1e-6, "MB": 1e-3, "GB": 1}.get(u, 1)
        return x * factor
    for (i, name), m in sorted(kern.items(), key=lambda kv: int(kv[0][0])):
        t = val(m, "gpu__time_duration.sum", 1)
        rd, wr = val(m, "dram__bytes_read.sum", 1), val(m, "dram__bytes_write.sum", 1)
        act = m.get("sm__warps_active.avg.pct_of_peak_sustained_active", ("", "0"))[1]
        known = ("gpu__time_duration.sum", "dram__bytes_read.sum", "dram__bytes_write.sum",
                 "sm__warps_active.avg.pct_of_peak_sustained_active")
        more = " ".join("%s=%s" % (k, v[1]) for k, v in sorted(m.items()) if k not in known)
        print("| %s | %s | %.1f | %.3f | %.3f | %.1f | %s | %s" % (i, name, t, rd, wr, (rd + wr) * 1e9 / sites, act, more))
PY
for e in "$logs"/ncu-*.err; do grep -m3 -E "ERR|rror" "$e"; done
