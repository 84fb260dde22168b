#!/usr/bin/env bash
# On a GPU machine, with .gui-bundle (scripts/gpu.sh gui-bundle) and .gl (Debian's glvnd loaders
# and OpenGL/EGL headers, docs/gui.md) beside it: plume-gui's GPU path, tested and measured.
#  1. the headless interop check (device texels into a texture, against the host path);
#  2. plume-gui itself, offscreen through the NVIDIA driver's EGL: interop chosen, and the field
#     drawn pixel for pixel as the host upload draws it (tests/gui/test_gpu_path.cpp);
#  3. frames/s and site updates/s while rendering, interop and host upload, against the solver
#     alone (plume-gui-batch-rate) on the same GPU, for each lattice in $PLUME_GUI_SIZES;
#  4. the same for 3-D runs: thermal3d (Rayleigh-Benard) on n^3 sites for each n in
#     $PLUME_GUI_SIZES_3D (default 256; set empty: none), shown as three slices and as a volume rendering;
#     $PLUME_GUI_3D_SETS adds --set options (e.g. "run.precision=fp32").
# Logs go to $OUT when set, else to .gui-bundle/logs; a short table is printed last. Exit status 1
# when a check fails.
set -uo pipefail
cd "$(dirname "$0")/../.."
bundle=$PWD/.gui-bundle
logs=${OUT:-$bundle/logs}
mkdir -p "$logs"
sizes=${PLUME_GUI_SIZES:-"1024x1024 4096x4096 8192x8192"}
frames=${PLUME_GUI_FRAMES:-600}  # at the default cap of 60 frames/s: 10 s a run
rows=()
failed=0
row() { rows+=("$(printf '| %-34s | %s |' "$1" "$2")"); }
[ -x "$bundle/bin/plume-gui" ] || { echo "no $bundle/bin/plume-gui: run scripts/gpu.sh gui-bundle where the front end builds"; exit 1; }
# glvnd's loaders (libEGL, libGL, libOpenGL) dispatch to the driver's libEGL_nvidia/libGLX_nvidia.
if [ -d .gl ] && ! ldconfig -p | grep -q 'libOpenGL.so.0'; then
  for f in .gl/*.deb; do dpkg -x "$f" /; done
  ldconfig
fi
# Where the driver's EGL vendor file is not in glvnd's default folder (some container images).
nv_egl=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
if [ -z "${__EGL_VENDOR_LIBRARY_FILENAMES:-}" ] && ! ls /usr/share/glvnd/egl_vendor.d/*nvidia* >/dev/null 2>&1 &&
   [ -f "$nv_egl" ]; then
  export __EGL_VENDOR_LIBRARY_FILENAMES=$nv_egl
fi
export LD_LIBRARY_PATH=$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
device=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader -i 0 2>/dev/null || echo "no nvidia-smi")
echo "device: $device   bundle: $(tr '\n' ' ' < "$bundle/revision" 2>/dev/null)   $(date -u +%FT%TZ)"

echo "==== interop check"
"$bundle/bin/plume_gui_interop_check" 2>&1 | tee "$logs/interop_check.txt"
rc=${PIPESTATUS[0]}
case $rc in
  0) row "interop check (texels vs host)" passed ;;
  77) row "interop check (texels vs host)" "SKIPPED (no CUDA device or EGL)" ;;
  *) row "interop check (texels vs host)" "FAILED ($rc)"; failed=1 ;;
esac

echo "==== plume-gui GPU path tests"
PLUME_GUI_EXE=$bundle/bin/plume-gui PLUME_ASSETS=$PWD/assets "$bundle/bin/plume_gui_gpu_tests" 2>&1 | tee "$logs/gui_gpu_tests.txt"
rc=${PIPESTATUS[0]}
if grep -q '\[  SKIPPED \]' "$logs/gui_gpu_tests.txt"; then row "plume-gui interop = host pixels" "SKIPPED"
elif [ "$rc" = 0 ]; then row "plume-gui interop = host pixels" passed
else row "plume-gui interop = host pixels" "FAILED ($rc)"; failed=1; fi

echo "==== throughput while rendering"
command -v nvidia-smi >/dev/null || { sizes=""; echo "no NVIDIA GPU here: nothing to measure"; }
field() { sed -n "s/.*[ ]$1=\"\{0,1\}\([^ \"]*\).*/\1/p" | tail -1; }
for size in $sizes; do
  nx=${size%x*}; ny=${size#*x}
  case=(--set "lattice.nx=$nx" --set "lattice.ny=$ny" --set run.backend=cuda)
  steps=$(( 4000000000 / (nx * ny) + 50 ))
  b=$("$bundle/bin/plume-gui-batch-rate" "${case[@]}" --steps "$steps" 2>&1 | tee -a "$logs/batch.txt" | tail -1)
  echo "$b"
  batch=$(echo "$b" | field site_updates_per_s)
  row "${size} batch (solver alone)" "$(printf '%.3g' "$batch") site/s"
  # The window's frame-rate cap (60) leaves the simulation thread the rest; without it, frames
  # that bring no new snapshot cost next to nothing and the count says little.
  # Long enough for several snapshots after the first ones, which also fault in their memory.
  n=$(( nx * ny >= 8192 * 8192 ? 3 * frames : frames ))
  # Upload and snapshot share of each run (PLUME_GUI_RUNS, comma-separated "upload share" pairs).
  # Further words: "noupload" runs with PLUME_GUI_NO_UPLOAD=1 (new fields not brought into the
  # textures: a measurement of what that costs), "latticetexture" with PLUME_GUI_LATTICE_TEXTURE=1
  # (the texture of the whole lattice whatever the view), "chunkfirst" with PLUME_GUI_CHUNK_FIRST=1
  # (a chunk of steps before every snapshot); words starting with -- go to plume-gui (e.g.
  # --max-texture=1024).
  IFS=, read -r -a runs <<< "${PLUME_GUI_RUNS:-auto 0.2,host 0.2,auto 1}"
  for run in "${runs[@]}"; do
    read -r upload share extra <<< "$run"
    env=() args=()
    for word in ${extra:-}; do
      case $word in
        noupload) env+=(PLUME_GUI_NO_UPLOAD=1) ;;
        latticetexture) env+=(PLUME_GUI_LATTICE_TEXTURE=1) ;;
        chunkfirst) env+=(PLUME_GUI_CHUNK_FIRST=1) ;;
        --*) args+=("$word") ;;
        *) echo "PLUME_GUI_RUNS: unknown word '$word' in '$run'"; exit 2 ;;
      esac
    done
    out=$(env "${env[@]}" "$bundle/bin/plume-gui" --offscreen "${case[@]}" --upload "$upload" --snapshot-share "$share" \
          "${args[@]}" --frames "$n" 2>&1 | tee -a "$logs/gui-runs.txt" | tail -1)
    echo "$upload, snapshot share $share ${extra:-}: $out"
    f=$(echo "$out" | field fps); s=$(echo "$out" | field site_updates_per_s)
    ms=$(echo "$out" | field snapshot_ms); sps=$(echo "$out" | field snapshots_per_s); stall=$(echo "$out" | field stall_ms)
    ls=$(echo "$out" | field late_site_updates_per_s); lsps=$(echo "$out" | field late_snapshots_per_s)
    name="$([ "$upload" = auto ] && echo interop || echo "host upload"), share $share${extra:+ $extra}"
    row "${size} ${name}" "$(printf '%.1f frames/s, %.2f of batch (second half %.2f), %.3g snapshots/s (second half %.3g) of %.0f ms (solver stalled %.0f ms), %s' \
        "$f" "$(awk -v a="$s" -v b="$batch" 'BEGIN { print (b > 0 ? a / b : 0) }')" \
        "$(awk -v a="${ls:-0}" -v b="$batch" 'BEGIN { print (b > 0 ? a / b : 0) }')" "$sps" "${lsps:-0}" "$ms" "$stall" \
        "phases $(echo "$out" | field phases_ms) ms, upload $(echo "$out" | field upload_ms) ms, GL per frame (plain,new field) $(echo "$out" | field gl_frame_ms) ms")"
  done
