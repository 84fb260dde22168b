// The one checked way plume writes a file (library plume_atomic_file, which depends on nothing, so
// that plume_io, plume_viz, the Catalyst adaptor and the programs all use it).
//
// Whole files appear complete or not at all: data go to a temporary file next to the target
// (`<target>.tmp.<pid>`), which is flushed to disk (fsync) and renamed over the target; the folder
// is synced too, so the rename survives a crash. A reader (or a restart after a crash) never sees
// half a file, and a write that fails (disk full, quota) leaves the old target as it was.
//
// Files that grow by records (diagnostics.csv) use AppendFile: each record is written whole and
// flushed to disk before the next; a record that cannot be written whole is cut off again, so the
// file always ends with a whole record.
//
// Every failure throws std::runtime_error naming the target file and the system's reason.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace plume::io {

class AtomicFile {
 public:
  explicit AtomicFile(std::string path);
  ~AtomicFile();  // removes the temporary file unless committed
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  void write(const void* data, std::size_t n);
  void write(const std::string& s) { write(s.data(), s.size()); }
  void commit();  // fsync, close, rename over the target, fsync the folder

 private:
  void fail(const char* what);  // removes the temporary file, throws
  std::string path_, tmp_;
  int fd_ = -1;
};

void write_file_atomic(const std::string& path, const std::string& content);

// For writers that only take a file name (VTK's): they write to temporary_path(path), then
// commit_temporary(path) makes that file the target as AtomicFile::commit does (fsync, rename,
// fsync the folder), or removes it and throws. discard_temporary(path) removes it after the
// writer failed. The temporary name is AtomicFile's, so remove_stale_temporaries finds it too.
std::string temporary_path(const std::string& path);
void commit_temporary(const std::string& path);
void discard_temporary(const std::string& path);
// The same for a file another writer completed elsewhere on the same file system (a staging
// folder, whose name the writer chose): `from` becomes `to` (fsync, rename, fsync the folder), or
// is removed and the error thrown.
void commit_file(const std::string& from, const std::string& to);

class AppendFile {
 public:
  explicit AppendFile(std::string path);  // opens for appending; creates a missing file
  ~AppendFile();
  AppendFile(const AppendFile&) = delete;
  AppendFile& operator=(const AppendFile&) = delete;

  // Writes the record (with its own line end), then fdatasync. On failure the file is truncated
  // back to where the record began, and the error thrown.
  void append(const std::string& record);
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  int fd_ = -1;
  long long size_ = 0;  // bytes of whole records
};

// Removes the temporary files that writes in `dir` left behind when their process died (a crash,
// SIGKILL, a node failure): `<name>.tmp.<pid>` whose process no longer runs on this host, and
// staging folders of that name with all they hold. Returns their names. A missing folder has none.
std::vector<std::string> remove_stale_temporaries(const std::string& dir);

}  // namespace plume::io
