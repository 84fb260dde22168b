#!/usr/bin/env bash
# Builds plume-gui's GPU path here (CUDA, EGL, Dear ImGui, GLFW) and gathers what
# scripts/gpu.sh gui runs on a GPU machine that has the NVIDIA driver but none of the
# front end's libraries (the device tool's machines: no GLFW, ImGui, fmt, toml++ or X11 there).
# The programs (and the solver's GPU tests, to run them beside) and the shared libraries they need that such a machine lacks go to .gui-bundle/
# (ignored by git; carry it, with .gl for the OpenGL/EGL loaders). Usage: scripts/gpu.sh gui-bundle
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${PLUME_GUI_GPU_BUILD:-build-gui-gpu}
bundle=.gui-bundle
mkdir -p "$build"
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPLUME_CUDA=ON -DPLUME_GUI=ON -DPLUME_MPI=OFF \
  -DPLUME_CATALYST=OFF -DPLUME_BENCH=OFF -DCMAKE_CUDA_ARCHITECTURES=90-real > "$build/configure.log"
cmake --build "$build" -j "$(nproc)" --target plume-gui plume-gui-batch-rate plume_gui_gpu_tests plume_gui_interop_check \
  plume_gpu_tests
rm -rf "$bundle"
mkdir -p "$bundle/bin" "$bundle/lib"
cp "$build/gui/plume-gui" "$build/gui/plume-gui-batch-rate" "$build/tests/gui/plume_gui_gpu_tests" \
   "$build/tests/gui/interop/plume_gui_interop_check" "$build/tests/gpu/plume_gpu_tests" "$bundle/bin/"
strip "$bundle"/bin/*
# The libraries of Debian's front-end packages; the C/C++ runtime, OpenMP, NCCL and the driver's
# OpenGL are the GPU machine's own (glvnd's loaders travel in .gl).
for exe in "$bundle"/bin/*; do ldd "$exe"; done | awk '/=> \// {print $1, $3}' | sort -u |
  while read -r name path; do
    case "$name" in
      libfmt.so.*|libtomlplusplus.so.*|libstb.so.*|libglfw.so.*|libX11.so.*|libxcb.so.*|libXau.so.*|libXdmcp.so.*)
        cp -L "$path" "$bundle/lib/$name" ;;
    esac
  done
git rev-parse --short HEAD > "$bundle/revision" 2>/dev/null || true
git diff --quiet 2>/dev/null || echo "+ uncommitted changes" >> "$bundle/revision"
du -sh "$bundle"; ls "$bundle"/bin "$bundle"/lib