done

echo "==== 3-D: throughput while showing three slices and the volume"
sizes3d=${PLUME_GUI_SIZES_3D-256}
command -v nvidia-smi >/dev/null || sizes3d=""
for n in $sizes3d; do
  case3d=(--config "$PWD/assets/thermal3d_rayleigh_benard.toml" --set "lattice.nx=$n" --set "lattice.ny=$n"
          --set "lattice.nz=$n" --set "reference.height=$n" --set run.backend=cuda)
  for kv in ${PLUME_GUI_3D_SETS:-}; do case3d+=(--set "$kv"); done
  steps=$(( 4000000000 / (n * n * n) + 50 ))
  b=$("$bundle/bin/plume-gui-batch-rate" "${case3d[@]}" --steps "$steps" 2>&1 | tee -a "$logs/batch3d.txt" | tail -1)
  echo "$b"
  batch=$(echo "$b" | field site_updates_per_s)
  row "${n}^3 thermal3d batch (solver alone)" "$(printf '%.3g' "$batch") site/s"
  for layout in three volume; do
    # The script sets the layout and starts the run; the frames are counted after it.
    script=$logs/layout-$layout.txt
    printf 'layout %s\ncamera 30 20\nrun\n' "$layout" > "$script"
    for upload in auto host; do
      out=$("$bundle/bin/plume-gui" --offscreen "${case3d[@]}" --upload "$upload" --script "$script" \
            --frames "$frames" 2>&1 | tee -a "$logs/gui-runs-3d.txt" | tail -1)
      echo "$layout, $upload: $out"
      f=$(echo "$out" | field fps); s=$(echo "$out" | field site_updates_per_s)
      ms=$(echo "$out" | field snapshot_ms); sps=$(echo "$out" | field snapshots_per_s)
      name="$([ "$layout" = three ] && echo "three slices" || echo volume), $([ "$upload" = auto ] && echo interop || echo "host upload")"
      row "${n}^3 ${name}" "$(printf '%.1f frames/s, %.3g site/s (%.2f of batch), %.3g snapshots/s of %.0f ms' \
          "$f" "$s" "$(awk -v a="$s" -v b="$batch" 'BEGIN { print (b > 0 ? a / b : 0) }')" "$sps" "$ms")"
    done
  done
done

echo
echo "| plume-gui GPU path, $device |  |"
echo "| --- | --- |"
printf '%s\n' "${rows[@]}"
exit $failed
