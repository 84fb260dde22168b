// Catalyst for the whole process. ParaView's process module can start once per process (and Python
// cannot be restarted safely), so a second session after the first one ended is an Error.
// If the program initialised MPI, Catalyst works on MPI_COMM_WORLD and leaves MPI alone;
// otherwise Catalyst starts MPI by itself (single rank) and ends it when the session ends.
#pragma once
#include <string>
#include <vector>
#include <mpi.h>

class vtkCPProcessor;
class vtkMultiProcessController;

namespace plume::catalyst {

class CatalystSession {
 public:
  explicit CatalystSession(const std::string& working_dir);
  ~CatalystSession();
  CatalystSession(const CatalystSession&) = delete;
  CatalystSession& operator=(const CatalystSession&) = delete;

  vtkCPProcessor* processor() const { return processor_; }
  MPI_Comm comm() const { return comm_; }  // the processes Catalyst works with
  int rank() const { return rank_; }
  int ranks() const { return ranks_; }
  // Collective: each flag becomes its maximum (or minimum) over all ranks.
  void max_over_ranks(std::vector<int>& flags) const { reduce(flags, true); }
  void min_over_ranks(std::vector<int>& flags) const { reduce(flags, false); }
  void finalize();  // idempotent

 private:
  void reduce(std::vector<int>& flags, bool max) const;
  vtkCPProcessor* processor_ = nullptr;
  vtkMultiProcessController* controller_ = nullptr;
  MPI_Comm comm_ = MPI_COMM_NULL;
  int rank_ = 0, ranks_ = 1;
};

}  // namespace plume::catalyst
