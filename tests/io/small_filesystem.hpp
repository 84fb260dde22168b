// A tiny tmpfs mounted on a temporary folder, for running out of disk space on purpose. Mounting
// needs root (CAP_SYS_ADMIN); without it `reason` says why, and the tests skip with it.
#pragma once
#include <sys/mount.h>
#include <sys/statvfs.h>
#include <unistd.h>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <vector>
#include "test_support.hpp"

namespace plume::test {

class SmallFileSystem {
 public:
  explicit SmallFileSystem(std::size_t bytes) {
    if (::geteuid() != 0) {
      reason_ = "needs root to mount a " + std::to_string(bytes / 1024) + " KiB tmpfs (a file system to fill up)";
      return;
    }
    const std::string options = "size=" + std::to_string(bytes);
    if (::mount("tmpfs", dir_.path.c_str(), "tmpfs", 0, options.c_str()) != 0)
      reason_ = std::string("cannot mount a tmpfs here: ") + std::strerror(errno);
    else
      mounted_ = true;
  }
  ~SmallFileSystem() {
    if (mounted_) ::umount2(dir_.path.c_str(), MNT_DETACH);
  }
  SmallFileSystem(const SmallFileSystem&) = delete;
  SmallFileSystem& operator=(const SmallFileSystem&) = delete;

  bool mounted() const { return mounted_; }
  const std::string& reason() const { return reason_; }
  std::string operator/(const std::string& name) const { return dir_ / name; }
  const std::string& path() const { return dir_.path; }

  std::size_t free_bytes() const {
    struct statvfs s {};
    ::statvfs(dir_.path.c_str(), &s);
    return std::size_t(s.f_bavail) * s.f_frsize;
  }
  // Writes a filler file until at most `leave` bytes are free.
  void fill(std::size_t leave = 0) {
    const int fd = ::open((dir_ / "filler").c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    const std::vector<char> page(4096, 'x');
    while (free_bytes() > leave) {
      const std::size_t n = std::min(page.size(), free_bytes() - leave);
      if (::write(fd, page.data(), n) <= 0) break;
    }
    ::close(fd);
  }

 private:
  TempDir dir_;
  bool mounted_ = false;
  std::string reason_;
};

}  // namespace plume::test
