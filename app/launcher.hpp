// The process that started this one, when it is an MPI launcher (mpirun, Open MPI's orted or
// prted, srun's step daemon): a rank must not outlive it (docs/running.md, "When things go wrong").
#pragma once

namespace plume::app {

// Whether this process is a rank started by an MPI launcher (its environment says so).
bool under_mpi_launcher();

// Under an MPI launcher, on Linux: asks for SIGTERM when the launcher (this process's parent)
// dies, which stops the run as any SIGTERM does, so that a rank whose mpirun was killed (SIGKILL,
// which it cannot pass on) ends instead of holding its node and GPU. A launcher that died before
// the request is caught too. Elsewhere nothing: a run started from a shell may outlive it (nohup).
// First thing in main(), before MPI starts.
void end_with_the_launcher();

}  // namespace plume::app
