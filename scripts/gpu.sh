#!/usr/bin/env bash
# plume's one entry point for work on a machine with NVIDIA GPUs: builds, GPU tests and
# measurements, one mode a call. The modes' scripts are in scripts/gpu/; each writes its logs to
# $OUT (else its build folder's logs/) and prints a short table last.
#
#   scripts/gpu.sh check [gpu_bench args]   build the CUDA backend, run the GPU tests, the GPU
#                                           benchmarks and compute-sanitizer (one GPU)
#   scripts/gpu.sh rates                    every model's step rate against the copy bandwidth, the
#                                           3-D kernel shapes, the GPU tests (one GPU)
#   scripts/gpu.sh ab                       model_rate of the tree in .ab/before.tar (A) against this
#                                           one (B), alternated (PLUME_AB_CASES, PLUME_AB_ROUNDS)
#   scripts/gpu.sh ab-digests               A against B: the same bits, D2Q37 and D2Q9 rates
#   scripts/gpu.sh ab-scaling               A against B on 2 GPUs: weak and strong scaling
#   scripts/gpu.sh scaling                  decomposed GPU tests, point-to-point transports, weak and
#                                           strong scaling on every GPU of the node
#   scripts/gpu.sh scaling-model MODEL...   scaling of the named models beside the performance model
#   scripts/gpu.sh profile                  where a step's time goes (Nsight Compute)
#   scripts/gpu.sh gui                      plume-gui's GPU path tested and measured (needs the
#                                           bundle of `gui-bundle` and .gl carried)
#   scripts/gpu.sh gui-bundle               (on the development machine) build that bundle
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
modes="check rates ab ab-digests ab-scaling scaling scaling-model profile gui gui-bundle"
usage() { sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; }
if [ $# -eq 0 ] || [ "$1" = "-h" ] || [ "$1" = "--help" ]; then
  usage
  [ $# -eq 0 ] && exit 2
  exit 0
fi
mode=$1
shift
case " $modes " in
  *" $mode "*) ;;
  *) echo "scripts/gpu.sh: unknown mode '$mode': the modes are ${modes// /, }" >&2; exit 2 ;;
esac
script=$mode
[ "$mode" = ab ] && script=ab-rates
exec bash "$here/gpu/$script.sh" "$@"
