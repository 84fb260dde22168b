#include "plume/io/atomic_file.hpp"
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <filesystem>
#include <fcntl.h>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace plume::io {
namespace {

constexpr const char* kTmpMark = ".tmp.";

// "cannot write 'out/T_000000040.png': No space left on device"; errno is read first.
std::runtime_error sys_error(const std::string& what, const std::string& path) {
  const int err = errno;
  return std::runtime_error(what + " '" + path + "': " + std::strerror(err));
}

std::string parent_dir(const std::string& path) {
  const auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

void sync_dir(const std::string& dir) {
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);  // best effort: some file systems refuse fsync on folders
    ::close(dfd);
  }
}

// Writes all n bytes; false with errno set when it cannot.
bool write_all(int fd, const char* p, std::size_t n) {
  while (n > 0) {
    const ssize_t w = ::write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    if (w == 0) {  // no progress and no error: treat as a full device
      errno = ENOSPC;
      return false;
    }
    p += w;
    n -= std::size_t(w);
  }
  return true;
}

// The pid of a temporary file's writer, or 0 when the name is not one of ours.
long temporary_writer(const std::string& name) {
  const auto at = name.rfind(kTmpMark);
  if (at == std::string::npos || at == 0) return 0;
  const std::string digits = name.substr(at + std::strlen(kTmpMark));
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 9) return 0;
  return std::atol(digits.c_str());
}

// The last step of a commit, the temporary file closed: rename it over the target and sync the
// folder, or remove it and throw.
void rename_into_place(const std::string& tmp, const std::string& path) {
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const auto err = sys_error("cannot rename '" + tmp + "' to", path);
    ::unlink(tmp.c_str());
    throw err;
  }
  sync_dir(parent_dir(path));
}

}  // namespace

std::string temporary_path(const std::string& path) { return path + kTmpMark + std::to_string(::getpid()); }

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {
  tmp_ = temporary_path(path_);
  fd_ = ::open(tmp_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0) throw sys_error("cannot create", path_);
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) {
    ::close(fd_);
    ::unlink(tmp_.c_str());
  }
}

void AtomicFile::fail(const char* what) {
  const auto err = sys_error(what, path_);
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  ::unlink(tmp_.c_str());
  throw err;
}

void AtomicFile::write(const void* data, std::size_t n) {
  if (fd_ < 0) throw std::logic_error("AtomicFile::write after commit or failure: '" + path_ + "'");
  if (!write_all(fd_, static_cast<const char*>(data), n)) fail("cannot write");
}

void AtomicFile::commit() {
  if (fd_ < 0) throw std::logic_error("AtomicFile::commit after commit or failure: '" + path_ + "'");
  // Some file systems (NFS, quotas) report a full device only here.
  if (::fsync(fd_) != 0) fail("cannot write");
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) {
    const auto err = sys_error("cannot write", path_);
    ::unlink(tmp_.c_str());
    throw err;
  }
  rename_into_place(tmp_, path_);
}

void commit_temporary(const std::string& path) { commit_file(temporary_path(path), path); }

void commit_file(const std::string& tmp, const std::string& path) {
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) throw sys_error("cannot open the written file", tmp);
  // Some file systems (NFS, quotas) report a full device only here.
  const bool synced = ::fsync(fd) == 0;
  const int sync_errno = errno;
  if (::close(fd) != 0 || !synced) {
    if (!synced) errno = sync_errno;
    const auto err = sys_error("cannot write", path);
    ::unlink(tmp.c_str());
    throw err;
  }
  rename_into_place(tmp, path);
}

void discard_temporary(const std::string& path) { ::unlink(temporary_path(path).c_str()); }

void write_file_atomic(const std::string& path, const std::string& content) {
  AtomicFile f(path);
  f.write(content);
  f.commit();
}

AppendFile::AppendFile(std::string path) : path_(std::move(path)) {
  fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) throw sys_error("cannot open", path_);
  const off_t end = ::lseek(fd_, 0, SEEK_END);
  if (end < 0) {
    const auto err = sys_error("cannot open", path_);
    ::close(fd_);
    throw err;
  }
  size_ = end;
}

AppendFile::~AppendFile() {
  if (fd_ >= 0) ::close(fd_);
}

void AppendFile::append(const std::string& record) {
  // Not O_APPEND: the file offset is the end of the last whole record, where a failed record is
  // cut off and the next one starts.
  if (write_all(fd_, record.data(), record.size()) && ::fdatasync(fd_) == 0) {
    size_ += static_cast<long long>(record.size());
    return;
  }
  const auto err = sys_error("cannot write", path_);
  // Cutting the file back needs no space, so this succeeds where the write did not.
  if (::ftruncate(fd_, size_) == 0) ::lseek(fd_, size_, SEEK_SET);
  throw err;
}

std::vector<std::string> remove_stale_temporaries(const std::string& dir) {
  std::vector<std::string> removed;
  DIR* d = ::opendir(dir.c_str());
  if (!d) return removed;
  while (const dirent* e = ::readdir(d)) {
    const std::string name = e->d_name;
    const long pid = temporary_writer(name);
    if (pid <= 0 || pid == ::getpid()) continue;
    // A process that still runs (ESRCH: none) may be writing it now.
    if (::kill(pid_t(pid), 0) == 0 || errno != ESRCH) continue;
    const std::string path = dir + "/" + name;
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0) continue;
    std::error_code ec;
    if ((S_ISREG(st.st_mode) && ::unlink(path.c_str()) == 0) ||
        (S_ISDIR(st.st_mode) && std::filesystem::remove_all(path, ec) > 0 && !ec))
      removed.push_back(name);
  }
  ::closedir(d);
  return removed;
}

}  // namespace plume::io
