#!/usr/bin/env bash
# Installs the Debian 12 packages plume builds and tests with. Idempotent: does nothing (and does
# not touch apt) when every package is already installed. Needs root for the installation.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git ccache
  libtomlplusplus-dev libcli11-dev libfmt-dev libstb-dev
  googletest libgtest-dev libbenchmark-dev
  libopenmpi-dev openmpi-bin
  paraview-dev python3-paraview
  libglfw3-dev libimgui-dev xvfb xauth
  libegl-dev libegl-mesa0 libglx-mesa0 libgl1-mesa-dri
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: these packages are missing and installing them needs root: ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "install-deps: done"
