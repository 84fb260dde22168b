// Files that appear complete or not at all: data go to a temporary file next to the target,
// which is flushed to disk (fsync) and renamed over the target; the folder is synced too, so the
// rename survives a crash. A reader (or a restart after a crash) never sees half a file.
#pragma once
#include <cstddef>
#include <string>

namespace plume::io {

class AtomicFile {
 public:
  explicit AtomicFile(std::string path);  // throws std::runtime_error naming the path
  ~AtomicFile();                          // removes the temporary file unless committed
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  void write(const void* data, std::size_t n);
  void write(const std::string& s) { write(s.data(), s.size()); }
  void commit();  // fsync, close, rename over the target, fsync the folder

 private:
  std::string path_, tmp_;
  int fd_ = -1;
};

void write_file_atomic(const std::string& path, const std::string& content);

}  // namespace plume::io
