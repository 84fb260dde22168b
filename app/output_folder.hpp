// Whose files an output folder holds, and whether a run may write into it: a run never silently
// replaces the files of another run. A folder that holds files plume writes (config.toml,
// diagnostics.csv, summaries, images, checkpoints, insitu/, vtk/) is taken only when the user asks to
// overwrite it (--overwrite: those files are removed first) or continues that run (restarts from a
// checkpoint in that folder). Other files in the folder are never touched.
#pragma once
#include <string>
#include <vector>
#include "plume/config/run_config.hpp"

namespace plume::app {

// Names of the files (and the insitu/ and vtk/ folders) in `dir` that a plume run writes; none when `dir`
// does not exist.
std::vector<std::string> run_files(const std::string& dir);

// The restart checkpoint lies in the output folder: the run continues the one that wrote it.
bool continues_run_in(const config::RunConfig& cfg, const std::string& dir);

// Why the run must not write into its output folder (naming the folder and the ways on), or ""
// when it may.
std::string folder_refusal(const config::RunConfig& cfg, const std::string& dir);

// Removes run_files(dir): with --overwrite, before the new run writes. Returns how many.
std::size_t remove_run_files(const std::string& dir);

// Keeps a second plume run from writing into the folder while this one does (a restart started
// too early, a batch job requeued while the first still runs): an exclusive lock (flock) on
// `<dir>/.plume.lock`, which names its holder, released when the process ends however it ends.
class FolderLock {
 public:
  FolderLock() = default;
  ~FolderLock();
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;
  // Takes the lock of an existing folder. Returns why the run must not write there (another
  // process holds it: its pid, host and start), or "". A file system without locks (some parallel
  // ones) gives no protection: `note` then says so, and "" is returned.
  std::string acquire(const std::string& dir, std::string& note);
  bool held() const { return fd_ >= 0; }
  // Writes who holds it (pid, host, start) into the file, for the message of a run refused
  // meanwhile: once the run starts writing, so that a run refused before leaves the file as it was.
  void stamp();

 private:
  int fd_ = -1;
};

}  // namespace plume::app
