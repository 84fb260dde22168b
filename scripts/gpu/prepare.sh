# Sourced by the GPU machine's scripts once they have set $work (their build folder): logs go to
# $OUT (else $work/logs), CUDA's tools on PATH, the GPU's name, driver and clocks into gpu.csv, and
# GoogleTest unpacked from the carried .gtest-debs into $work/gtest.
logs=${OUT:-$work/logs}
mkdir -p "$work" "$logs"
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit --format=csv | tee "$logs/gpu.csv"
rm -rf "$work/gtest"
for f in .gtest-debs/libgtest-dev_*.deb .gtest-debs/libgmock-dev_*.deb; do dpkg-deb -x "$f" "$work/gtest"; done
