#include "plume/io/atomic_file.hpp"
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>

namespace plume::io {
namespace {

std::runtime_error sys_error(const std::string& what, const std::string& path) {
  return std::runtime_error(what + " '" + path + "': " + std::strerror(errno));
}

std::string parent_dir(const std::string& path) {
  const auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

}  // namespace

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {
  tmp_ = path_ + ".tmp." + std::to_string(::getpid());
  fd_ = ::open(tmp_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0) throw sys_error("cannot create", tmp_);
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) {
    ::close(fd_);
    ::unlink(tmp_.c_str());
  }
}

void AtomicFile::write(const void* data, std::size_t n) {
  const char* p = static_cast<const char*>(data);
  while (n > 0) {
    const ssize_t w = ::write(fd_, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      throw sys_error("cannot write", tmp_);
    }
    p += w;
    n -= std::size_t(w);
  }
}

void AtomicFile::commit() {
  if (::fsync(fd_) != 0) throw sys_error("cannot flush", tmp_);
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) {
    ::unlink(tmp_.c_str());
    throw sys_error("cannot close", tmp_);
  }
  if (std::rename(tmp_.c_str(), path_.c_str()) != 0) {
    const auto err = sys_error("cannot rename '" + tmp_ + "' to", path_);
    ::unlink(tmp_.c_str());
    throw err;
  }
  const int dfd = ::open(parent_dir(path_).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);  // best effort: some file systems refuse fsync on folders
    ::close(dfd);
  }
}

void write_file_atomic(const std::string& path, const std::string& content) {
  AtomicFile f(path);
  f.write(content);
  f.commit();
}

}  // namespace plume::io
