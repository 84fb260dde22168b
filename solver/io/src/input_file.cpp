#include "plume/io/input_file.hpp"
#include <fcntl.h>
#include <unistd.h>
#include <cerrno>
#include <cstring>
#include <fmt/format.h>
#include "plume/io/memory.hpp"

namespace plume::io {

std::string file_kind(const struct stat& st) {
  if (S_ISREG(st.st_mode)) return "";
  if (S_ISDIR(st.st_mode)) return "a folder";
  if (S_ISFIFO(st.st_mode)) return "a FIFO (named pipe)";
  if (S_ISCHR(st.st_mode)) return "a character device";
  if (S_ISBLK(st.st_mode)) return "a block device";
  if (S_ISSOCK(st.st_mode)) return "a socket";
  return "not a regular file";
}

int open_for_reading(const std::string& path, struct stat& st) {
  // O_NONBLOCK: opening a FIFO would otherwise wait for a writer; on a regular file it changes
  // nothing.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return -1;
  if (::fstat(fd, &st) != 0) {
    const int err = errno;
    ::close(fd);
    errno = err;
    return -1;
  }
  return fd;
}

std::string read_input_file(const std::string& path, const std::string& what, std::uint64_t max_bytes) {
  const auto fail = [&](const std::string& why) {
    return InputFileError(fmt::format("cannot read {} '{}': {}", what, path, why));
  };
  struct stat st {};
  const int fd = open_for_reading(path, st);
  if (fd < 0) throw fail(std::strerror(errno));
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  if (const std::string kind = file_kind(st); !kind.empty())
    throw fail(S_ISDIR(st.st_mode) ? "it is a folder" : "it is " + kind + ", not a regular file");
  const auto too_large = [&](const std::string& is) {
    return fail(fmt::format("it {} the {} limit for {}s", is, format_bytes(double(max_bytes)), what));
  };
  if (std::uint64_t(st.st_size) > max_bytes) throw too_large("is " + format_bytes(double(st.st_size)) + ", over");
  // Read up to one byte past the limit: a file that grows meanwhile (or a /proc file, whose size
  // reads 0) is held to it too.
  std::string bytes;
  bytes.reserve(std::size_t(st.st_size));
  char buf[1 << 16];
  while (true) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      throw fail(std::strerror(errno));
    }
    bytes.append(buf, std::size_t(n));
    if (bytes.size() > max_bytes) throw too_large("holds more than");
  }
  return bytes;
}

}  // namespace plume::io
