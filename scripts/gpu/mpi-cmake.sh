# Sourced by the GPU scaling scripts: the CMake arguments of a CUDA + MPI build on the GPU machine,
# in the array gpu_mpi_args. Where no mpicxx wrapper is found for CMake's FindMPI to ask, Open MPI's
# headers and library are named directly.
gpu_mpi_args=(-G Ninja -DCMAKE_BUILD_TYPE=Release -DPLUME_APP=OFF -DPLUME_CUDA=ON -DPLUME_MPI=ON -DPLUME_CATALYST=OFF
              -DPLUME_GUI=OFF)
if ! command -v mpicxx >/dev/null && [ -d /usr/lib/x86_64-linux-gnu/openmpi/include ]; then
  inc=/usr/lib/x86_64-linux-gnu/openmpi/include
  gpu_mpi_args+=(-DMPI_CXX_HEADER_DIR=$inc -DMPI_C_HEADER_DIR=$inc -DMPI_CXX_LIB_NAMES=mpi -DMPI_C_LIB_NAMES=mpi
                 -DMPI_mpi_LIBRARY=/usr/lib/x86_64-linux-gnu/libmpi.so)
fi
